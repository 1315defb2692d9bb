import Foundation

/// The store of a settings type's instance, held in an immutable property so that a `final class`
/// with persisted properties can be `Sendable`: `init(store:)` sets it, and an initializer of your
/// own that does not call `init(store:)` gets the type's default store on first use.
///
/// Generated code uses it; it is public only because expansions compile in your module.
///
/// ```swift
/// private let _$defaultsStore = _DefaultsStoreReference(UserDefaultsStore.standard)
/// var defaultsStore: any DefaultsStore { _$defaultsStore.store }
/// ```
@_documentation(visibility: private)
public final class _DefaultsStoreReference: @unchecked Sendable {
  // NB: `chosen` and `makeDefault` are guarded by `lock`; the default is made at most once.
  private let lock = NSLock()
  private var chosen: (any DefaultsStore)?
  private var makeDefault: (() -> any DefaultsStore)?

  /// A reference to the store `makeDefault` makes, on first use, unless another is set first.
  public init(_ makeDefault: @escaping @autoclosure () -> any DefaultsStore) {
    self.makeDefault = makeDefault
  }

  /// The store.
  public var store: any DefaultsStore {
    get {
      // NB: making the store may report a problem, whose handlers wait until the lock is released.
      LibraryThread.holding {
        lock.withLock {
          if let chosen { return chosen }
          let store = makeDefault!()
          chosen = store
          makeDefault = nil
          return store
        }
      }
    }
    set {
      lock.withLock {
        chosen = newValue
        makeDefault = nil
      }
    }
  }
}
