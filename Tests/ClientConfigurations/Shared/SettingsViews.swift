// SwiftUI views as apps write them over settings (see SettingsShapes.swift), built in the three
// client configurations: Apple platforms only, type-checked on Linux against the stand-ins of
// Tests/AppleAPITypeCheck.
#if canImport(SwiftUI) || APPLE_API_TYPECHECK
  // Not type-checked on Linux: the import itself; the type-check's stand-ins declare SwiftUI's names.
  #if canImport(SwiftUI)
    import SwiftUI
  #endif
  import UserDefaultsKit

  extension DefaultsKey where Value == ClientTheme {
    public static let clientViewTheme = DefaultsKey("clientViewTheme", default: .light)
  }

  extension DefaultsKey where Value == String? {
    public static let clientViewNickname = DefaultsKey<String?>("clientViewNickname")
  }

  /// A screen over a settings type and settings of its own, one of them with a key made in place.
  public struct ClientSettingsView: View {
    @Bindable public var settings: ClientObservedSettings
    @ObservedDefault(.clientViewTheme) private var theme
    @ObservedDefault(.clientViewNickname) private var nickname
    @ObservedDefault(DefaultsKey("clientViewLaunches", default: 0)) var launches

    public init(settings: ClientObservedSettings) {
      self.settings = settings
    }

    public var body: some View {
      Form {
        Picker("Theme", selection: $theme) {
          Text("Light").tag(ClientTheme.light)
          Text("Dark").tag(ClientTheme.dark)
        }
        Picker("Observed theme", selection: $settings.theme) {
          Text("Light").tag(ClientTheme.light)
          Text("Dark").tag(ClientTheme.dark)
        }
        Text("Opened \(launches) times, as \(nickname ?? "nobody")")
        Button("Count") { launches += 1 }
        Button("Forget the nickname") { nickname = nil }
      }
    }
  }

  /// A view whose parent chooses the key.
  public struct ClientFlagView: View {
    @ObservedDefault var isOn: Bool

    public init(key: DefaultsKey<Bool>) {
      _isOn = ObservedDefault(key)
    }

    public var body: some View {
      Toggle("Flag", isOn: $isOn)
    }
  }
#endif
