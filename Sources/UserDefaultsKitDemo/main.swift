import Foundation
import UserDefaultsKitCore

// A tour of the runtime. Run it twice: the launch counter survives.

enum Theme: String, DefaultsSerializable {
  case light, dark, system
}

struct Profile: Codable, Equatable, DefaultsSerializable {
  var name: String
  var favoriteNumbers: [Int]
}

let store = UserDefaultsStore.suite("com.example.UserDefaultsKitDemo")

let launchCount = DefaultsKey<Int>("launchCount", default: 0, store: store)
let theme = DefaultsKey<Theme>("theme", default: .system, store: store)
let profile = DefaultsKey<Profile?>("profile", store: store)

launchCount.value += 1
print("Launch number \(launchCount.value) (run me again: the count is stored)")

let observation = theme.observe { print("  observed: theme is now \(String(describing: $0))") }
print("Theme: \(theme.value)")
theme.value = launchCount.value.isMultiple(of: 2) ? .dark : .light
theme.value = theme.value  // An equal value: no notification.
observation.cancel()

profile.value = Profile(name: "Ada", favoriteNumbers: [3, 14])
print("Profile: \(profile.value.map { "\($0.name), \($0.favoriteNumbers)" } ?? "none")")
profile.value = nil
print("After assigning nil: \(profile.value.map(\.name) ?? "none"), key present: \(!profile.isDefault)")

struct Game {
  @Default(key: "NumberOfPlayers", defaultValue: 3, defaults: store.userDefaults)
  var playerCount: Int
}
let game = Game()
print("@Default player count: \(game.playerCount)")

let stream = Task {
  var seen: [Int] = []
  for await count in launchCount.values {
    seen.append(count)
    if seen.count == 2 { break }
  }
  return seen
}
try await Task.sleep(for: .milliseconds(50))
launchCount.value += 0  // unchanged: nothing is announced
launchCount.value += 1000
print("Async sequence of launchCount: \(await stream.value)")
launchCount.value -= 1000
