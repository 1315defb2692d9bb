import Foundation

/// ObservableUserDefault's argument: a key, an optional default value and a store.
///
/// ```swift
/// @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", defaultValue: "John Appleseed", store: .standard))
/// ```
public struct ObservableUserDefaultMetadata {
  /// A key, a default value (required for non-optional properties) and a store.
  public init(key: String, defaultValue: Any, store: UserDefaults) {}

  /// A key and a store, for optional properties.
  public init(key: String, store: UserDefaults) {}
}

/// ObservableUserDefault's macro, for a property of an `@Observable` class, followed by
/// `@ObservationIgnored`.
///
/// - Without an argument, the property forwards to a static property `UserDefaults.<name>` that
///   you declare, as in ObservableUserDefault.
/// - With `.init(key:defaultValue:store:)` it behaves as `@ObservableDefaultsEntry`:
///   the value is stored under `key` in `store`, and writes through any object reach every
///   object's observers. A non-optional property without `defaultValue` is a compile-time error
///   (ObservableUserDefault's README requires the default; its code would not check).
///
/// ```swift
/// @Observable final class StorageModel {
///   @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", defaultValue: "John Appleseed", store: .standard))
///   @ObservationIgnored
///   var name: String
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro ObservableUserDefault(_ metadata: ObservableUserDefaultMetadata? = nil) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableUserDefaultMacro")
