import Foundation
import Observation

/// Persists every stored `var` of a struct or class.
///
/// ```swift
/// @DefaultsBacked(prefix: "app_")
/// struct Settings {
///   var launchCount = 0
///   var theme: Theme = .system
///   @DefaultsProperty("volume_v2", previously: "volume") var volume = 0.5
///   @DefaultsIgnored var scratch = ""
/// }
/// let settings = Settings()             // or Settings(store: UserDefaultsStore.suite("x"))
/// settings.launchCount += 1
/// ```
///
/// The type gains `defaultsStore`, `init(store:)` (taking a `DefaultsStore` or a
/// `UserDefaults`), `resetToDefaults()`, `updateDefaults(_:)`, `migrateDefaults()` and
/// `defaultsKey(for:)` (`defaultsKeys(for:)` for several, to observe them at once with
/// `DefaultsKeys`). Give `init(store:)` a suite as `UserDefaultsStore.suite("x")`: on Apple
/// platforms a `UserDefaults` object the library did not make (other than `.standard`) cannot be
/// named, so it gets a store of its own, reported in debug builds as a `DefaultsError` of kind
/// `unnamedSuite` (article *The macros*).
/// `init(store:)` registers every default with the store. Each stored `var` becomes a computed
/// property over the store: its initial value is its default, its key is its name (after
/// `prefix`), and its accessors are one call each into the runtime (Xcode's Expand Macro shows
/// them). `updateDefaults` changes several properties in one atomic write:
///
/// ```swift
/// try settings.updateDefaults { $0.launchCount += 1; $0.theme = .dark }
/// ```
///
/// `migrateDefaults()` runs every property's moves and value migrations at once, at launch, so
/// that another process reading the store (a widget) finds the current forms:
///
/// ```swift
/// try settings.migrateDefaults()
/// ```
///
/// - Parameters:
///   - prefix: Prepended to every key written in the type: property names, the names given to
///     `@DefaultsProperty`, their `previously:` names and the names of their moves
///     (`.moved(from:in:)`). A value stored under an earlier name without the prefix still moves.
///   - store: The store that `init()` uses; `.standard` by default.
///   - access: The access level of the generated members.
///
/// ## Restrictions
/// - On an enum, a protocol, an actor or an extension: "'@DefaultsBacked' applies to a struct or
///   a class".
/// - A stored `static var` (constants and computed properties are left alone): "static 'name' is
///   shared by every instance" (fix-it: mark it `@DefaultsIgnored`).
/// - Two properties with one key: "key 'k' is already used by 'first'" (on the second).
/// - An ignored stored property without an initial value: "the generated 'init(store:)' needs an
///   initial value for it" (fix-it: `= <#value#>`).
/// - Computed properties are left alone; the property restrictions of `@DefaultsEntry` apply to
///   every persisted property.
@attached(
  member,
  names: named(defaultsStore), named(_$defaultsStore), named(_$Slots), named(_$slots),
  named(init),
  named(resetToDefaults),
  named(updateDefaults),
  named(migrateDefaults),
  named(defaultsKey), named(defaultsKeys))
