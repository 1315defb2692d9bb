// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.

// "Getting started", its settings screen: SwiftUI, so Apple platforms only, type-checked on Linux
// against the stand-ins of Tests/AppleAPITypeCheck. `Theme` is the article's, in GettingStarted.swift.
#if canImport(SwiftUI) || APPLE_API_TYPECHECK
  // Not type-checked on Linux: the import itself; the type-check's stand-ins declare SwiftUI's names.
  #if canImport(SwiftUI)
    import SwiftUI
  #endif
  import UserDefaultsKit

  @ObservableDefaults
  final class AppSettings {
    var soundsOn = true
    var theme: Theme = .system
    var nickname: String?
  }

  extension AppSettings {
    // A text field edits a String: an empty field removes the nickname.
    var nicknameText: String {
      get { nickname ?? "" }
      set { nickname = newValue.isEmpty ? nil : newValue }
    }
  }

  extension DefaultsKey where Value == Bool {
    // The widget shows the badge too, so the setting lives in the app group's suite.
    static let showsBadge = DefaultsKey(
      "showsBadge", default: true, store: UserDefaultsStore.suite("group.com.example.app"))
  }

  struct SettingsScreen: View {
    @Bindable var settings: AppSettings
    @ObservedDefault(.showsBadge) private var showsBadge

    var body: some View {
      Form {
        Toggle("Sounds", isOn: $settings.soundsOn)
        Picker("Theme", selection: $settings.theme) {
          Text("Light").tag(Theme.light)
          Text("Dark").tag(Theme.dark)
          Text("System").tag(Theme.system)
        }
        TextField("Nickname", text: $settings.nicknameText)
        Toggle("Badge on the widget", isOn: $showsBadge)
        // UserDefaults takes every write on Apple platforms: only a store of your own throws.
        Button("Reset") { try? settings.resetToDefaults() }
      }
    }
  }

  struct ContentView: View {
    @State private var settings = AppSettings()

    var body: some View {
      SettingsScreen(settings: settings)
    }
  }
#endif
