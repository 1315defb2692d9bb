import Foundation
import Observation

// VADefaults' macros, over UserDefaultsKit's `@DefaultsEntry`. Keys default to the property name;
// a non-optional Int, Bool, Double or Float without a default reads 0 or false, as VADefaults'
// typed getters do; any other non-optional type without a default is a compile-time error. As in
// VADefaults, only an Int, Bool, Double or Float `defaultValue:` is registered with the store; in
// an `@Observable` class the property macros are observed.

/// A property stored in `UserDefaults`, as VADefaults declares it.
///
/// ```swift
/// @UserDefaultsValue(defaultValue: "Empty") var value: String
/// @UserDefaultsValue(key: "customKey", defaults: .testDefaults) var count: Int
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro UserDefaultsValue(
  key: String? = nil, defaultValue: Any? = nil, defaults: UserDefaults = .standard
) = #externalMacro(module: "UserDefaultsKitMacros", type: "VADefaultsValueMacro")

/// A `Codable` property stored as JSON data, as VADefaults declares it.
///
/// ```swift
/// @CodableUserDefaultsValue(encoder: customEncoder, decoder: customDecoder) var value: MyCodable?
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro CodableUserDefaultsValue(
  key: String? = nil, defaultValue: Any? = nil, defaults: UserDefaults = .standard,
  encoder: JSONEncoder? = nil, decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "VADefaultsValueMacro")

/// A `RawRepresentable` property stored as its raw value, as VADefaults declares it.
///
/// ```swift
/// @RawUserDefaultsValue(rawType: Int.self, defaultValue: MyRawRepresentable.undefined)
/// var value: MyRawRepresentable
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro RawUserDefaultsValue<Raw>(
  rawType: Raw.Type, key: String? = nil, defaultValue: Any? = nil, defaults: UserDefaults = .standard
) = #externalMacro(module: "UserDefaultsKitMacros", type: "VADefaultsValueMacro")

/// A class or struct whose stored `var`s live in `userDefaults`, as VADefaults declares it: it
/// gains `private let userDefaults` and `init(userDefaults:)`. `let` constants and computed
/// properties are left alone; a static property with `@DefaultsValue` (or its kin) is an error,
/// one with `@UserDefaultsValue` keeps its own `defaults:`. On a class, `keyPrefix:` goes before
/// the keys taken from property names (not before a `key:` you give); VADefaults ignores it on a
/// struct, and so does this macro, with a warning. Add `@Observable` (and `@ObservationIgnored`
/// on the properties) to observe it, or use `@ObservableUserDefaultsData`.
///
/// ```swift
/// @UserDefaultsData(defaults: .test, keyPrefix: "com.example.")
/// public class Defaults {
///   @DefaultsValue(key: "customKey") var someVariable: Int
///   var computedVariable: Bool { true }
/// }
/// ```
@attached(member, names: named(userDefaults), named(init), named(_$userDefaults), named(_$registrar))
@attached(memberAttribute)
@attached(extension, conformances: _VADefaultsObservedContainer)
public macro UserDefaultsData(defaults: UserDefaults = .standard, keyPrefix: String = "") =
  #externalMacro(module: "UserDefaultsKitMacros", type: "UserDefaultsDataMacro")

/// VADefaults 2's observed container, for a class: `@UserDefaultsData` observed as Apple's
/// `@Observable` observes a class. A stored `var` without an initial value is persisted; one with
/// an initial value is an observed in-memory property; one marked `@ObservationIgnored` is left
/// alone.
///
/// ```swift
/// @ObservableUserDefaultsData(keyPrefix: "com.example.")
/// final class Counters {
///   var counter: Int          // "com.example.counter", 0 while nothing is stored
///   var isEditing = false     // observed, not stored
/// }
/// ```
@attached(
  member, names: named(userDefaults), named(init), named(_$observationRegistrar), named(access),
  named(withMutation))
@attached(memberAttribute)
@attached(extension, conformances: Observable)
public macro ObservableUserDefaultsData(defaults: UserDefaults = .standard, keyPrefix: String = "") =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableUserDefaultsDataMacro")

/// A property of a `@UserDefaultsData` type.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro DefaultsValue(key: String? = nil, defaultValue: Any? = nil) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "VADefaultsValueMacro")

/// A `Codable` property of a `@UserDefaultsData` type.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro CodableDefaultsValue(
  key: String? = nil, defaultValue: Any? = nil, encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "VADefaultsValueMacro")

/// A `RawRepresentable` property of a `@UserDefaultsData` type.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro RawDefaultsValue<Raw>(rawType: Raw.Type, key: String? = nil, defaultValue: Any? = nil) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "VADefaultsValueMacro")
