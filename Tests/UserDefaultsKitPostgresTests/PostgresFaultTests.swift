import DefaultsTestSupport
import Foundation
import PostgresNIO
import PostgresTestSupport
import Testing
import UserDefaultsKit
import UserDefaultsKitPostgres

/// The PostgreSQL store through faults: the listening connection ended, the server restarted or
/// down, a write in flight when its connection ends. A server of the suite's own, which its tests
/// stop and start, one test at a time; each test also works in a database of its own.
@Suite("PostgreSQL store faults", .serialized, .postgresInstalled, .realPostgres)
struct PostgresFaultTests {
  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "While its connections are refused, another store's changes are missed; listening again catches up, each once"
  )
  func reconnectCatchesUp() throws {
    let database = try FaultDatabase()
    let admin = try database.store()
    let role = try database.role()
    let store = try database.store(user: role)
    try admin.write(.integer(1), forKey: "gone")
    try admin.write(.integer(1), forKey: "kept")
    eventually { store.read("gone") == .integer(1) && store.read("kept") == .integer(1) }
    #expect(store.isCurrent)
    let heard = LockedArray<(key: String, value: PropertyListValue?)>()
    let observations = ["a", "b", "gone", "kept"].map { key in
      store.observe(key) { value in heard.append((key, value)) }
    }
    defer { for observation in observations { observation.cancel() } }

    // NB: the role may not log in again until allowed, so the store stays disconnected while the
    // other store (the superuser's connections) writes.
    try TestServer.server.psql("ALTER ROLE \(role) NOLOGIN")
    try database.endConnections(of: role)
    eventually { !store.isCurrent }
    try admin.write(.integer(1), forKey: "a")
    try admin.write(.integer(2), forKey: "a")
    try admin.write(.string("x"), forKey: "b")
    try admin.remove("gone")
    Thread.sleep(forTimeInterval: 0.5)
    #expect(heard.all.isEmpty)
    #expect(store.read("a") == nil, "reads serve the copy meanwhile")
    #expect(!store.isCurrent)

    try TestServer.server.psql("ALTER ROLE \(role) LOGIN")
    eventually { store.isCurrent }
    eventually { heard.all.count == 3 }
    Thread.sleep(forTimeInterval: 0.3)
    // NB: each changed key once, with its last value; the key that did not change not at all.
    #expect(heard.all.map(\.key).sorted() == ["a", "b", "gone"])
    #expect(heard.all.first { $0.key == "a" }?.value == .integer(2))
    #expect(heard.all.first { $0.key == "b" }?.value == .string("x"))
    #expect(heard.all.contains { $0.key == "gone" && $0.value == nil })
    #expect(store.storedValues == admin.storedValues)
    #expect(store.storedValues == ["a": .integer(2), "b": .string("x"), "kept": .integer(1)])
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("The listening connection ended by pg_terminate_backend listens again and the store is current")
  func listenerTerminated() throws {
    let database = try FaultDatabase()
    let store = try database.store()
    let other = try database.store(user: database.role())
    let heard = LockedArray<PropertyListValue?>()
    let observation = store.observe("flag") { heard.append($0) }
    defer { observation.cancel() }
    try TestServer.server.psql(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database.name)' "
        + "AND usename = '\(PostgresServer.superuser)' AND query LIKE 'LISTEN%'",
      database: "postgres")
    eventually { !store.isCurrent }
    eventually { store.isCurrent }
    try other.write(.bool(true), forKey: "flag")
    eventually { heard.all == [.bool(true)] }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "While the server is down, reads serve the copy and writes throw within the timeout; after it restarts, the store catches up"
  )
  func serverRestarts() throws {
    let database = try FaultDatabase()
    let store = try database.store(timeout: .seconds(2))
    try store.write(.integer(1), forKey: "limit")
    try TestServer.server.stopServer()
    var restarted = false
    defer { if !restarted { try? TestServer.server.startServer() } }
    eventually { !store.isCurrent }
    #expect(store.read("limit") == .integer(1))
    let started = Date()
    do {
      try store.write(.integer(2), forKey: "limit")
      Issue.record("a write to a stopped server returned")
    } catch {
      #expect(error.kind == .writeFailed)
      #expect(error.underlying != nil, "\(error)")
    }
    #expect(Date().timeIntervalSince(started) < 2 + 3, "the write waited past its timeout")
    #expect(store.read("limit") == .integer(1))

    try TestServer.server.startServer()
    restarted = true
    eventually { store.isCurrent }
    try TestServer.server.psql(
      "UPDATE userdefaultskit_settings SET value = '3' WHERE suite = '\(store.suite)' AND key = 'limit'",
      database: database.name)
    eventually { store.read("limit") == .integer(3) }
    try store.write(.integer(4), forKey: "limit")
    #expect(try database.storedJSON(suite: store.suite, key: "limit") == "4")
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "A store opened while the server is down throws within its timeout, or opens if the server is back within it"
  )
  func serverDownWhenOpening() throws {
    let database = try FaultDatabase()
    try database.store().write(.string("dark"), forKey: "theme")
    try TestServer.server.stopServer()
    var restarted = false
    defer { if !restarted { try? TestServer.server.startServer() } }
    for _ in 0..<2 {
      let started = Date()
      do {
        _ = try database.store(timeout: .seconds(1))
        Issue.record("a store opened without a server")
      } catch {
        #expect(error.kind == .writeFailed)
        #expect(error.detail?.contains("opening") == true, "\(error)")
      }
      #expect(Date().timeIntervalSince(started) < 1 + 3, "opening waited past its timeout")
    }
    // NB: an opening that waits while the server starts again (a service started before its
    // database) opens once the server answers.
    let opened = LockedArray<Result<PostgresDefaultsStore, any Error>>()
    let opening = DispatchSemaphore(value: 0)
    var configuration = TestServer.configuration()
    configuration.database = database.name
    DispatchQueue.global().async { [configuration] in
      opened.append(
        Result {
          try PostgresDefaultsStore(configuration: configuration, suite: "settings", timeout: .seconds(20))
        })
      opening.signal()
    }
    Thread.sleep(forTimeInterval: 1)
    #expect(opening.wait(timeout: .now()) == .timedOut, "a store opened without a server")
    try TestServer.server.startServer()
    restarted = true
    opening.wait()
    let store = try #require(opened.all.first).get()
    #expect(store.read("theme") == .string("dark"))
    #expect(store.isCurrent)
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "A write that waits for the suite's lock past its timeout throws, and the server does not store it later")
  func writeWaitingPastItsTimeout() throws {
    let database = try FaultDatabase()
    let role = try database.role()
    let store = try database.store(user: role, timeout: .seconds(1))
    try store.write(.integer(1), forKey: "limit")
    // NB: another process's long update holds the suite's lock (its body runs inside the transaction).
    let other = DefaultsKey("counter", default: 0, store: try database.store())
    let (holding, released) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    DispatchQueue.global().async {
      try? other.update { value in
        holding.signal()
        Thread.sleep(forTimeInterval: 3)
        value += 1
      }
      released.signal()
    }
    holding.wait()
    let started = Date()
    #expect(throws: DefaultsError.self) { try store.write(.integer(2), forKey: "limit") }
    #expect(Date().timeIntervalSince(started) < 1 + 1.5, "the write waited past its timeout")
    released.wait()
    #expect(other.value == 1)
    Thread.sleep(forTimeInterval: 0.5)
    #expect(try database.storedJSON(suite: store.suite, key: "limit") == "1")
    #expect(store.read("limit") == .integer(1))
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Writes and updates whose connection is ended mid-flight either return and are stored, or throw")
  func writesInFlight() throws {
    let database = try FaultDatabase()
    let role = try database.role()
    let store = try database.store(user: role, timeout: .seconds(3))
    let counter = DefaultsKey("counter", default: 0, store: store)
    let writes = 100
    let acknowledged = LockedArray<Int>()
    let thrown = LockedArray<Int>()
    let (acknowledgedIncrements, thrownIncrements) = (LockedCounter(), LockedCounter())
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      for index in 1...writes {
        do {
          try store.write(.integer(Int64(index)), forKey: "last")
          acknowledged.append(index)
        } catch {
          thrown.append(index)
        }
        do {
          try counter.update { $0 += 1 }
          acknowledgedIncrements.increment()
        } catch {
          thrownIncrements.increment()
        }
      }
      done.signal()
    }
    while done.wait(timeout: .now() + 0.05) == .timedOut {
      try database.endConnections(of: role)
    }
    #expect(thrown.all.count + thrownIncrements.count > 0, "no write was cut")
    #expect(acknowledged.all.count > 0, "no write went through")
    // NB: a write whose connection ended while committing throws, yet may be stored; one that
    // returned is stored.
    let last = try #require(Int(database.storedJSON(suite: store.suite, key: "last")))
    #expect(last >= acknowledged.all.max() ?? 0)
    #expect(last == acknowledged.all.max() || thrown.all.contains(last))
    let total = try #require(Int(database.storedJSON(suite: store.suite, key: "counter")))
    #expect(total >= acknowledgedIncrements.count)
    #expect(total <= acknowledgedIncrements.count + thrownIncrements.count)
    eventually { store.read("last") == .integer(Int64(last)) && counter.value == total }
  }
}

