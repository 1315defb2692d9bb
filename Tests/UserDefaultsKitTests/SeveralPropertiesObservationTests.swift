import DefaultsTestSupport
import Testing
import UserDefaultsKit

@DefaultsBacked
private struct GameSettings {
  var wins = 0
  var streak = 0
  var nickname = ""
}

@Suite("Observing several properties of a settings type")
struct SeveralPropertiesObservationTests {
  @Test("The keys of two properties: each change is one call, an update of both one, another property none")
  func settingsKeys() throws {
    let settings = GameSettings(store: InMemoryDefaultsStore())
    let keys = [settings.defaultsKey(for: \.wins)!, settings.defaultsKey(for: \.streak)!]
    let seen = LockedArray<[Int]>()
    let observation = DefaultsKeys.observe(keys) { seen.append([settings.wins, settings.streak]) }
    settings.wins = 1
    settings.nickname = "Ada"
    try settings.updateDefaults {
      $0.wins += 1
      $0.streak += 1
    }
    observation.cancel()
    settings.streak = 5
    #expect(seen.all == [[1, 0], [2, 1]])
  }
}
