// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Observation
import UserDefaultsKit

// The examples of the macros' doc comments (UserDefaultsKit).

enum Theme: String, Codable { case light, dark, system }

@DefaultsBacked(prefix: "app_")
struct Settings {
  var launchCount = 0
  var theme: Theme = .system
  @DefaultsProperty("volume_v2", previously: "volume") var volume = 0.5
  @DefaultsIgnored var scratch = ""
}

func useSettings() throws {
  let settings = Settings()             // or Settings(store: UserDefaultsStore.suite("x"))
  settings.launchCount += 1
  try settings.updateDefaults { $0.launchCount += 1; $0.theme = .dark }
  try settings.migrateDefaults()
  try settings.defaultsKey(for: \.volume)?.reset()
  let keys = settings.defaultsKeys(for: \.launchCount, \.theme)
  let observation = DefaultsKeys.observe(keys) { print("launch count or theme changed") }
  withExtendedLifetime(observation) {}
}

@ObservableDefaults
final class LiveSettings {
  var volume = 0.5                    // persisted and observed
  @DefaultsIgnored var isEditing = false   // observed, in memory only
  @ObservationIgnored @DefaultsIgnored var cache = [String: Int]()   // neither
}

@DefaultsBacked
struct Connection {
  @DefaultsProperty("theme_v2", previously: "theme") var theme = Theme.system
  @DefaultsProperty(default: 3) var retries: Int
}

@DefaultsBacked(access: .internal)
public struct SharedSettings { public var volume = 0.5 }
