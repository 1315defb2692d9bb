import Foundation
import Observation
import UserDefaultsKit

// A tour of UserDefaultsKit. Run it twice: the launch counter survives.

enum Theme: String, DefaultsSerializable {
  case light, dark, system
}

struct Profile: Codable, Equatable, DefaultsSerializable {
  var name: String
  var favoriteNumbers: [Int]
}

let suite = "com.example.UserDefaultsKitDemo"

/// A settings type: every stored `var` is persisted, its initial value is its default.
@DefaultsBacked(prefix: "demo_", store: UserDefaultsStore.suite(suite))
struct Settings {
  var launchCount = 0
  var theme: Theme = .system
  var profile: Profile?
  @DefaultsIgnored var sessionNote = "not stored"
}

/// The same, observable: SwiftUI and withObservationTracking see each property.
@ObservableDefaults(prefix: "demo_", store: UserDefaultsStore.suite(suite))
final class LiveSettings {
  var theme: Theme = .system
}

let settings = Settings()
settings.launchCount += 1
print("Launch number \(settings.launchCount) (run me again: the count is stored)")

let live = LiveSettings()
withObservationTracking {
  _ = live.theme
} onChange: {
  print("  observed: the theme is about to change")
}
print("Theme: \(settings.theme)")
settings.theme = settings.launchCount.isMultiple(of: 2) ? .dark : .light
print("Theme after writing through another object over the same suite: \(live.theme)")

settings.profile = Profile(name: "Ada", favoriteNumbers: [3, 14])
print("Profile: \(settings.profile.map { "\($0.name), \($0.favoriteNumbers)" } ?? "none")")
settings.profile = nil
print("After assigning nil: \(settings.profile?.name ?? "none") (the key is removed)")

// Without macros: keys declared once, and the @Default wrapper over one of them.
extension DefaultsKey where Value == Int {
  static let playerCount = DefaultsKey("NumberOfPlayers", default: 3, store: UserDefaultsStore.suite(suite))
}
let launchKey = DefaultsKey<Int>("demo_launchCount", default: 0, store: UserDefaultsStore.suite(suite))
struct Game {
  @Default(.playerCount) var playerCount
}
print("@Default player count: \(Game().playerCount)")

let stream = Task {
  var seen: [Int] = []
  for await count in launchKey.values {
    seen.append(count)
    if seen.count == 2 { break }
  }
  return seen
}
try await Task.sleep(for: .milliseconds(50))
settings.launchCount += 0  // an equal value: nothing is announced
settings.launchCount += 1000
print("Async sequence of the launch count: \(await stream.value)")
settings.launchCount -= 1000
