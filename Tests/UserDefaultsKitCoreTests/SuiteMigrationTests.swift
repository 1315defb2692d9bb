import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Suite migrations")
struct SuiteMigrationTests {
  static let steps = [
    SuiteMigration(1) { values in values["theme"] = values.removeValue(forKey: "colorScheme") },
    SuiteMigration(2) { values in
      // Split one setting into two.
      if case .string(let size)? = values.removeValue(forKey: "windowSize") {
        let parts = size.split(separator: "x").compactMap { Int64($0) }
        if parts.count == 2 { (values["width"], values["height"]) = (.integer(parts[0]), .integer(parts[1])) }
      }
    },
    SuiteMigration(3) { values in values["legacyFlag"] = nil },
  ]

  static let before: [String: PropertyListValue] = [
    "colorScheme": .string("dark"), "windowSize": .string("800x600"), "legacyFlag": .bool(true),
    "kept": .integer(1),
  ]

  @Test(
    "Steps run in order, once, in one write, and the suite records the last", arguments: StoreKind.allCases)
  func stepsRunOnce(kind: StoreKind) async throws {
    try await kind.withStore { store in
      for (key, value) in Self.before { try store.write(value, forKey: key) }
      let heard = LockedArray<PropertyListValue?>()
      let observation = store.observe("theme") { heard.append($0) }
      defer { observation.cancel() }
      #expect(try migrate(store, Array(Self.steps.prefix(1))) == 1)
      #expect(try migrate(store, Self.steps) == 3, "only the steps not run yet")
      #expect(try migrate(store, Self.steps) == 3)
      #expect(
        storedValues(of: store) == [
          "theme": .string("dark"), "width": .integer(800), "height": .integer(600), "kept": .integer(1),
          SuiteMigration.recordKey: .integer(3),
        ])
      #expect(heard.all == [.string("dark")], "observers hear each change once")
    }
  }

  @Test("A step that throws writes nothing, and its error reaches the caller", arguments: StoreKind.allCases)
  func throwingStep(kind: StoreKind) async throws {
    struct Refused: Error {}
    try await kind.withStore { store in
      for (key, value) in Self.before { try store.write(value, forKey: key) }
      let failing = Self.steps + [SuiteMigration(4) { _ in throw Refused() }]
      #expect(throws: Refused.self) { try migrate(store, failing) }
      #expect(storedValues(of: store) == Self.before, "not even the steps before it")
    }
  }

  @Test("Numbers that are not positive and increasing are refused before anything runs")
  func unorderedSteps() throws {
    let store = InMemoryDefaultsStore()
    let steps = [SuiteMigration(2) { $0["a"] = .integer(1) }, SuiteMigration(1) { _ in }]
    #expect(throws: DefaultsError(.migrationStepsUnordered, detail: "[2, 1]")) { try store.migrate(steps) }
    #expect(throws: DefaultsError(.migrationStepsUnordered, detail: "[0]")) {
      try store.migrate([SuiteMigration(0) { _ in }])
    }
    #expect(store.storedValues.isEmpty)
  }

  @Test("A damaged record, a step that writes the record, and a call inside an update run nothing")
  func refusedRuns() throws {
    let store = InMemoryDefaultsStore(values: [SuiteMigration.recordKey: .string("two"), "a": .integer(1)])
    let step = SuiteMigration(1) { $0["a"] = nil }
    #expect(throws: DefaultsError(.migrationRecordDamaged, store: "\(store)", detail: "string(\"two\")")) {
      try store.migrate([step])
    }
    #expect(store.storedValues["a"] == .integer(1))

    let fresh = InMemoryDefaultsStore(values: ["a": .integer(1)])
    let writesRecord = SuiteMigration(1) { $0[SuiteMigration.recordKey] = .integer(9) }
    #expect(throws: DefaultsError(.migrationRecordWritten, store: "\(fresh)", detail: "step 1")) {
      try fresh.migrate([writesRecord])
    }
    #expect(throws: DefaultsError(.migrationInsideUpdate, store: "\(fresh)")) {
      try fresh.update { try fresh.migrate([step]) }
    }
    #expect(fresh.storedValues == ["a": .integer(1)])
  }

  // NB: Apple platforms cannot tell which suite an object the library did not make reads.
  #if canImport(Darwin) || APPLE_API_TYPECHECK
    @Test("A store over an object the library cannot name refuses to migrate (unnamedSuite)")
    func unnamedSuite() async {
      await withTemporarySuite { named in
        let store = UserDefaultsStore.store(for: UserDefaults(suiteName: named.suiteName!)!)
        let error = #expect(throws: DefaultsError.self) { try store.migrate([SuiteMigration(1) { _ in }]) }
        #expect(error?.kind == .unnamedSuite && error?.store == store.description)
      }
    }
  #endif

  // On Apple platforms a suite has no lock across processes: steps must be idempotent there.
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test("Four processes starting at once run a suite's step exactly once")
    func fourProcesses() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      try UserDefaultsStore.suite(suite).write(.string("Ada"), forKey: "oldName")
      let processes = try (0..<4).map { _ in try HelperProcess.start(["migrate", suite]) }
      for process in processes { process.waitUntilExit() }
      #expect(processes.allSatisfy { $0.terminationStatus == 0 })
      let store = UserDefaultsStore.suite(suite)
      store.checkForExternalChanges()
      #expect(
        store.storedValues == [
          "runs": .integer(1), "newName": .string("Ada"), SuiteMigration.recordKey: .integer(1),
        ])
    }

    @Test("A process killed inside a step leaves the suite as it was; the next one runs the step")
    func killedInsideAStep() async throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      try UserDefaultsStore.suite(suite).write(.string("Ada"), forKey: "oldName")
      let before = try #require(UserDefaultsStore.fileURL(forSuite: suite)).path
      let bytes = try Data(contentsOf: URL(fileURLWithPath: before))
      let pipe = Pipe()
      let process = try HelperProcess.start(["migrateAndHang", suite], standardOutput: pipe)
      #expect(Lines(pipe.fileHandleForReading).next() == "inside")
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(try Data(contentsOf: URL(fileURLWithPath: before)) == bytes, "the suite's file is as it was")
      #expect(try HelperProcess.run(["migrate", suite]).standardOutput == "1\n")
      let store = UserDefaultsStore.suite(suite)
      store.checkForExternalChanges()
      #expect(store.storedValues["runs"] == .integer(1) && store.storedValues["newName"] == .string("Ada"))
    }
  #endif
}

/// Runs `steps` on a built-in store.
private func migrate(_ store: any DefaultsStore, _ steps: [SuiteMigration]) throws -> Int {
  switch store {
  case let store as UserDefaultsStore: return try store.migrate(steps)
  case let store as InMemoryDefaultsStore: return try store.migrate(steps)
  default: preconditionFailure("not a built-in store")
  }
}

/// What a built-in store stores, without registered defaults.
private func storedValues(of store: any DefaultsStore) -> [String: PropertyListValue] {
  switch store {
  case let store as UserDefaultsStore: return store.storedValues
  case let store as InMemoryDefaultsStore: return store.storedValues
  default: preconditionFailure("not a built-in store")
  }
}
