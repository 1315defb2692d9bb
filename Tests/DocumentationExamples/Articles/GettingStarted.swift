// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation                              // Date, UserDefaults
import UserDefaultsKit

// "Getting started", and the catalog's landing page, whose example is a part of this one.

enum Theme: String, Codable { case light, dark, system }

@DefaultsBacked(prefix: "app_")
struct Settings {
  var launchCount = 0
  var theme: Theme = .system
  var nickname: String?
  @DefaultsIgnored var scratch = ""
}

func declareSettings() {
  let settings = Settings()                      // UserDefaults.standard
  let groupSettings = Settings(store: UserDefaultsStore.suite("group.example"))
  settings.launchCount += 1                      // stored when the assignment returns
  settings.nickname = nil                        // removes the key
  _ = groupSettings
}

@ObservableDefaults
final class LiveSettings { var theme: Theme = .system }
