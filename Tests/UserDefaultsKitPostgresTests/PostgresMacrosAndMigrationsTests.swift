import DefaultsTestSupport
import Foundation
import PostgresTestSupport
import Testing
import UserDefaultsKit
import UserDefaultsKitPostgres

/// A service's session whose settings are properties of its own, in the store it was given.
private final class FleetSession {
  let store: any DefaultsStore
  init(store: any DefaultsStore) { self.store = store }

  @DefaultsEntry(default: 3, store: \FleetSession.store) var retries: Int
  @DefaultsEntry("fleet_mode", store: \FleetSession.store, previously: "mode") var mode = "normal"
}

@DefaultsBacked(prefix: "service_")
private struct ServiceSettings {
  var maxConnections = 10
  @DefaultsProperty(previously: "timeout") var timeoutSeconds = 30.0
  @DefaultsProperty(migrations: .from(String.self) { $0 == "on" }) var verbose = false
}

extension PostgresStoreTests {
  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("@DefaultsEntry and @DefaultsBacked over the store: values, previous names, older forms")
  func macrosOverTheStore() throws {
    let store = try TestServer.store()
    // NB: what an earlier release of the service stored, under older names and forms.
    try store.write(.string("maintenance"), forKey: "mode")
    try store.write(.double(12.5), forKey: "service_timeout")
    try store.write(.string("on"), forKey: "service_verbose")

    let session = FleetSession(store: store)
    #expect(session.retries == 3)
    session.retries = 5
    #expect(session.mode == "maintenance")
    session.mode = "normal"

    let settings = ServiceSettings(store: store)
    #expect(settings.timeoutSeconds == 12.5)
    #expect(settings.verbose)
    settings.maxConnections = 20

    // NB: another instance of the service, which loads the suite from the table.
    let other = try TestServer.store(suite: store.suite)
    #expect(FleetSession(store: other).retries == 5)
    #expect(FleetSession(store: other).mode == "normal")
    #expect(ServiceSettings(store: other).maxConnections == 20)
    #expect(try TestServer.storedJSON(suite: store.suite, key: "fleet_mode") == #""normal""#)
    #expect(try TestServer.storedJSON(suite: store.suite, key: "mode") == "", "the old name is moved")
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A setting moves from a machine's suite into the fleet's store, and from the fleet's store")
  func movesIntoAndOutOfTheStore() throws {
    let fleet = try TestServer.store()
    let localName = temporarySuiteName()
    defer { removeSuite(localName) }
    let local = UserDefaultsStore.suite(localName)
    try local.write(.string("dark"), forKey: "theme")
    try fleet.write(.integer(4), forKey: "workers")

    let theme = DefaultsKey(
      "theme", default: "system", store: fleet, migrations: [.moved(from: "theme", in: local)])
    try theme.migrate()
    #expect(theme.value == "dark")
    // NB: what the suite stores: Foundation on Linux shares registered defaults between suites.
    #expect(local.storedValue("theme") == nil, "a move leaves nothing behind")
    #expect(try TestServer.storedJSON(suite: fleet.suite, key: "theme") == #""dark""#)

    let workers = DefaultsKey(
      "workers", default: 1, store: local, migrations: [.moved(from: "workers", in: fleet)])
    #expect(workers.value == 4)
    #expect(try TestServer.storedJSON(suite: fleet.suite, key: "workers") == "")
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Four processes that start together run each suite migration step once")
  func migrationsAcrossProcesses() throws {
    let suite = TestServer.uniqueSuite()
    let helper = try #require(HelperProcess.builtExecutable(named: "PostgresTestHelper"))
    let processes = try (0..<4).map { _ in
      let process = Process()
      process.executableURL = helper
      process.arguments = [
        "migrate", TestServer.server.socketPath, PostgresServer.superuser, PostgresServer.databaseName, suite,
      ]
      try process.run()
      return process
    }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    // NB: each step counts its runs in the suite, in the write that records the step.
    #expect(try TestServer.storedJSON(suite: suite, key: "step1.runs") == "1")
    #expect(try TestServer.storedJSON(suite: suite, key: "step2.runs") == "1")
    let store = try TestServer.store(suite: suite)
    #expect(store.read("theme") == .string("dark"))
    #expect(try store.migrate(PostgresTestMigrations.steps) == 2, "and a later launch runs none")
    #expect(store.read("step1.runs") == .integer(1))
  }
}
