import DefaultsTestSupport
import Foundation
import PostgresNIO
import PostgresTestSupport
import Testing
import UserDefaultsKit
import UserDefaultsKitPostgres

/// The PostgreSQL store against a real server of the tests' own.
@Suite("PostgreSQL store", .postgresInstalled, .realPostgres)
struct PostgresStoreTests {
  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Every value of the round-trip matrix reads back exactly, in a store that loads it from the table")
  func roundTrips() throws {
    let writer = try TestServer.store()
    for testCase in RoundTripMatrix.cases { testCase.write(to: writer) }
    let reader = try TestServer.store(suite: writer.suite)
    for testCase in RoundTripMatrix.cases {
      #expect(testCase.mismatch(in: writer) == nil, "\(testCase.name), in the writer")
      #expect(testCase.mismatch(in: reader) == nil, "\(testCase.name), loaded from the table")
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Each change notifies once, an equal write not at all, a reset once")
  func notifications() throws {
    let store = try TestServer.store()
    for testCase in RoundTripMatrix.cases {
      #expect(testCase.notificationProblems(in: store) == [], "\(testCase.name)")
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Every stored form is the documented JSON, and JSON written by hand reads as that value")
  func mapping() throws {
    let store = try TestServer.store()
    let date = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_7)
    let forms: [(PropertyListValue, String)] = [
      (.bool(true), "true"),
      (.integer(-3), "-3"),
      (.unsignedInteger(.max), "18446744073709551615"),
      (.double(1), #"{"double": 1}"#),
      (.double(0.1), #"{"double": 0.1}"#),
      (.double(.nan), #"{"double": "nan"}"#),
      (.double(-.infinity), #"{"double": "-inf"}"#),
      (.double(-0.0), #"{"double": "-0"}"#),
      (.string("a \"quoted\" ü"), #""a \"quoted\" ü""#),
      (.data(Data([0, 1, 255])), #"{"data": "AAH/"}"#),
      (.date(date), #"{"date": "2025-11-28T05:20:00.12345671653747559Z"}"#),
      (.array([.integer(1), .double(1)]), #"[1, {"double": 1}]"#),
      (.dictionary(["a": .integer(1), "b": .string("x")]), #"{"a": 1, "b": "x"}"#),
      (.dictionary(["date": .string("x")]), #"{"dictionary": {"date": "x"}}"#),
    ]
    for (index, (value, json)) in forms.enumerated() {
      try store.write(value, forKey: "written\(index)")
      let stored = try TestServer.storedJSON(suite: store.suite, key: "written\(index)")
      #expect(stored == json, "\(value)")
      try TestServer.server.psql(
        "INSERT INTO userdefaultskit_settings (suite, key, value, seq) VALUES ('\(store.suite)', 'byHand\(index)', '\(json.replacingOccurrences(of: "'", with: "''"))', 0)"
      )
    }
    let reader = try TestServer.store(suite: store.suite)
    for (index, (value, json)) in forms.enumerated() {
      #expect(reader.read("byHand\(index)") == value, "\(json)")
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("DefaultsKey, @Default and a macro settings type work over the store, across two stores")
  func everyAPI() throws {
    let first = try TestServer.store()
    let second = try TestServer.store(suite: first.suite)
    let launches = DefaultsKey("launches", default: 0, store: first)
    try launches.update { $0 += 2 }
    @Default(DefaultsKey<Int>("launches", default: 0, store: second)) var seen
    // NB: the second store hears of the first's commit through a notification, a moment later.
    eventually { seen == 2 }
    seen = 5
    #expect(seen == 5)
    eventually { launches.value == 5 }

    let settings = PostgresSettings(store: first)
    let mirror = PostgresSettings(store: second)
    let changes = LockedCounter()
    let observation = DefaultsKeys.observe([mirror.defaultsKey(for: \.theme)!]) { changes.increment() }
    defer { observation.cancel() }
    settings.theme = "dark"
    eventually { mirror.theme == "dark" }
    eventually { changes.count == 1 }
    try settings.updateDefaults { $0.volume = 0.25 }
    eventually { mirror.volume == 0.25 }
    #expect(changes.count == 1)
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Two stores on one suite see each other's writes, and each observer hears each change once")
  func twoStores() throws {
    let first = try TestServer.store()
    let second = try TestServer.store(suite: first.suite)
    let heardByWriter = LockedArray<PropertyListValue?>()
    let heardByOther = LockedArray<PropertyListValue?>()
    let observations = [
      first.observe("flag") { heardByWriter.append($0) }, second.observe("flag") { heardByOther.append($0) },
    ]
    defer { for observation in observations { observation.cancel() } }
    let changes: [PropertyListValue?] = [.bool(true), .bool(false), nil]
    for (index, change) in changes.enumerated() {
      if let change { try first.write(change, forKey: "flag") } else { try first.remove("flag") }
      eventually { heardByOther.all.count == index + 1 }
    }
    // NB: time for a second announcement of any change (the writer's own notification) to arrive.
    Thread.sleep(forTimeInterval: 0.3)
    #expect(heardByWriter.all == changes)
    #expect(heardByOther.all == changes)
    #expect(second.read("flag") == nil)

    // Changes that follow each other before the other store fetches reach it as the last of them:
    // the table keeps one row per key, and the store never goes back to an older value.
    for value in 1...3 { try first.write(.integer(Int64(value)), forKey: "flag") }
    eventually { second.read("flag") == .integer(3) }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(heardByWriter.all.suffix(3) == [.integer(1), .integer(2), .integer(3)])
    #expect(heardByOther.all.last == .integer(3))
    #expect(
      Set(heardByOther.all.dropFirst(changes.count).map { "\($0!)" }).count == heardByOther.all.count
        - changes.count)
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A row changed or deleted by hand in psql reaches observers")
  func handEdits() throws {
    let store = try TestServer.store()
    let heard = LockedArray<PropertyListValue?>()
    let observation = store.observe("mode") { heard.append($0) }
    defer { observation.cancel() }
    try TestServer.server.psql(
      "INSERT INTO userdefaultskit_settings (suite, key, value, seq) VALUES ('\(store.suite)', 'mode', '\"fast\"', 0)"
    )
    eventually { heard.all == [.string("fast")] }
    try TestServer.server.psql(
      "UPDATE userdefaultskit_settings SET value = '7' WHERE suite = '\(store.suite)' AND key = 'mode'")
    eventually { heard.all == [.string("fast"), .integer(7)] }
    try TestServer.server.psql(
      "DELETE FROM userdefaultskit_settings WHERE suite = '\(store.suite)' AND key = 'mode'")
    eventually { heard.all == [.string("fast"), .integer(7), nil] }
    #expect(store.read("mode") == nil)
    let tombstone = try TestServer.server.psql(
      "SELECT count(*) FROM userdefaultskit_settings WHERE suite = '\(store.suite)' AND key = 'mode' AND value IS NULL"
    )
    #expect(tombstone.trimmingCharacters(in: .newlines) == "1")
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "A row whose value is not in the mapping reads as the default, is reported once, and is left as it is")
  func undecodableRow() throws {
    let suite = TestServer.uniqueSuite()
    let reports = LockedArray<DefaultsWarning>()
    let reporting = DefaultsReports.observe { problem in
      if let warning = problem as? DefaultsWarning, warning.store?.contains(suite) == true {
        reports.append(warning)
      }
    }
    defer { reporting.cancel() }
    // NB: a store of another suite makes the table, when this test runs before any other.
    _ = try TestServer.store()
    try TestServer.server.psql(
      "INSERT INTO userdefaultskit_settings (suite, key, value, seq) VALUES ('\(suite)', 'when', '{\"date\": \"yesterday\"}', 0)"
    )
    let store = try TestServer.store(suite: suite)
    let when = DefaultsKey("when", default: Date(timeIntervalSince1970: 0), store: store)
    #expect(when.value == Date(timeIntervalSince1970: 0))
    #expect(when.value == Date(timeIntervalSince1970: 0))
    #expect(reports.all.map(\.kind) == [.unreadableObject])
    #expect(reports.all.first?.key == "when")
    let stored = try TestServer.storedJSON(suite: suite, key: "when")
    #expect(stored == #"{"date": "yesterday"}"#)
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Suite and key names with quotes, semicolons, $1 and Unicode are data; a NUL is a clear error")
  func awkwardNames() throws {
    let names = ["it's", "a;b", "$1", "'); DROP TABLE userdefaultskit_settings; --", "名前 🎌", "\\", "%_"]
    for name in names {
      let store = try TestServer.store(suite: name + UUID().uuidString)
      try store.write(.string(name), forKey: name)
      let reader = try TestServer.store(suite: store.suite)
      #expect(reader.read(name) == .string(name), "\(name)")
    }
    let store = try TestServer.store()
    #expect(throws: DefaultsError.self) { try store.write(.integer(1), forKey: "a\u{0}b") }
    do {
      try store.write(.string("a\u{0}b"), forKey: "text")
      Issue.record("a NUL in a string was written")
    } catch {
      #expect(error.kind == .valueNotStorable)
      #expect(error.detail?.contains("NUL") == true)
    }
    #expect(throws: DefaultsError.self) { _ = try TestServer.store(suite: "suite\u{0}") }
    #expect(store.read("text") == nil)
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("An update that throws stores nothing; one that returns stores all of its writes together")
  func updateIsATransaction() throws {
    let store = try TestServer.store()
    let a = DefaultsKey("a", default: 0, store: store)
    let b = DefaultsKey("b", default: 0, store: store)
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try store.update {
        a.value = 1
        b.value = 1
        throw Stop()
      }
    }
    let reader = try TestServer.store(suite: store.suite)
    #expect(reader.read("a") == nil)
    try store.update {
      a.value = 2
      b.value = 3
    }
    eventually { reader.read("a") == .integer(2) && reader.read("b") == .integer(3) }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Concurrent updates from several stores on several threads lose no increment")
  func concurrentIncrements() throws {
    let suite = TestServer.uniqueSuite()
    let stores = try (0..<4).map { _ in try TestServer.store(suite: suite) }
    let increments = 25
    let failures = LockedArray<String>()
    DispatchQueue.concurrentPerform(iterations: stores.count) { index in
      let counter = DefaultsKey("counter", default: 0, store: stores[index])
      for _ in 0..<increments {
        do { try counter.update { $0 += 1 } } catch { failures.append("\(error)") }
      }
    }
    #expect(failures.all == [])
    let total = try TestServer.storedJSON(suite: suite, key: "counter")
    #expect(total == "\(stores.count * increments)")
    for store in stores {
      eventually { store.read("counter") == .integer(Int64(stores.count * increments)) }
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Updates from two other processes and this one, all at once, lose no increment")
  func incrementsAcrossProcesses() throws {
    let suite = TestServer.uniqueSuite()
    let helper = try #require(HelperProcess.builtExecutable(named: "PostgresTestHelper"))
    let (perProcess, inProcess) = (50, 25)
    let processes = try (0..<2).map { _ in
      let process = Process()
      process.executableURL = helper
      process.arguments = [
        "increment", TestServer.server.socketPath, PostgresServer.superuser, PostgresServer.databaseName,
        suite,
        "counter", "\(perProcess)",
      ]
      try process.run()
      return process
    }
    let counter = DefaultsKey("counter", default: 0, store: try TestServer.store(suite: suite))
    for _ in 0..<inProcess { try counter.update { $0 += 1 } }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    let expected = 2 * perProcess + inProcess
    let total = try TestServer.storedJSON(suite: suite, key: "counter")
    #expect(total == "\(expected)")
    eventually { counter.value == expected }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Suite migrations run once, whichever store runs them first")
  func migrations() throws {
    let suite = TestServer.uniqueSuite()
    let stores = try (0..<3).map { _ in try TestServer.store(suite: suite) }
    try stores[0].write(.string("dark"), forKey: "colorScheme")
    let runs = LockedCounter()
    let steps = [
      SuiteMigration(1) { values in
        runs.increment()
        values["theme"] = values.removeValue(forKey: "colorScheme")
      }
    ]
    DispatchQueue.concurrentPerform(iterations: stores.count) { index in
      _ = try? stores[index].migrate(steps)
    }
    #expect(runs.count == 1)
    for store in stores {
      eventually { store.read("theme") == .string("dark") && store.read("colorScheme") == nil }
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A role that may only read gets a clear error for a write, and the stored value stays")
  func readOnlyRole() throws {
    let store = try TestServer.store()
    try store.write(.integer(1), forKey: "limit")
    let role = "reader_\(UUID().uuidString.prefix(8).lowercased())"
    try TestServer.server.psql(
      "CREATE ROLE \(role) LOGIN; GRANT SELECT ON userdefaultskit_settings, userdefaultskit_schema TO \(role)"
    )
    let reader = try TestServer.store(suite: store.suite, user: role)
    #expect(reader.read("limit") == .integer(1))
    do {
      try reader.write(.integer(2), forKey: "limit")
      Issue.record("a read-only role wrote")
    } catch {
      #expect(error.kind == .writeFailed)
      #expect(error.detail?.contains("permission denied") == true, "\(error)")
      #expect(error.underlying is PSQLError)
    }
    #expect(reader.read("limit") == .integer(1))
    #expect(store.read("limit") == .integer(1))
    let stored = try TestServer.storedJSON(suite: store.suite, key: "limit")
    #expect(stored == "1")
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A store whose listening connection ends says so, and still catches up inside its writes")
  func listenerEnds() throws {
    // NB: a database of its own, so that no other test shares the listening connection it ends.
    let database = "listener_\(UUID().uuidString.prefix(8).lowercased())"
    try TestServer.server.psql("CREATE DATABASE \(database)", database: "postgres")
    var configuration = TestServer.configuration()
    configuration.database = database
    let store = try PostgresDefaultsStore(configuration: configuration, suite: "s")
    let other = try PostgresDefaultsStore(configuration: configuration, suite: "s")
    let reports = LockedArray<DefaultsWarning>()
    let reporting = DefaultsReports.observe { problem in
      if let warning = problem as? DefaultsWarning, warning.kind == .storeNotCurrent {
        reports.append(warning)
      }
    }
    defer { reporting.cancel() }
    try TestServer.server.psql(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE 'LISTEN%'",
      database: "postgres")
    eventually { reports.all.contains { $0.store?.hasSuffix("/\(database)") == true } }
    try TestServer.server.psql(
      "INSERT INTO userdefaultskit_settings (suite, key, value, seq) VALUES ('s', 'byHand', '1', 0)",
      database: database)
    try other.write(.integer(2), forKey: "mine")
    #expect(other.read("byHand") == .integer(1))
    _ = store
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A write on a SwiftNIO event loop's thread throws instead of blocking the loop")
  func eventLoopWrite() throws {
    let store = try TestServer.store()
    let result = try MultiThreadedEventLoopGroup.singleton.any().submit { () -> DefaultsError? in
      do throws(DefaultsError) {
        try store.write(.integer(1), forKey: "x")
        return nil
      } catch {
        return error
      }
    }.wait()
    #expect(result?.kind == .writeFailed)
    #expect(result?.detail?.contains("event loop") == true)
    #expect(store.read("x") == nil)
  }
}

/// A settings type over any store, as the macros make it.
@ObservableDefaults
final class PostgresSettings {
  var theme = "system"
  var volume = 0.5
}

/// Waits up to 10 s for `condition`, which another process's or thread's change makes true.
func eventually(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
  let deadline = Date().addingTimeInterval(10)
  while !condition() {
    guard Date() < deadline else {
      Issue.record("not true within 10 s", sourceLocation: sourceLocation)
      return
    }
    Thread.sleep(forTimeInterval: 0.01)
  }
}
