import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

private struct Player {
  let defaults: UserDefaults

  @DefaultsEntry(store: \Player.defaults) var name: String = "Ada"
  @DefaultsEntry("playerLevel", store: \Player.defaults) var level = 1
  @DefaultsEntry(store: \Player.defaults) var theme: MacroTheme = .system
  @DefaultsEntry(store: \Player.defaults) var profile: MacroProfile?
  @DefaultsEntry(store: \Player.defaults, previously: "oldScore") var score = 0
}

private final class Session {
  let store: any DefaultsStore
  init(store: any DefaultsStore) { self.store = store }

  @DefaultsEntry(default: 3, store: \Session.store) var retries: Int
  @DefaultsEntry(store: \Session.store, encoder: JSONEncoder(), decoder: JSONDecoder())
  var lastProfile: MacroProfile = MacroProfile(name: "none")
}

@Suite("@DefaultsEntry")
struct DefaultsEntryTests {
  @Test("Global and static properties read, write and use any key expression")
  func globalAndStatic() {
    #expect(globalCounter == 0)
    globalCounter += 2
    #expect(globalCounter == 2)
    #expect(globalStore.read("globalCounter") == .integer(2))

    StaticSettings.flag = true
    #expect(globalStore.read("static.flag") == .bool(true))
    #expect(StaticSettings.nickname == nil)
    StaticSettings.nickname = "A"
    #expect(StaticSettings.nickname == "A")
    StaticSettings.nickname = nil
    #expect(globalStore.read("nickname") == nil)
  }

  @Test("Instance properties persist in an injected UserDefaults suite and register their defaults")
  func instanceProperties() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    defaults.set(41, forKey: "oldScore")
    let player = Player(defaults: defaults)

    #expect(player.name == "Ada")
    #expect(defaults.string(forKey: "name") == "Ada", "registered")
    player.name = "Grace"
    player.level += 1
    player.theme = .dark
    player.profile = MacroProfile(name: "p")
    #expect(defaults.string(forKey: "name") == "Grace")
    #expect(defaults.integer(forKey: "playerLevel") == 2)
    #expect(defaults.string(forKey: "theme") == "dark")
    #expect(Player(defaults: defaults).profile == MacroProfile(name: "p"))
    player.profile = nil
    #expect(defaults.persistentDomain(forName: suite)?["profile"] == nil)

    #expect(player.score == 41, "moved from the earlier key")
    #expect(defaults.persistentDomain(forName: suite)?["oldScore"] == nil)
  }

  @Test("Class properties take their store from an injected property")
  func classProperties() {
    let store = InMemoryDefaultsStore()
    let session = Session(store: store)
    #expect(session.retries == 3)
    session.retries = 5
    session.lastProfile = MacroProfile(name: "x")
    #expect(store.read("retries") == .integer(5))
    #expect(Session(store: store).lastProfile == MacroProfile(name: "x"))
  }
}
