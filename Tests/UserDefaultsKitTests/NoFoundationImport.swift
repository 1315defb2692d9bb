import UserDefaultsKit

// This file imports only UserDefaultsKit: generated code must not need Foundation.

@DefaultsBacked(store: globalStore)
struct SettingsWithoutFoundation {
  var noFoundationCount = 0
  @DefaultsProperty(encoder: .init(), decoder: .init()) var noFoundationProfile = MacroProfile(name: "x")
}