@attached(memberAttribute)
public macro DefaultsBacked(
  prefix: String = "", store: UserDefaults = .standard, access: DefaultsAccessLevel = .internal
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsBackedMacro")

/// Persists every stored `var` of a struct or class in any `DefaultsStore`.
@attached(
  member,
  names: named(defaultsStore), named(_$defaultsStore), named(_$Slots), named(_$slots),
  named(init),
  named(resetToDefaults),
  named(updateDefaults),
  named(migrateDefaults),
  named(defaultsKey), named(defaultsKeys))
@attached(memberAttribute)
public macro DefaultsBacked(
  prefix: String = "", store: any DefaultsStore, access: DefaultsAccessLevel = .internal
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsBackedMacro")

/// A suite name where a store is expected.
@available(
  *, unavailable,
  message: "'store:' takes a store, not a suite name: write 'store: UserDefaultsStore.suite(\"name\")'"
)
@attached(member)
public macro DefaultsBacked(
  prefix: String = "", store: String, access: DefaultsAccessLevel = .internal
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsBackedMacro")

/// `@DefaultsBacked` for a class, which also becomes `Observation.Observable`: SwiftUI and
/// `withObservationTracking` see every persisted property, and a write through any object over
/// the same storage reaches this object's observers.
///
/// ```swift
/// @ObservableDefaults
/// final class LiveSettings {
///   var volume = 0.5                    // persisted and observed
///   @DefaultsIgnored var isEditing = false   // observed, in memory only
///   @ObservationIgnored @DefaultsIgnored var cache = [String: Int]()   // neither
/// }
/// ```
///
/// `@available` attributes of the class are copied to the generated `Observable` extension.
///
/// ## Restrictions
/// As `@DefaultsBacked`, and on a struct: "'@ObservableDefaults' applies to a class".
@attached(
  member,
  names: named(defaultsStore), named(_$defaultsStore), named(_$Slots), named(_$slots),
  named(init),
  named(resetToDefaults),
  named(updateDefaults),
  named(migrateDefaults),
  named(defaultsKey), named(defaultsKeys),
  named(_$observationRegistrar))
@attached(memberAttribute)
@attached(extension, conformances: Observable)
public macro ObservableDefaults(
  prefix: String = "", store: UserDefaults = .standard, access: DefaultsAccessLevel = .internal
) = #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableDefaultsMacro")

/// A suite name where a store is expected.
@available(
  *, unavailable,
  message: "'store:' takes a store, not a suite name: write 'store: UserDefaultsStore.suite(\"name\")'"
)
@attached(member)
public macro ObservableDefaults(
  prefix: String = "", store: String, access: DefaultsAccessLevel = .internal
) = #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableDefaultsMacro")

/// `@ObservableDefaults` with any `DefaultsStore`.
@attached(
  member,
  names: named(defaultsStore), named(_$defaultsStore), named(_$Slots), named(_$slots),
  named(init),
  named(resetToDefaults),
  named(updateDefaults),
  named(migrateDefaults),
  named(defaultsKey), named(defaultsKeys),
  named(_$observationRegistrar))
@attached(memberAttribute)
@attached(extension, conformances: Observable)
public macro ObservableDefaults(
  prefix: String = "", store: any DefaultsStore, access: DefaultsAccessLevel = .internal
) = #externalMacro(module: "UserDefaultsKitMacros", type: "ObservableDefaultsMacro")

/// Keeps a property of a settings type out of the store.
///
/// ```swift
/// @DefaultsIgnored var scratch = ""
/// ```
@attached(peer)
public macro DefaultsIgnored() = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsMarkerMacro")

/// Options for one property of a settings type: its key, its default (instead of an initial
/// value), earlier keys whose value moves to it on first use, and a JSON encoder and decoder.
///
/// ```swift
/// @DefaultsProperty("theme_v2", previously: "theme") var theme = Theme.system
/// @DefaultsProperty(default: 3) var retries: Int
/// ```
@attached(peer)
public macro DefaultsProperty(
  _ key: DefaultName? = nil, default: Any? = nil, previously: DefaultName...,
  migrations: DefaultsMigration<Any>...,
  encoder: JSONEncoder? = nil, decoder: JSONDecoder? = nil
) = #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsMarkerMacro")

/// Generated by `@DefaultsBacked` on each persisted property; not for direct use.
@attached(accessor, names: named(init), named(get), named(set))
public macro _DefaultsProperty() =
  #externalMacro(module: "UserDefaultsKitMacros", type: "DefaultsPropertyAccessorMacro")

/// Generated by `@ObservableDefaults` on each persisted property; not for direct use.
@attached(accessor, names: named(init), named(get), named(set))
public macro _ObservedDefaultsProperty() =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservedDefaultsPropertyAccessorMacro")

/// Generated by `@ObservableDefaults` on each observed in-memory property; not for direct use.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_$))
public macro _ObservedMemoryProperty() =
  #externalMacro(module: "UserDefaultsKitMacros", type: "ObservedMemoryPropertyMacro")
