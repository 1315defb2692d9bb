import Foundation

/// ObservableUserDefault's argument for a property with a default: a key, the default value and
/// a store. The macro reads the arguments as written; the value itself is never made at run time.
///
/// ```swift
/// @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", defaultValue: "John Appleseed", store: .standard))
/// ```
public struct ObservableUserDefaultMetadata<DefaultValue> {
  /// A key, the value read while nothing is stored, and a store.
  public init(key: String, defaultValue: DefaultValue, store: UserDefaults) {}
}

/// ObservableUserDefault's argument for an optional property: a key and a store.
///
/// ```swift
/// @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", store: .standard))
/// ```
public struct ObservableOptionalUserDefaultMetadata {
  /// A key and a store; the property reads nil while nothing is stored.
  public init(key: String, store: UserDefaults) {}
}

/// ObservableUserDefault's macro, for a property of an `@Observable` class, followed by
/// `@ObservationIgnored`: without an argument, the property forwards to a static property
/// `UserDefaults.<name>` that you declare, as in ObservableUserDefault.
///
/// ```swift
/// extension UserDefaults {
///   nonisolated(unsafe) static var name: String = "John Appleseed"
/// }
/// ```
@attached(accessor, names: named(get), named(set))
public macro ObservableUserDefault() =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableUserDefaultMacro")

/// ObservableUserDefault's macro with a key, a default and a store: the value is stored under
/// `key` in `store` as `@ObservableDefaultsEntry` stores it, and writes through any object reach
/// every object's observers. As in ObservableUserDefault, the default is not registered, so plain
/// `UserDefaults` reads of the key see nothing until a value is stored.
///
/// ```swift
/// @Observable final class StorageModel {
///   @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", defaultValue: "John Appleseed", store: .standard))
///   @ObservationIgnored
///   var name: String
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro ObservableUserDefault<DefaultValue>(_ metadata: ObservableUserDefaultMetadata<DefaultValue>) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableUserDefaultMacro")

/// ObservableUserDefault's macro for an optional property: stored under `key` in `store`, nil
/// while nothing is stored.
///
/// ```swift
/// @Observable final class StorageModel {
///   @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", store: .standard))
///   @ObservationIgnored
///   var name: String?
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro ObservableUserDefault(_ metadata: ObservableOptionalUserDefaultMetadata) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableUserDefaultMacro")
