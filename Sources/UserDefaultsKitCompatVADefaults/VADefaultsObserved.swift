import Foundation
import Observation

/// Storage of a property of an `@Observable @UserDefaultsData` class that is marked
/// `@ObservationIgnored`, as VADefaults documents that combination. `@UserDefaultsData` adds it;
/// not for direct use.
///
/// A property wrapper rather than an accessor macro: Swift rejects accessors that a macro adds
/// after `@ObservationIgnored`, and a member-attribute macro can only add attributes after it.
@propertyWrapper
public struct _VADefaultsObserved<Value> {
  private let slot: _DefaultsSlot<DefaultsKey<Value>>

  public init(_ slot: _DefaultsSlot<DefaultsKey<Value>>) {
    self.slot = slot
  }

  @available(*, unavailable, message: "only a property of an @Observable @UserDefaultsData class")
  public var wrappedValue: Value {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }
  }

  public static subscript<Owner: _VADefaultsObservedContainer & Observable>(
    _enclosingInstance owner: Owner,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
  ) -> Value {
    get {
      owner[keyPath: storageKeyPath].slot.observedValue(
        of: owner, keyPath: wrappedKeyPath, registrar: owner._$registrar,
        store: UserDefaultsStore.store(for: owner._$userDefaults))
    }
    set {
      owner[keyPath: storageKeyPath].slot.setValue(
        newValue, in: UserDefaultsStore.store(for: owner._$userDefaults))
    }
  }
}

/// What `_VADefaultsObserved` needs from its class; `@UserDefaultsData` generates it.
public protocol _VADefaultsObservedContainer: AnyObject {
  var _$userDefaults: UserDefaults { get }
  var _$registrar: ObservationRegistrar { get }
}
