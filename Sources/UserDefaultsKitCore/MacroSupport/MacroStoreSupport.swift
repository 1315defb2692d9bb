import Foundation
import Observation

/// The store for a settings type's or property's `store:` argument, which may name a
/// `UserDefaults` object or any ``DefaultsStore``. Called by generated code.
@_documentation(visibility: private)
public func _defaultsStore(_ userDefaults: UserDefaults) -> any DefaultsStore {
  UserDefaultsStore.store(for: userDefaults)
}

/// The store for a settings type's or property's `store:` argument. Called by generated code.
@_documentation(visibility: private)
public func _defaultsStore(_ store: any DefaultsStore) -> any DefaultsStore {
  store
}

/// The store for an optional `UserDefaults` (as `UserDefaults(suiteName:)` returns), falling back
/// to `.standard`. Called by generated code.
@_documentation(visibility: private)
public func _defaultsStore(_ userDefaults: UserDefaults?) -> any DefaultsStore {
  UserDefaultsStore.store(for: userDefaults ?? .standard)
}

/// The store of the suite that `UserDefaults(suiteName: suiteName)` names in a `store:` argument:
/// the library's shared store of the suite (`.standard` for nil), rather than one for a new object,
/// whose suite Apple platforms do not tell. Called by generated code.
@_documentation(visibility: private)
public func _defaultsStore(suiteName: String?) -> any DefaultsStore {
  suiteName.map(UserDefaultsStore.suite) ?? UserDefaultsStore.standard
}

/// `name` after a settings type's key prefix, for prefixes and names that are not both string
/// literals. Called by generated code.
@_documentation(visibility: private)
public func _prefixedName(_ prefix: String, _ name: DefaultName) -> DefaultName {
  DefaultName(rawValue: prefix + name.rawValue)
}

/// `migrations` in a settings type with a key prefix: each move's name gets the prefix, as the
/// type's keys and `previously:` names do, and the names as written follow, as unprefixed
/// `previously:` names do. Called by generated code.
@_documentation(visibility: private)
public func _prefixedMoves<Value>(
  _ prefix: String, _ migrations: [DefaultsMigration<Value>]
) -> [DefaultsMigration<Value>] {
  let prefixed = migrations.compactMap { migration -> DefaultsMigration<Value>? in
    guard case .move(let name, let store) = migration.kind else { return nil }
    return .moved(from: _prefixedName(prefix, name), in: store)
  }
  return prefixed + migrations
}

/// The keys of persisted properties, for a settings type's `defaultsKeys(for:)`. A key path to a
/// property with no key (ignored, computed) is a programming error that would leave the property
/// unobserved, so it stops the program with its name. Called by generated code.
@_documentation(visibility: private)
public func _defaultsKeys<Root>(
  for keyPaths: [PartialKeyPath<Root>], in key: (PartialKeyPath<Root>) -> (any AnyDefaultsKey)?
) -> [any AnyDefaultsKey] {
  keyPaths.map { keyPath in
    guard let found = key(keyPath) else {
      preconditionFailure("\(keyPath) is no persisted property of \(Root.self): it has no key to observe")
    }
    return found
  }
}

/// A key whose value type does not matter: what a settings type's `defaultsKey(for:)` returns.
///
/// ```swift
/// try settings.defaultsKey(for: \.volume)?.reset()
/// ```
public protocol AnyDefaultsKey {
  /// The key's name in its store.
  var name: DefaultName { get }
  /// Whether nothing is stored for the key, or what is stored equals the default.
  var isDefault: Bool { get }
  /// Removes the stored value, so that the key reads its default again; throws why it could not.
  func reset() throws(DefaultsError)
  /// Where the value is stored.
  var store: any DefaultsStore { get }
  /// Calls `handler` after every change of the stored value, as ``DefaultsKey/observe(_:)`` does,
  /// without the value (see ``DefaultsKeys/observe(_:_:)`` to observe several keys).
  func observeChanges(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation
}

extension DefaultsKey: AnyDefaultsKey {}

/// Foundation types that generated code names, so that a file needs no `import Foundation` of its
/// own to use the macros.
@_documentation(visibility: private)
public typealias _UserDefaults = UserDefaults

/// `UserDefaults.standard`, for the default arguments of generated public initializers, which may
/// name only what the user's file imports.
@_documentation(visibility: private)
public var _standardUserDefaults: UserDefaults { .standard }

@_documentation(visibility: private)
public typealias _JSONEncoder = JSONEncoder

@_documentation(visibility: private)
public typealias _JSONDecoder = JSONDecoder

/// Observation's types, named by generated code, so that a file needs no `import Observation` of
/// its own to use the macros.
@_documentation(visibility: private)
public typealias _ObservationRegistrar = ObservationRegistrar

@_documentation(visibility: private)
public typealias _Observable = Observable
