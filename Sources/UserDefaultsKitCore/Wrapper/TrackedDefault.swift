import Observation

/// A key's value as an Observation-tracked property: what `@ObservedDefault` keeps in a view's
/// state, so that SwiftUI, which tracks what a view's body reads, redraws the view when the value
/// changes, wherever the change was made.
///
/// It observes its key the way an `@ObservableDefaults` property does (a ``_DefaultsSlot``): from
/// its first tracked read until it is released, so that the copies a view makes and SwiftUI drops
/// observe nothing, and the one it keeps stops observing when the view goes away. Each change of
/// the stored value is one mutation of ``value``.
package final class TrackedDefault<Value>: Observable {
  private let registrar = ObservationRegistrar()
  private let followed: Locked<Followed>

  /// The key whose value this is, and the slot that observes it.
  private struct Followed {
    let key: DefaultsKey<Value>
    let slot: _DefaultsSlot<DefaultsKey<Value>>

    init(_ key: DefaultsKey<Value>) {
      self.key = key
      // NB: the slot's setting is the key itself, whatever store the slot is asked for.
      slot = _DefaultsSlot { _ in key }
    }
  }

  package init(_ key: DefaultsKey<Value>) {
    followed = Locked(Followed(key))
  }

  /// The key's value. Reading it is an Observation access; setting it stores the value, which the
  /// key then announces, as a change made anywhere else is.
  package var value: Value {
    get {
      let followed = followed.withLock { $0 }
      return followed.slot.observedValue(
        of: self, keyPath: \.value, registrar: registrar, store: followed.key.store)
    }
    set {
      followed.withLock { $0 }.key.value = newValue
    }
  }

  /// Follows `key` from now on when it is another setting (another name or store) than the one
  /// followed: a view made again with another key. A key made again for the same setting changes
  /// nothing, so a view that makes its key in its initializer does not observe anew at each update.
  ///
  /// The change of key itself is not announced: SwiftUI follows the new key right before the
  /// view's body reads the value again.
  package func follow(_ key: DefaultsKey<Value>) {
    let replaced = followed.withLock { (followed: inout Followed) -> Followed? in
      guard followed.key.name != key.name || followed.key.store !== key.store else { return nil }
      defer { followed = Followed(key) }
      return followed
    }
    // NB: released here, outside the lock: ending an observation calls the store.
    withExtendedLifetime(replaced) {}
  }
}
