import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

private enum TextSize: String { case small, medium, large }

/// Where version 1 kept its settings (the standard suite, in an app): named at the attribute,
/// where it is type-checked, so not an instance member.
private let version1Suite = UserDefaultsStore.suite(temporarySuiteName())

@DefaultsBacked(prefix: "app_")
private struct WidgetSettings {
  @DefaultsProperty(
    migrations: .moved(from: "textSize", in: version1Suite),
    .from(Int.self) { $0 < 14 ? TextSize.small : $0 < 18 ? .medium : .large })
  var textSize = TextSize.medium
}

@ObservableDefaults(prefix: "app_")
private final class ObservedWidgetSettings {
  @DefaultsProperty(
    migrations: .moved(from: "textSize", in: version1Suite),
    .from(Int.self) { $0 < 14 ? TextSize.small : $0 < 18 ? .medium : .large })
  var textSize = TextSize.medium
}

/// Where version 1 kept the accent and the text size, as `app_accent` (with the prefix, as a
/// settings type of version 1 stored it) and `size` (as a key of its own did).
private let version1Store = InMemoryDefaultsStore(values: [
  "app_accent": .string("red"), "accent": .string("blue"), "size": .string("small"),
])

private enum SettingsPrefix {
  static let app = "app_"
}

@DefaultsBacked(prefix: SettingsPrefix.app)
private struct MovedSettings {
  @DefaultsProperty(migrations: .moved(from: "accent", in: version1Store)) var accentColor = "none"
  @DefaultsProperty(migrations: .moved(from: "size", in: version1Store)) var textSize = "medium"
}

@DefaultsBacked(prefix: "app_")
private struct RenamedSettings {
  @DefaultsProperty(previously: "accent") var accentColor = "none"
  @DefaultsProperty(previously: "size") var textSize = "medium"
}

@Suite("A settings type's migrations run at launch")
struct LaunchMigrationMacroTests {
  @Test("A widget reads the older form until migrateDefaults() runs, then the current form")
  func widgetReadsTheMigratedValue() throws {
    let launches: [(String, (any DefaultsStore) -> () throws -> Void)] = [
      ("@DefaultsBacked", { WidgetSettings(store: $0).migrateDefaults }),
      ("@ObservableDefaults", { ObservedWidgetSettings(store: $0).migrateDefaults }),
    ]
    defer { removeSuite(version1Suite.suiteName!) }
    for (api, launch) in launches {
      let appGroupName = temporarySuiteName()
      defer { removeSuite(appGroupName) }
      /// What a widget, another process that declares no migrations, reads in the app group's suite.
      func widgetRead() throws -> String {
        try HelperProcess.run(["read", appGroupName, "app_textSize"]).standardOutput
      }
      try version1Suite.write(.integer(20), forKey: "app_textSize")
      #expect(try widgetRead() == "nothing\n", "\(api)")

      let migrateDefaults = launch(UserDefaultsStore.suite(appGroupName))
      #expect(
        try widgetRead() == "\(PropertyListValue.integer(20))\n",
        "\(api): the move ran when the type was made; the conversion waits for a read")

      try migrateDefaults()
      #expect(try widgetRead() == "\(PropertyListValue.string("large"))\n", "\(api)")
      #expect(version1Suite.storedValues["app_textSize"] == nil, "\(api)")
    }
  }

  @Test("A move's name gets the type's prefix, as a previously: name does; the name as written still moves")
  func movesAndEarlierNamesGetThePrefix() {
    let moved = MovedSettings(store: InMemoryDefaultsStore())
    #expect(moved.accentColor == "red" && moved.textSize == "small")
    #expect(version1Store.storedValues == ["accent": .string("blue")])

    let store = InMemoryDefaultsStore(values: [
      "app_accent": .string("red"), "accent": .string("blue"), "size": .string("small"),
    ])
    let renamed = RenamedSettings(store: store)
    #expect(renamed.accentColor == "red" && renamed.textSize == "small")
    #expect(store.storedValues["accent"] == .string("blue"))
  }
}
