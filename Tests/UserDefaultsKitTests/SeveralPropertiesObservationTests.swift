import DefaultsTestSupport
import Testing
import UserDefaultsKit

@DefaultsBacked
private struct GameSettings {
  var wins = 0
  var streak = 0
  var nickname = ""
}

@ObservableDefaults
private final class LiveGameSettings {
  var wins = 0
  var streak = 0
  @DefaultsIgnored var isPaused = false
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

  @Test("defaultsKeys(for:) gives the keys of the properties named, in order, for one handler")
  func keysOfSeveralProperties() throws {
    let settings = GameSettings(store: InMemoryDefaultsStore())
    let keys = settings.defaultsKeys(for: \.streak, \.wins)
    #expect(keys.map(\.name) == ["streak", "wins"])
    let seen = LockedArray<[Int]>()
    let observation = DefaultsKeys.observe(keys) { seen.append([settings.wins, settings.streak]) }
    settings.wins = 1
    settings.nickname = "Ada"
    try settings.updateDefaults {
      $0.wins += 1
      $0.streak += 1
    }
    observation.cancel()
    #expect(seen.all == [[1, 0], [2, 1]])
  }

  @Test("An observable settings class: the sequence yields at once, then once per change of its properties")
  func observableClassSequence() async throws {
    let settings = LiveGameSettings(store: InMemoryDefaultsStore())
    var changes = DefaultsKeys.updates(of: settings.defaultsKeys(for: \.wins, \.streak)).makeAsyncIterator()
    #expect(await changes.next() != nil)
    settings.isPaused = true
    try settings.updateDefaults {
      $0.wins = 3
      $0.streak = 2
    }
    #expect(await changes.next() != nil)
    #expect([settings.wins, settings.streak] == [3, 2])
  }

  @Test("A key path to a property with no key stops the program rather than leave it unobserved")
  func propertyWithoutKey() async {
    await #expect(processExitsWith: .failure) {
      let settings = LiveGameSettings(store: InMemoryDefaultsStore())
      _ = settings.defaultsKeys(for: \.wins, \.isPaused)
    }
  }
}
