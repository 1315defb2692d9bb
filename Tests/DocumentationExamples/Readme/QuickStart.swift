// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation                              // Date, UserDefaults
import UserDefaultsKit

// The README's opening example. Lines between the README's own are the context it assumes.

struct Profile: Codable { var name: String }

enum Theme: String, Codable { case light, dark, system }   // stored as "dark": no conformance needed

@DefaultsBacked(prefix: "app_")
struct Settings {
  var launchCount = 0                          // key "app_launchCount", default 0
  var theme: Theme = .system
  var profile: Profile?                        // assigning nil removes the key
  @DefaultsProperty("volume_v2", previously: "volume") var volume = 0.5   // "app_volume_v2", was "app_volume"
  @DefaultsIgnored var scratch = ""
}

func quickStart() {
  let settings = Settings()                      // or Settings(store: UserDefaultsStore.suite("x"))
  settings.launchCount += 1                      // stored when the assignment returns
}

@ObservableDefaults                            // Observation: SwiftUI and withObservationTracking
final class LiveSettings { var theme: Theme = .system }

@DefaultsEntry("lastOpened", default: Date.distantPast)
var lastOpened: Date                           // one property, global, static or instance
