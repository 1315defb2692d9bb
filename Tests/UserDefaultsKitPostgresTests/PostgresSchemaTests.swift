import DefaultsTestSupport
import Foundation
import PostgresNIO
import PostgresTestSupport
import Testing
import UserDefaultsKit
import UserDefaultsKitPostgres

extension PostgresStoreTests {
  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A table of schema version 1 is upgraded in place, its rows kept and its changes heard")
  func schemaUpgrade() throws {
    let database = try Self.database(made: Self.schemaVersionOne)
    try TestServer.server.psql(
      "INSERT INTO userdefaultskit_settings (suite, key, value, seq) VALUES ('s', 'kept', '1', 0)",
      database: database)
    var configuration = TestServer.configuration()
    configuration.database = database
    let store = try PostgresDefaultsStore(configuration: configuration, suite: "s")
    #expect(store.read("kept") == .integer(1))
    #expect(
      try TestServer.server.psql("SELECT max(version) FROM userdefaultskit_schema", database: database)
        == "2\n")
    let heard = LockedArray<PropertyListValue?>()
    let observation = store.observe("kept") { heard.append($0) }
    defer { observation.cancel() }
    try TestServer.server.psql(
      "UPDATE userdefaultskit_settings SET value = '2' WHERE suite = 's' AND key = 'kept'", database: database
    )
    eventually { heard.all == [.integer(2)] }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A change is announced once, with its number and suite, an upsert of an existing key included")
  func announcedOnce() async throws {
    let store = try TestServer.store()
    try store.write(.integer(1), forKey: "k")
    let client = PostgresClient(configuration: TestServer.configuration())
    let running = Task { await client.run() }
    defer { running.cancel() }
    let payloads = LockedArray<String>()
    let listening = Task {
      try await client.withConnection { connection in
        try await connection.listen(on: "userdefaultskit") { notifications in
          for try await notification in notifications { payloads.append(notification.payload) }
        }
      }
    }
    defer { listening.cancel() }
    while !payloads.all.contains("ready") {
      try TestServer.server.psql("NOTIFY userdefaultskit, 'ready'")
      try await Task.sleep(for: .milliseconds(50))
    }
    try store.write(.integer(2), forKey: "k")
    let seq = try TestServer.server.psql(
      "SELECT seq FROM userdefaultskit_settings WHERE suite = '\(store.suite)' AND key = 'k'"
    ).trimmingCharacters(in: .newlines)
    try await Task.sleep(for: .milliseconds(300))
    // NB: other tests' suites are announced on the channel too.
    #expect(payloads.all.filter { $0.hasSuffix(" \(store.suite)") } == ["\(seq) \(store.suite)"])
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A table of a schema version newer than the library's is refused with a clear error, untouched")
  func newerSchema() throws {
    let database = try Self.database(
      made:
        "CREATE TABLE userdefaultskit_schema (version integer NOT NULL); INSERT INTO userdefaultskit_schema VALUES (99)"
    )
    var configuration = TestServer.configuration()
    configuration.database = database
    do {
      _ = try PostgresDefaultsStore(configuration: configuration, suite: "s", timeout: .seconds(5))
      Issue.record("a store opened a table of a newer schema")
    } catch {
      #expect(error.detail?.contains("schema version is 99, newer") == true, "\(error)")
    }
    #expect(
      try TestServer.server.psql("SELECT to_regclass('userdefaultskit_settings')", database: database) == "\n"
    )
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A commit of more keys than one statement takes stores them all")
  func manyKeys() throws {
    let store = try TestServer.store()
    let keys = 40_000
    try store.commit(Dictionary(uniqueKeysWithValues: (0..<keys).map { ("k\($0)", .integer(Int64($0))) }))
    #expect(store.storedValues.count == keys)
    let stored = try TestServer.server.psql(
      "SELECT count(*) FROM userdefaultskit_settings WHERE suite = '\(store.suite)' AND value IS NOT NULL")
    #expect(stored == "\(keys)\n")
  }

  /// A new database of the test server, with `sql` run in it.
  static func database(made sql: String) throws -> String {
    let database = "schema_\(UUID().uuidString.prefix(8).lowercased())"
    try TestServer.server.psql("CREATE DATABASE \(database)", database: "postgres")
    try TestServer.server.psql(sql, database: database)
    return database
  }

  /// What version 1 of the store made in a database, as released.
  static let schemaVersionOne = """
    CREATE TABLE userdefaultskit_schema (version integer NOT NULL);
    INSERT INTO userdefaultskit_schema (version) VALUES (1);
    CREATE SEQUENCE userdefaultskit_change_sequence;
    CREATE TABLE userdefaultskit_settings (
      suite text NOT NULL, key text NOT NULL, value jsonb, seq bigint NOT NULL, PRIMARY KEY (suite, key));
    CREATE INDEX userdefaultskit_settings_changes ON userdefaultskit_settings (suite, seq);
    CREATE FUNCTION userdefaultskit_suite_lock(suite text) RETURNS void LANGUAGE sql AS
      $$ SELECT pg_advisory_xact_lock(hashtextextended('userdefaultskit suite ' || suite, 0)) $$;
    CREATE FUNCTION userdefaultskit_number_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE userdefaultskit_settings SET value = NULL WHERE suite = OLD.suite AND key = OLD.key;
        RETURN NULL;
      END IF;
      PERFORM userdefaultskit_suite_lock(NEW.suite);
      NEW.seq := nextval('userdefaultskit_change_sequence');
      PERFORM pg_notify('userdefaultskit', CASE WHEN octet_length(NEW.suite) < 7900 THEN NEW.suite ELSE '' END);
      RETURN NEW;
    END $$;
    CREATE TRIGGER userdefaultskit_settings_change BEFORE INSERT OR UPDATE OR DELETE ON userdefaultskit_settings
      FOR EACH ROW EXECUTE FUNCTION userdefaultskit_number_change();
    """
}
