import Observation

extension _DefaultsSlot {
  /// Reads the value as an Observation-tracked property of `owner`, and from then on turns every
  /// change of the stored value (made through any object over the same store, or from outside)
  /// into one mutation of that property. Generated setters call `setValue(_:in:)`: the change,
  /// once stored, reaches `owner`'s observers through that same path, so it is announced once,
  /// and an equal value not at all.
  public func observedValue<Owner: Observable & AnyObject>(
    of owner: Owner, keyPath: KeyPath<Owner, Setting.Value>, registrar: ObservationRegistrar,
    store: @autoclosure () -> any DefaultsStore
  ) -> Setting.Value {
    registrar.access(owner, keyPath: keyPath)
    let setting = setting(in: store())
    if subscription.withLock({ $0 == nil }) {
      subscribe(to: setting, owner: owner, keyPath: keyPath, registrar: registrar)
    }
    return setting.value
  }

  /// Subscribes outside the slot's lock: the subscription calls out (a store of your own's
  /// `observe`, a problem's report), and what it calls may read this property. Two threads may
  /// subscribe at once; the first one kept is used.
  private func subscribe<Owner: Observable & AnyObject>(
    to setting: Setting, owner: Owner, keyPath: KeyPath<Owner, Setting.Value>, registrar: ObservationRegistrar
  ) {
    let target = _ObservationMutation(owner: owner, keyPath: keyPath, registrar: registrar)
    let made = setting._observeChanges { target.announce() }
    let kept = subscription.withLock { subscription in
      guard subscription == nil else { return false }
      subscription = made
      return true
    }
    if !kept { made.cancel() }
  }
}

/// Announces a mutation of one property of one object, held weakly; type-erased, so that a
/// handler that captures it captures no generic metatype.
struct _ObservationMutation: Sendable {
  private let target: any MutationAnnouncing

  init<Owner: Observable & AnyObject, Value>(
    owner: Owner, keyPath: KeyPath<Owner, Value>, registrar: ObservationRegistrar
  ) {
    target = MutationTarget(owner: owner, keyPath: keyPath, registrar: registrar)
  }

  func announce() { target.announce() }
}

private protocol MutationAnnouncing: Sendable {
  func announce()
}

/// What a change of the key must mutate: the property of one object, held weakly.
private struct MutationTarget<Owner: Observable & AnyObject, Value>: MutationAnnouncing,
  @unchecked Sendable
{
  // NB: the owner is only used to name the mutated property to its own registrar, which is
  // thread-safe; the key path is immutable.
  weak var owner: Owner?
  let keyPath: KeyPath<Owner, Value>
  let registrar: ObservationRegistrar

  func announce() {
    guard let owner else { return }
    registrar.withMutation(of: owner, keyPath: keyPath) {}
  }
}
