import Observation

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension _DefaultsSlot {
  /// Reads the value as an Observation-tracked property of `owner`, and from then on turns every
  /// change of the key (through any object over the same storage) into a mutation of that
  /// property.
  public func observedValue<Owner: Observable & AnyObject>(
    of owner: Owner, keyPath: KeyPath<Owner, Value>, registrar: ObservationRegistrar,
    store: @autoclosure () -> any DefaultsStore
  ) -> Value {
    registrar.access(owner, keyPath: keyPath)
    let key = key(in: store())
    subscribeOnce(key: key, owner: owner, keyPath: keyPath, registrar: registrar)
    return key.value
  }

  /// Writes the value as a mutation of `owner`'s property.
  public func setObservedValue<Owner: Observable & AnyObject>(
    _ newValue: Value, of owner: Owner, keyPath: KeyPath<Owner, Value>,
    registrar: ObservationRegistrar, store: @autoclosure () -> any DefaultsStore
  ) {
    let key = key(in: store())
    registrar.withMutation(of: owner, keyPath: keyPath) { key.value = newValue }
  }

  private func subscribeOnce<Owner: Observable & AnyObject>(
    key: DefaultsKey<Value>, owner: Owner, keyPath: KeyPath<Owner, Value>,
    registrar: ObservationRegistrar
  ) {
    let target = _ObservationMutation(owner: owner, keyPath: keyPath, registrar: registrar)
    subscription.withLock { subscription in
      guard subscription == nil else { return }
      subscription = key.store.channel.observe(key.name.rawValue) { target.announce() }
    }
  }
}

/// Announces a mutation of one property of one object, held weakly; type-erased, so that a
/// handler that captures it captures no generic metatype.
struct _ObservationMutation: Sendable {
  private let target: any MutationAnnouncing

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
