import Foundation

// VADefaults' macros, over UserDefaultsKit's `@DefaultsEntry`. Keys default to the property name;
// a non-optional Int, Bool, Double or Float without a default reads 0 or false, as VADefaults'
// typed getters do; any other non-optional type without a default is a compile-time error.

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
/// properties are left alone; a static property with a VADefaults attribute is an error. Add
/// `@Observable` (and `@ObservationIgnored` on the properties) to observe it.
///
/// ```swift
/// @UserDefaultsData(defaults: .test)
/// public class Defaults {
///   @DefaultsValue(key: "customKey") var someVariable: Int
///   var computedVariable: Bool { true }
/// }
/// ```
@attached(member, names: named(userDefaults), named(init), named(_$userDefaults), named(_$registrar))
@attached(memberAttribute)
@attached(extension, conformances: _VADefaultsObservedContainer)
public macro UserDefaultsData(defaults: UserDefaults = .standard) =
  #externalMacro(module: "UserDefaultsKitMacros", type: "UserDefaultsDataMacro")

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
