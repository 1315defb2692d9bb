import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

@DefaultsBacked(prefix: "app_")
private struct AppSettings {
  var launchCount = 0
  var theme: MacroTheme = .system
  var nickname: String?
  @DefaultsProperty("volume_v2", previously: "volume") var volume = 0.5
  @DefaultsIgnored var scratch = "memory"
  var computed: Int { launchCount * 2 }
}

@DefaultsBacked(store: globalStore, access: .public)
public final class PublicSettings {
  public var flag = false
}

@DefaultsBacked
private struct Limits<Unit> {
  static var standardCount: Int { 3 }
  var count = Self.standardCount
  var retries = standardCount
}

@DefaultsBacked
private struct Catalog {
  static let shared = Catalog(store: InMemoryDefaultsStore())
  static var standardPageSize: Int { 20 }
  var pageSize = standardPageSize
}

@Suite("@DefaultsBacked")
struct DefaultsBackedTests {
  @Test("Each stored var is persisted under its prefixed name, with its initializer as default")
  func persistence() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    defaults.set(0.8, forKey: "volume")
    defaults.storeDirectWrites()
    let settings = AppSettings(store: defaults)

    #expect(defaults.integer(forKey: "app_launchCount") == 0, "registered by init(store:)")
    #expect(defaults.string(forKey: "app_theme") == "system")
    #expect(settings.volume == 0.8, "moved from the earlier key")
    #expect(defaults.persistentDomain(forName: suite)?["volume"] == nil, "removed from the suite")

    settings.launchCount += 1
    settings.theme = .dark
    settings.nickname = "n"
    #expect(defaults.integer(forKey: "app_launchCount") == 1)
    #expect(AppSettings(store: defaults).theme == .dark)
    #expect(settings.computed == 2)
    #expect(settings.scratch == "memory")
    #expect(defaults.persistentDomain(forName: suite)?["scratch"] == nil)

    settings.nickname = nil
    #expect(defaults.object(forKey: "app_nickname") == nil)
  }

  @Test("Reset one property or the whole type, and ask whether a property holds its default")
  func reset() throws {
    let store = InMemoryDefaultsStore()
    let settings = AppSettings(store: store)
    settings.launchCount = 5
    settings.theme = .light
    #expect(settings.defaultsKey(for: \.launchCount)?.isDefault == false)
    try settings.defaultsKey(for: \.launchCount)?.reset()
    #expect(settings.launchCount == 0)
    #expect(settings.defaultsKey(for: \.launchCount)?.isDefault == true)
    #expect(settings.defaultsKey(for: \.scratch) == nil)
    try settings.resetToDefaults()
    #expect(settings.theme == .system)
  }

  @Test("A class with a chosen default store and public members")
  func publicClass() {
    let settings = PublicSettings()
    settings.flag = true
    #expect(globalStore.read("flag") == .bool(true))
    #expect(settings.defaultsStore as AnyObject === globalStore)
  }

  @Test("A default may name the type, as Self or by one of its static members")
  func defaultsThatNameTheType() {
    let store = InMemoryDefaultsStore()
    let limits = Limits<Double>(store: store)
    #expect(limits.count == 3)
    #expect(limits.retries == 3)
    limits.count = 5
    #expect(store.read("count") == .integer(5))
    #expect(Limits<Double>(store: store).count == 5)
    #expect(Catalog.shared.pageSize == 20, "static constants and computed properties are left alone")
  }
}
