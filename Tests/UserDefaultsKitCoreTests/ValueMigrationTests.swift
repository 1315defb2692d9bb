import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Value migrations")
struct ValueMigrationTests {
  enum Mode: String { case on, off }

  struct OldProfile: Codable { var name: String }
  struct Profile: Codable, Equatable { var fullName: String }

  enum TextSize: String { case small, medium, large }

  @Test(
    "An Int that is now an enum is converted, written back once in the current form, and announced once",
    arguments: StoreKind.allCases)
  func intToEnum(kind: StoreKind) async throws {
    try await kind.withStore { store in
      try store.write(.integer(12), forKey: "migratedSize")
      let size = DefaultsKey(
        "migratedSize", default: TextSize.medium, store: store,
        migrations: [.from(Int.self) { $0 < 14 ? .small : $0 < 18 ? .medium : .large }])
      let heard = LockedArray<TextSize>()
      let observation = size.observe { heard.append($0) }
      defer { observation.cancel() }
      #expect(size.value == .small)
      #expect(store.read("migratedSize") == .string("small"), "written back in the current form")
      #expect(size.value == .small)
      #expect(heard.all == [.small], "announced once")
      if let store = store as? UserDefaultsStore {
        #expect(
          UserDefaults(suiteName: store.suiteName!)?.string(forKey: "migratedSize") == "small", "a plain read"
        )
      }
    }
  }

  @Test(
    "A value in an older form written by someone else is converted and announced once",
    arguments: StoreKind.allCases)
  func olderFormFromElsewhere(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let size = DefaultsKey(
        "incomingSize", default: TextSize.medium, store: store,
        migrations: [.from(Int.self) { $0 < 14 ? .small : $0 < 18 ? .medium : .large }])
      let heard = LockedArray<TextSize>()
      let observation = size.observe { heard.append($0) }
      defer { observation.cancel() }
      try store.write(.integer(20), forKey: "incomingSize")  // as version 1, still running elsewhere, would
      #expect(heard.all == [.large], "once, not again for the written-back form")
      #expect(store.read("incomingSize") == .string("large"))
    }
  }

  enum OldMode: String, Codable { case enabled, disabled }

  @Test(
    "A RawRepresentable and Codable type it used to be, and an optional converted to nil",
    arguments: StoreKind.allCases)
  func rawRepresentableAndOptional(kind: StoreKind) async throws {
    try await kind.withStore { store in
      try store.write(.string("enabled"), forKey: "oldMode")
      let isOn = DefaultsKey(
        "oldMode", default: false, store: store, migrations: [.from(OldMode.self) { $0 == .enabled }])
      #expect(isOn.value == true && store.read("oldMode") == .bool(true))

      try store.write(.string("none"), forKey: "optionalLimit")
      let limit = DefaultsKey<Int?>(
        "optionalLimit", default: nil, store: store,
        migrations: [.stored { $0 == .string("none") ? .some(nil) : nil }])
      #expect(limit.value == nil)
      #expect(store.read("optionalLimit") == nil, "the old value is removed, not left to convert again")
    }
  }

  @Test("A value the current type reads is not migrated: an Int read as a Double")
  func noMigrationWhenItDecodes() throws {
    let store = InMemoryDefaultsStore(values: ["lenient": .integer(50)])
    let volume = DefaultsKey(
      "lenient", default: 0.0, store: store, migrations: [.from(Int.self) { Double($0) / 100 }])
    #expect(volume.value == 50, "Double reads an Int as it is")
    #expect(store.storedValues["lenient"] == .integer(50))
  }

  @Test(
    "A Bool that is now an enum, and a Codable struct before a field was renamed",
    arguments: StoreKind.allCases)
  func boolAndCodable(kind: StoreKind) async throws {
    try await kind.withStore { store in
      try store.write(.bool(true), forKey: "migratedMode")
      let mode = DefaultsKey(
        "migratedMode", default: Mode.off, store: store, migrations: [.from(Bool.self) { $0 ? .on : .off }])
      #expect(mode.value == .on)
      #expect(store.read("migratedMode") == .string("on"))

      try store.write(.data(try JSONEncoder().encode(OldProfile(name: "Ada"))), forKey: "migratedProfile")
      let profile = DefaultsKey(
        "migratedProfile", default: Profile(fullName: ""), store: store,
        migrations: [
          .from(Int.self) { _ in Profile(fullName: "wrong") },
          .from(OldProfile.self) { Profile(fullName: $0.name) },
        ])
      #expect(profile.value == Profile(fullName: "Ada"), "the first migration that reads it")
      guard case .data(let stored)? = store.read("migratedProfile") else {
        Issue.record("not written back as JSON data")
        return
      }
      #expect(try JSONDecoder().decode(Profile.self, from: stored) == Profile(fullName: "Ada"))
    }
  }

  @Test("A conversion of the user's own reads the stored value itself", arguments: StoreKind.allCases)
  func storedConversion(kind: StoreKind) async throws {
    try await kind.withStore { store in
      try store.write(.string("never"), forKey: "migratedLaunches")
      let launches = DefaultsKey(
        "migratedLaunches", default: 5, store: store,
        migrations: [.stored { $0 == .string("never") ? 0 : nil }])
      #expect(launches.value == 0)
      #expect(store.read("migratedLaunches") == .integer(0))
    }
  }

  @Test(
    "A migration that throws writes nothing and is reported; the value reads as the default",
    arguments: StoreKind.allCases)
  func throwingMigration(kind: StoreKind) async throws {
    struct Refused: Error {}
    try await kind.withStore { store in
      let errors = ReportedErrors(for: store)
      try store.write(.integer(7), forKey: "refusedCount")
      let count = DefaultsKey(
        "refusedCount", default: "none", store: store, migrations: [.from(Int.self) { _ in throw Refused() }])
      #expect(count.value == "none")
      #expect(store.read("refusedCount") == .integer(7), "the stored value stays")
      #expect(errors.all.contains { $0.summary == "migrationFailed 'refusedCount'" })
      #expect(errors.all.contains { $0.summary == "undecodableValue 'refusedCount'" })
    }
  }

  @Test(
    "A value written while a conversion runs is not overwritten by its write-back",
    arguments: StoreKind.allCases)
  func writeBackOnlyOverTheConvertedValue(kind: StoreKind) async throws {
    try await kind.withStore { store in
      try store.write(.string("low"), forKey: "racedLevel")
      let level = DefaultsKey(
        "racedLevel", default: 0, store: store,
        migrations: [
          .stored { _ in
            try store.write(.integer(9), forKey: "racedLevel")  // as another process would, meanwhile
            return 1
          }
        ])
      _ = level.value
      #expect(store.read("racedLevel") == .integer(9))
      #expect(level.value == 9)
    }
  }

  @Test(
    "A move from another store: written to the key, then removed where it was", arguments: StoreKind.allCases)
  func moveFromAnotherStore(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let old = InMemoryDefaultsStore(values: ["theme": .string("dark"), "kept": .string("x")])
      let theme = DefaultsKey(
        "movedTheme", default: "system", store: store, migrations: [.moved(from: "theme", in: old)])
      #expect(theme.value == "dark")
      #expect(old.storedValues == ["kept": .string("x")], "removed from where it was")

      try store.write(.string("light"), forKey: "takenTheme")
      let other = InMemoryDefaultsStore(values: ["theme": .string("dark")])
      let taken = DefaultsKey(
        "takenTheme", default: "system", store: store, migrations: [.moved(from: "theme", in: other)])
      #expect(taken.value == "light", "a value at the destination is kept")
      #expect(other.storedValues == ["theme": .string("dark")], "and the source is left alone")
    }
  }

  @Test("A move from the key itself is reported, and moves nothing")
  func moveFromItself() throws {
    let store = InMemoryDefaultsStore(values: ["loop": .integer(1)])
    let errors = ReportedErrors(for: store)
    let loop = DefaultsKey("loop", default: 0, store: store, migrations: [.moved(from: "loop", in: store)])
    #expect(loop.value == 1 && store.storedValues == ["loop": .integer(1)])
    #expect(
      errors.warnings.contains {
        $0.summary == "migrationFailed 'loop'" && $0.detail?.contains("itself") == true
      })
  }

  @Test("A move between two real suites, as from the standard suite to an app group's")
  func moveBetweenSuites() async throws {
    try await withTemporarySuite { appGroup in
      try await withTemporarySuite { standard in
        try standard.write(.integer(3), forKey: "launches")
        let launches = DefaultsKey(
          "launches", default: 0, store: appGroup, migrations: [.moved(from: "launches", in: standard)])
        #expect(launches.value == 3)
        #expect(standard.storedValues["launches"] == nil)
        #expect(appGroup.storedValues["launches"] == .integer(3))
      }
    }
  }
}
