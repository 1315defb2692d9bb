import Foundation
import Observation

/// UserDefaultsObservation's Observable class whose stored `var`s live in `UserDefaults`.
///
/// ```swift
/// @ObservableUserDefaults
/// class MySampleClass {
///   var firstUse = false
///   var username: String? = nil
///   @UserDefaultsStore var myStore = UserDefaults(suiteName: "MyStore.WithSuiteName.Example")
/// }
/// ```
///
/// - Each stored instance `var` is persisted under the key `ClassName.property`, or the key that
///   `@UserDefaultsProperty(key:)` or `@ObservableUserDefaultsProperty(_:)` gives, and is
///   tracked by Observation. Its initial value is the value read while nothing is stored; it is
///   not registered with the store, so `UserDefaults.object(forKey:)` reads nil until a write.
/// - The store is the member marked `@UserDefaultsStore` or `@ObservableUserDefaultsStore` (a
///   `UserDefaults`, an optional one, or any `DefaultsStore`), read on the first use of each
///   property; `.standard` without one.
/// - `@CloudProperty` properties are synced through the cloud key-value store and cached in the
///   class's store.
/// - Properties marked `@ObservableUserDefaultsIgnored` or `@ObservationIgnored`, `let`s, static
///   and computed properties stay as written. So do stored properties with `willSet` or `didSet`,
///   as in UserDefaultsObservation, with a warning unless they are marked
///   `@ObservableUserDefaultsIgnored`.
/// - The class gets `access(keyPath:)` and `withMutation(keyPath:_:)`, as `@Observable` classes
///   do, unless it declares them itself: call them from computed properties that Observation
///   should track.
///
/// ## Restrictions
///
/// A persisted `var` needs a default: an initial value, or an optional type (nil). Otherwise:
/// "non-optional 'name' needs a default value, which is read while nothing is stored; give it an
/// initial value or a 'default:' argument".
@attached(
  member, names: named(_$observationRegistrar), named(_$userDefaultStore), named(access), named(withMutation))
@attached(memberAttribute)
@attached(extension, conformances: Observable)
public macro ObservableUserDefaults() =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableUserDefaultsMacro")

/// Keeps a property of an `@ObservableUserDefaults` class out of `UserDefaults` and out of
/// Observation: it stays a plain stored property.
@attached(peer)
public macro ObservableUserDefaultsIgnored() =
  #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsMarkerMacro")

/// The full `UserDefaults` key of a property of an `@ObservableUserDefaults` class, in place of
/// `ClassName.property`.
///
/// ```swift
/// @UserDefaultsProperty(key: "myPreviousKey")
/// var existingUserDefaults: Bool = true
/// ```
@attached(peer)
public macro UserDefaultsProperty(key: String) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsMarkerMacro")

/// The full `UserDefaults` key of a property of an `@ObservableUserDefaults` class: the longer
/// spelling of `@UserDefaultsProperty(key:)`.
///
/// ```swift
/// @ObservableUserDefaultsProperty("OldInterface")
/// var oldInterface = true
/// ```
@attached(peer)
public macro ObservableUserDefaultsProperty(_ key: String) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsMarkerMacro")

/// Marks the member that holds the store of an `@ObservableUserDefaults` class: a `UserDefaults`
/// (optional ones fall back to `.standard`) or any `DefaultsStore`, stored, computed, or set in
/// an initializer.
@attached(peer)
public macro UserDefaultsStore() =
  #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsMarkerMacro")

/// Marks the member that holds the store of an `@ObservableUserDefaults` class: the longer
/// spelling of `@UserDefaultsStore`.
///
/// ```swift
/// @ObservableUserDefaultsStore
/// var myStore: UserDefaults
/// ```
@attached(peer)
public macro ObservableUserDefaultsStore() =
  #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsMarkerMacro")

/// A property of an `@ObservableUserDefaults` class synced through the cloud key-value store
/// under `key` and cached in the class's store under `userDefaultKey` (`key` when left out).
///
/// ```swift
/// @CloudProperty(key: "yourCloudKey", userDefaultKey: "differentUserDefaultKey",
///                onStoreServerChange: .cloudValue, onInitialSyncChange: .cloudValue,
///                onAccountChange: .cachedValue)
/// var favoriteColor: String = "Green"
/// ```
///
/// Each external change does what its policy says; a policy left out is `.ignore`, as in
/// UserDefaultsObservation. At the property's first use and at each return to the foreground, a
/// cloud value other than the cached one is handled as a server change (`onStoreServerChange`);
/// after an initial sync, a value written in this process is written again. Reads and writes use
/// the cache key alike, and a cloud store that cannot synchronize is reported through
/// `DefaultsReports.observe(_:)` instead of stopping the app. On Linux, where there is no iCloud, the cloud is
/// `InMemoryCloudStore.shared`.
///
/// ## Restrictions
///
/// `NSUbiquitousKeyValueStore` raises an exception that stops the app for a key over 64 bytes in
/// UTF-8. Such a `key` written as a string literal without escapes is an error: "cloud key '...'
/// is 65 bytes in UTF-8, and NSUbiquitousKeyValueStore takes at most 64: for a longer key it
/// raises an exception that Swift cannot catch, which crashes the app; use a shorter key". Any
/// other key is checked at the property's first use: one too long is reported
/// (a `DefaultsWarning` of kind `cloudKeyTooLong`), and the property then works locally only. Values and key
/// counts past the store's limits are written nowhere and reported (see `CloudLimits`).
@attached(peer)
public macro CloudProperty(
  key: String, userDefaultKey: String? = nil,
  onStoreServerChange: UbiquitousKeyValueStoreChangeReasonAction = .ignore,
  onInitialSyncChange: UbiquitousKeyValueStoreChangeReasonAction = .ignore,
  onAccountChange: UbiquitousKeyValueStoreChangeReasonAction = .ignore
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsMarkerMacro")

/// Generated by `@ObservableUserDefaults` on each persisted property; not for direct use.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro _ObservableUserDefaultsProperty(typeName: String) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableUserDefaultsPropertyMacro")
