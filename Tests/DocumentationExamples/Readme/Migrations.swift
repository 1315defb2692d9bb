// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKit

// The article "Migrations" (the README links it).

enum TextSize: String { case small, medium, large }

@DefaultsBacked(store: UserDefaultsStore.suite("group.com.example.app"))
struct SharedSettings {
  @DefaultsProperty(
    migrations: .moved(from: "textSize", in: UserDefaultsStore.standard),
    .from(Int.self) { $0 < 14 ? TextSize.small : $0 < 18 ? .medium : .large })
  var textSize = TextSize.medium
}

func migrateAtLaunch() throws {
  // At launch: reshape what version 1 left, once per suite.
  try UserDefaultsStore.suite("group.com.example.app").migrate([
    SuiteMigration(1) { values in values["theme"] = values.removeValue(forKey: "colorScheme") },
    SuiteMigration(2) { values in values["legacyBanner"] = nil },
  ])
  // Then move and convert every setting now, before the widget reads the suite.
  try SharedSettings().migrateDefaults()
}
