import Configuration
import PostgresTestSupport
import Testing
import UserDefaultsKitConfiguration
import UserDefaultsKitPostgres

/// The swift-configuration provider over a PostgreSQL suite, against a real server.
@Suite("UserDefaultsProvider over the PostgreSQL store", .postgresInstalled, .realPostgres)
struct PostgresProviderTests {
  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "The provider reads the suite's values, names its store, and takes snapshots later writes leave as they were"
  )
  func valuesAndSnapshot() throws {
    let store = try TestServer.store()
    try store.write(.string("Bonjour"), forKey: "greeting")
    try store.write(.integer(30), forKey: "http.timeout")
    store.register(["registered": .string("hidden")])
    let provider = UserDefaultsProvider(store: store)
    #expect(
      provider.providerName
        == "UserDefaultsProvider[PostgreSQL(\(store.suite) in postgres@\(TestServer.server.socketPath)/\(PostgresServer.databaseName))]"
    )
    let config = ConfigReader(provider: provider)
    #expect(config.string(forKey: "greeting") == "Bonjour")
    #expect(config.int(forKey: "http.timeout") == 30)
    #expect(config.string(forKey: "registered") == nil, "a registered default is not the suite's")
    let snapshot = provider.snapshot()
    try store.write(.string("Hallo"), forKey: "greeting")
    #expect(try snapshot.value(forKey: ["greeting"], type: .string).value?.content == .string("Bonjour"))
    #expect(
      try provider.snapshot().value(forKey: ["greeting"], type: .string).value?.content == .string("Hallo"))
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "A value watch and a snapshot watch hear the writes of another store object over the suite, once each")
  func watches() async throws {
    let store = try TestServer.store()
    let other = try TestServer.store(suite: store.suite)
    let provider = UserDefaultsProvider(store: store)
    let values = try await provider.watchValue(forKey: ["workers"], type: .int) { updates in
      var seen: [ConfigContent?] = []
      for await update in updates {
        seen.append(try update.get().value?.content)
        switch seen.count {
        case 1:
          // NB: an unrelated key first, which must not yield.
          try other.write(.integer(5), forKey: "other")
          try other.write(.integer(8), forKey: "workers")
        case 2: try other.remove("workers")
        default: break
        }
        if seen.count == 3 { break }
      }
      return seen
    }
    #expect(values == [nil, .int(8), nil])
    // NB: a key nobody observes by name: only the store's whole-suite observation hears it.
    let snapshots = try await provider.watchSnapshot { updates in
      var seen: [ConfigContent?] = []
      for await snapshot in updates {
        seen.append(try snapshot.value(forKey: ["brandNew"], type: .string).value?.content)
        if seen.count == 1 { try other.write(.string("yes"), forKey: "brandNew") }
        if seen.count == 2 { break }
      }
      return seen
    }
    #expect(snapshots == [nil, .string("yes")])
  }
}
