import UserDefaultsKit

// This file imports only UserDefaultsKit: generated code must need neither Foundation nor
// Observation, also in public initializers' default arguments.

@DefaultsBacked(store: globalStore)
struct SettingsWithoutFoundation {
  var noFoundationCount = 0
  @DefaultsProperty(encoder: .init(), decoder: .init()) var noFoundationProfile = MacroProfile(name: "x")
}

/// Public, so its generated members are public too; final and Sendable, with persisted properties.
@ObservableDefaults(prefix: "withoutImports_")
public final class ObservedWithoutImports: Sendable {
  public var volume = 0.5
}

@DefaultsBacked(prefix: "withoutImports_")
public struct BackedWithoutImports: Sendable {
  public var count = 0
}
