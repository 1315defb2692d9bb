import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("A key's migrations run at launch")
struct LaunchMigrationTests {
  enum TextSize: String { case small, medium, large }

  /// What a widget, another process that declares no migrations, reads for `key` in `suite`.
  private func widgetRead(_ key: String, in suite: UserDefaultsStore) throws -> String {
    try HelperProcess.run(["read", suite.suiteName!, key]).standardOutput
  }

  @Test("A widget reads the older form until migrate() runs, then the current form")
  func widgetReadsTheMigratedValue() async throws {
    try await withTemporarySuite { appGroup in
      try await withTemporarySuite { standard in
        try standard.write(.integer(20), forKey: "textSize")
        #expect(try widgetRead("textSize", in: appGroup) == "nothing\n")

        let textSize = DefaultsKey(
          "textSize", default: TextSize.medium, store: appGroup,
          migrations: [
            .moved(from: "textSize", in: standard),
            .from(Int.self) { $0 < 14 ? .small : $0 < 18 ? .medium : .large },
          ])
        #expect(
          try widgetRead("textSize", in: appGroup) == "\(PropertyListValue.integer(20))\n",
          "the move ran when the key was made; the conversion waits for a read")

        try textSize.migrate()
        #expect(try widgetRead("textSize", in: appGroup) == "\(PropertyListValue.string("large"))\n")
        #expect(standard.storedValues["textSize"] == nil)
      }
    }
  }

  @Test(
    "migrate() moves a value that reached an earlier name after the key was made",
    arguments: StoreKind.allCases)
  func moveAfterTheKeyWasMade(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let volume = DefaultsKey("laterVolume", default: 0.5, store: store, previously: ["oldVolume"])
      try store.write(.double(0.8), forKey: "oldVolume")  // as version 1, still running elsewhere, would
      try volume.migrate()
      #expect(store.read("laterVolume") == .double(0.8) && store.read("oldVolume") == nil)
    }
  }

  @Test("migrate() writes nothing when the migrations are done, and announces nothing")
  func nothingToDo() throws {
    let store = InMemoryDefaultsStore(values: ["doneSize": .string("small")])
    let size = DefaultsKey(
      "doneSize", default: TextSize.medium, store: store, previously: ["size"],
      migrations: [.from(Int.self) { _ in .large }])
    let heard = LockedArray<TextSize>()
    let observation = size.observe { heard.append($0) }
    defer { observation.cancel() }
    try size.migrate()
    #expect(store.storedValues == ["doneSize": .string("small")] && heard.all.isEmpty)
  }

  @Test("migrate() throws why the converted value was not written, and the older form stays")
  func writeFailureIsThrown() throws {
    let store = DictionaryStore()
    try store.write(.integer(20), forKey: "refusedSize")
    let size = DefaultsKey(
      "refusedSize", default: TextSize.medium, store: store, migrations: [.from(Int.self) { _ in .large }])
    store.refusesWrites = true
    let error = try #require(#expect(throws: DefaultsError.self) { try size.migrate() })
    #expect(error.kind == .writeFailed && error.key == "refusedSize")
    #expect(error.underlying is DictionaryStore.Refused)
    #expect(store.read("refusedSize") == .integer(20))
  }
}
