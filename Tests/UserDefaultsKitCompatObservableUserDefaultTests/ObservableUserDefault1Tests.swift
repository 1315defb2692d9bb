import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompatObservableUserDefault

// Code shaped like the apps that use ObservableUserDefault 1.x, with only the import changed:
// several models over one suite that the app declares as a static of UserDefaults, attributes on
// one line or several, optionals, and plain observed and computed properties beside the persisted
// ones. Like those apps, this file does not import Observation: Foundation brings it on Apple
// platforms, and the compatibility module on Linux.

private let cocktailSuite = temporarySuiteName()

// NB: UserDefaults is Sendable on Apple platforms, not on Linux.
extension UserDefaults {
  // Not type-checked on Linux: UserDefaults is Sendable in Apple's SDKs only.
  #if canImport(Darwin)
    fileprivate static let cocktails = UserDefaults(suiteName: cocktailSuite)!
  #else
    nonisolated(unsafe) fileprivate static let cocktails = UserDefaults(suiteName: cocktailSuite)!
  #endif
}

@Observable
private final class CocktailsModel {
  @ObservableUserDefault(.init(key: "has-fetched-cocktails", defaultValue: false, store: .cocktails))
  @ObservationIgnored
  var hasFetchedCocktails: Bool

  @ObservableUserDefault(.init(key: "translate", defaultValue: false, store: .cocktails))
  @ObservationIgnored var translate: Bool

  @ObservableUserDefault(.init(key: "lastPressedTime", store: .cocktails)) @ObservationIgnored
  var lastPressedTime: Date?

  @ObservableUserDefault(.init(key: "userInterfaceStyle", store: .cocktails))
  @ObservationIgnored
  var userInterfaceStyle: Int?

  var searchText = ""
  var isSearching: Bool { !searchText.isEmpty }
}

@Observable
private final class SettingsModel {
  @ObservableUserDefault(.init(key: "translate", defaultValue: false, store: .cocktails))
  @ObservationIgnored
  var translate: Bool

  @ObservableUserDefault(.init(key: "favoriteCount", defaultValue: 0, store: .cocktails))
  @ObservationIgnored
  var favoriteCount: Int
}

@Suite("ObservableUserDefault 1.x apps", .serialized)
struct ObservableUserDefault1Tests {
  @Test("Defaults are read, never registered: plain UserDefaults reads see a value once it is stored")
  func noRegistration() {
    defer { removeSuite(cocktailSuite) }
    let model = CocktailsModel()
    let settings = SettingsModel()
    #expect(model.hasFetchedCocktails == false && settings.favoriteCount == 0)
    #expect(UserDefaults.cocktails.object(forKey: "has-fetched-cocktails") == nil)
    #expect(UserDefaults.cocktails.object(forKey: "favoriteCount") == nil)
    model.hasFetchedCocktails = true
    settings.favoriteCount = 3
    #expect(UserDefaults.cocktails.object(forKey: "has-fetched-cocktails") as? Bool == true)
    #expect(UserDefaults.cocktails.integer(forKey: "favoriteCount") == 3)
  }

  @Test("Models over one key see each other's writes, and Observation reports them once")
  func sharedKey() {
    defer { removeSuite(cocktailSuite) }
    let model = CocktailsModel()
    let settings = SettingsModel()
    let changes = LockedCounter()
    withObservationTracking {
      _ = settings.translate
    } onChange: {
      changes.increment()
    }
    model.translate = true
    #expect(settings.translate == true)
    #expect(changes.count == 1)
  }

  @Test("Optionals read nil until stored, read back what was stored, and nil removes the key")
  func optionals() {
    defer { removeSuite(cocktailSuite) }
    let model = CocktailsModel()
    #expect(model.lastPressedTime == nil && model.userInterfaceStyle == nil)
    let pressed = Date(timeIntervalSinceReferenceDate: 700_000_000)
    model.lastPressedTime = pressed
    model.userInterfaceStyle = 2
    #expect(CocktailsModel().lastPressedTime == pressed)
    #expect(UserDefaults.cocktails.object(forKey: "userInterfaceStyle") as? Int == 2)
    model.userInterfaceStyle = nil
    #expect(UserDefaults.cocktails.object(forKey: "userInterfaceStyle") == nil)
  }

  @Test("Plain observed and computed properties work beside the persisted ones")
  func plainProperties() {
    let model = CocktailsModel()
    let changes = LockedCounter()
    withObservationTracking {
      _ = model.isSearching
    } onChange: {
      changes.increment()
    }
    model.searchText = "negroni"
    #expect(model.isSearching)
    #expect(changes.count == 1)
    #expect(UserDefaults.cocktails.object(forKey: "searchText") == nil)
  }
}
