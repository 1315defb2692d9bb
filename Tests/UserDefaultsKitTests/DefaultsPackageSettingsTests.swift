import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

// A settings type whose properties are named as sindresorhus/Defaults keys were, over what Defaults
// stored (its forms: `DefaultsPackageFormTests` in the runtime's tests).

private struct Account: Codable, Equatable, DefaultsSerializable {
  var name: String
}

private enum Layout: String, Codable { case grid, list }

@DefaultsBacked
private final class SwitchedSettings {
  var quality = 0.5
  var account: Account?
  var layout = Layout.list
  var recent: [Account] = []
  var homepage: URL?
}

@Suite("A settings type over what sindresorhus/Defaults stored")
struct DefaultsPackageSettingsTests {
  @Test("Each property reads Defaults' value, its JSON strings included")
  func readsDefaultsValues() async {
    await withTemporarySuite { store in
      let defaults = store.userDefaults
      defaults.set(0.8, forKey: "quality")
      defaults.set(#"{"name":"Ada"}"#, forKey: "account")
      defaults.set(#""grid""#, forKey: "layout")
      defaults.set([#"{"name":"Grace"}"#], forKey: "recent")
      defaults.set(#""https:\/\/example.com\/home""#, forKey: "homepage")
      defaults.storeDirectWrites()

      let settings = SwitchedSettings(store: store)
      #expect(settings.quality == 0.8)
      #expect(settings.account == Account(name: "Ada"))
      #expect(settings.layout == .grid)
      #expect(settings.recent == [Account(name: "Grace")])
      #expect(settings.homepage?.absoluteString == "https://example.com/home")
    }
  }
}
