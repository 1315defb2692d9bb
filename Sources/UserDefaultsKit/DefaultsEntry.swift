import Foundation

/// Persists one stored `var` (global, static or instance) in a store.
///
/// ```swift
/// @DefaultsEntry("launchCount", default: 0)
/// static var launchCount: Int
///
/// struct Player {
///   let defaults: UserDefaults
///   @DefaultsEntry(store: \Player.defaults) var name: String = "Ada"
/// }
/// ```
///
/// expands the instance property to
///
/// ```swift
/// var name: String = "Ada" {
///   init(initialValue) {}
///   get { _$name._storable().value(in: UserDefaultsKit._defaultsStore(self[keyPath: \Player.defaults])) }
///   nonmutating set { _$name.setValue(newValue, in: UserDefaultsKit._defaultsStore(self[keyPath: \Player.defaults])) }
/// }
/// private let _$name = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String>>("name", default: "Ada")
/// ```
///
/// - Parameters:
///   - key: The key in the store; the property's name by default. Any `DefaultName` expression:
///     a literal, an interpolation, a static constant.
///   - default: The value read while nothing is stored; the property's initial value by default
///     (instance properties), `nil` for optionals. Write the type's name (`Theme.dark`): the
///     argument is type-checked before it meets the property's type.
///   - store: A `UserDefaults` object (`.standard` by default) or any `DefaultsStore`; evaluated
///     once, on first use, so it may name an injected property.
///   - previously: Earlier keys: a value stored under one of them moves to `key` on first use.
///   - migrations: How to read what earlier versions stored (`DefaultsMigration`):
///     `migrations: .from(Int.self) { $0 > 0 }`, `.moved(from: "name", in: UserDefaultsStore.standard)`.
///   - encoder: A `JSONEncoder` for a `Codable` value.
///   - decoder: A `JSONDecoder` for a `Codable` value.
///
/// ## Restrictions
/// - `let`: "'name' is persisted, so it must be a 'var'" (fix-it: `var`).
/// - `var a, b`: "declare one property per 'var'".
/// - No type and no initial value: "needs a type annotation or an initial value".
/// - A non-optional without a default: "non-optional 'name' needs a default value" (fix-it:
///   `= <#default#>`).
/// - A global or static property with an initializer: "move the default into the 'default:'
///   argument", since only instance properties can keep one.
/// - A key with `.`, a leading `@` or non-ASCII characters: a warning, because key-value observing
///   cannot see such keys.
/// - A migration from a type that cannot be stored: "no value was ever stored as this type", at
///   the migration; one whose value is not the property's type, in the expansion.
/// - A type the runtime cannot store: "the type of this property cannot be stored: conform it to
///   DefaultsSerializable (or DefaultsConvertible), make it Codable, or make it RawRepresentable
///   with a storable raw value", at the property.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro DefaultsEntry(
  _ key: DefaultName? = nil, default: Any? = nil, store: UserDefaults = .standard,
  previously: DefaultName..., migrations: DefaultsMigration<Any>..., encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsEntryMacro")

/// Persists one stored `var` in any `DefaultsStore`; see the `UserDefaults` form.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro DefaultsEntry(
  _ key: DefaultName? = nil, default: Any? = nil, store: any DefaultsStore,
  previously: DefaultName..., migrations: DefaultsMigration<Any>..., encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsEntryMacro")

/// A suite name where a store is expected.
@available(
  *, unavailable,
  message: "'store:' takes a store, not a suite name: write 'store: UserDefaultsStore.suite(\"name\")'"
)
@attached(accessor)
public macro DefaultsEntry(
  _ key: DefaultName? = nil, default: Any? = nil, store: String,
  previously: DefaultName..., migrations: DefaultsMigration<Any>..., encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsEntryMacro")

/// Persists one instance property in a store that another property of the same instance holds:
/// `store: \Player.defaults` names a `UserDefaults` or `DefaultsStore` property. (Attribute
/// arguments cannot refer to `self`, so an injected store is named by key path.)
///
/// ```swift
/// struct Player {
///   let defaults: UserDefaults
///   @DefaultsEntry(store: \Player.defaults) var name: String = "Ada"
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro DefaultsEntry<Root, Store>(
  _ key: DefaultName? = nil, default: Any? = nil, store: KeyPath<Root, Store>,
  previously: DefaultName..., migrations: DefaultsMigration<Any>..., encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsEntryMacro")

/// Persists one property of Apple's `@Observable` class, as an Observation-tracked property.
/// Mark it `@ObservationIgnored` after this attribute, so that `@Observable` leaves it to this
/// macro.
///
/// ```swift
/// @Observable final class Model {
///   @ObservableDefaultsEntry @ObservationIgnored var volume = 0.5
/// }
/// ```
///
/// Writes through any object over the same storage reach this object's observers. The arguments
/// and restrictions are those of `@DefaultsEntry`; the property must be an instance property.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro ObservableDefaultsEntry(
  _ key: DefaultName? = nil, default: Any? = nil, store: UserDefaults = .standard,
  previously: DefaultName..., migrations: DefaultsMigration<Any>..., encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableDefaultsEntryMacro")

/// Persists one property of Apple's `@Observable` class in any `DefaultsStore`.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro ObservableDefaultsEntry(
  _ key: DefaultName? = nil, default: Any? = nil, store: any DefaultsStore,
  previously: DefaultName..., migrations: DefaultsMigration<Any>..., encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableDefaultsEntryMacro")

/// A suite name where a store is expected.
@available(
  *, unavailable,
  message: "'store:' takes a store, not a suite name: write 'store: UserDefaultsStore.suite(\"name\")'"
)
@attached(accessor)
public macro ObservableDefaultsEntry(
  _ key: DefaultName? = nil, default: Any? = nil, store: String,
  previously: DefaultName..., migrations: DefaultsMigration<Any>..., encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableDefaultsEntryMacro")

/// Persists one property of Apple's `@Observable` class in a store that another property of the
/// same object holds, named by key path.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro ObservableDefaultsEntry<Root, Store>(
  _ key: DefaultName? = nil, default: Any? = nil, store: KeyPath<Root, Store>,
  previously: DefaultName..., migrations: DefaultsMigration<Any>..., encoder: JSONEncoder? = nil,
  decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableDefaultsEntryMacro")
