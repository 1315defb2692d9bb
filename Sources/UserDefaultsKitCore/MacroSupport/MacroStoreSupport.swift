import Foundation

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

/// A key whose value type does not matter: what a settings type's `defaultsKey(for:)` returns.
///
/// ```swift
/// settings.defaultsKey(for: \.volume)?.reset()
/// ```
public protocol AnyDefaultsKey {
  /// The key's name in its store.
  var name: DefaultName { get }
  /// Whether nothing is stored for the key, or what is stored equals the default.
  var isDefault: Bool { get }
  /// Removes the stored value, so that the key reads its default again.
  func reset()
}

extension DefaultsKey: AnyDefaultsKey {}

/// Foundation types that generated code names, so that a file needs no `import Foundation` of its
/// own to use the macros.
@_documentation(visibility: private)
public typealias _UserDefaults = UserDefaults

@_documentation(visibility: private)
public typealias _JSONEncoder = JSONEncoder

@_documentation(visibility: private)
public typealias _JSONDecoder = JSONDecoder