/// A database of one test's own on the suite's server, and what the test does with it.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
struct FaultDatabase {
  let name = "faults_\(UUID().uuidString.prefix(8).lowercased())"

  init() throws {
    try TestServer.server.psql("CREATE DATABASE \(name)", database: "postgres")
  }

  /// A store of the suite `suite` in this database, as `user`.
  func store(
    suite: String = "settings", user: String = PostgresServer.superuser, timeout: Duration = .seconds(10)
  ) throws(DefaultsError) -> PostgresDefaultsStore {
    var configuration = TestServer.configuration(user: user)
    configuration.database = name
    return try PostgresDefaultsStore(configuration: configuration, suite: suite, timeout: timeout)
  }

  /// A new role with the grants the store needs, once the table exists (a superuser's store made it).
  func role() throws -> String {
    _ = try store()
    let role = "faults_\(UUID().uuidString.prefix(8).lowercased())"
    try TestServer.server.psql(
      """
      CREATE ROLE \(role) LOGIN;
      GRANT SELECT, INSERT, UPDATE ON userdefaultskit_settings TO \(role);
      GRANT SELECT ON userdefaultskit_schema TO \(role);
      GRANT USAGE ON SEQUENCE userdefaultskit_change_sequence TO \(role)
      """, database: name)
    return role
  }

  /// Ends every connection of `role`, as a dropped network or an operator would.
  func endConnections(of role: String) throws {
    try TestServer.server.psql(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(role)'", database: "postgres"
    )
  }

  func storedJSON(suite: String, key: String) throws -> String {
    try TestServer.server.psql(
      "SELECT CAST(value AS text) FROM userdefaultskit_settings WHERE suite = '\(suite)' AND key = '\(key)'",
      database: name
    ).trimmingCharacters(in: .newlines)
  }
}
