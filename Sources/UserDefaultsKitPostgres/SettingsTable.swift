import PostgresNIO

/// The SQL of the store: the table, its schema version, and the statements the store runs (every
/// name and value a bound parameter). See the article *The PostgreSQL store*.
enum SettingsTable {
  /// The schema version this code creates and reads.
  static let schemaVersion = 2
  /// The channel every change is announced on, with the change's number and the suite's name as
  /// payload (see ``notification(_:)``).
  static let channel = "userdefaultskit"

  /// The change number and suite a notification's payload names (`"<seq> <suite>"`); an empty
  /// suite for one whose name is too long for a payload, which every suite's store then fetches.
  static func notification(_ payload: String) -> (seq: Int64?, suite: String) {
    guard let space = payload.firstIndex(of: " "), let seq = Int64(payload[..<space]) else {
      return (nil, payload)
    }
    return (seq, String(payload[payload.index(after: space)...]))
  }

  /// Creates the table on first use, or upgrades it in place, under a lock that makes concurrent
  /// first uses wait for each other; fails for a table of a newer version than this code knows.
  static func prepare(on connection: PostgresConnection, logger: Logger) async throws {
    try await connection.query("BEGIN", logger: logger)
    do {
      try await connection.query(
        "SELECT pg_advisory_xact_lock(hashtextextended('userdefaultskit schema', 0))", logger: logger)
      // NB: a role that may not create tables can still use a table that exists.
      var exists = false
      let found = try await connection.query(
        "SELECT to_regclass('userdefaultskit_schema') IS NOT NULL", logger: logger)
      for try await isFound in found.decode(Bool.self) { exists = isFound }
      var stored = 0
      if exists {
        let rows = try await connection.query(
          "SELECT max(version) FROM userdefaultskit_schema", logger: logger)
        for try await version in rows.decode(Int?.self) { stored = version ?? 0 }
      } else {
        try await connection.query(
          "CREATE TABLE userdefaultskit_schema (version integer NOT NULL)", logger: logger)
      }
      if stored > schemaVersion {
        throw NewerSchemaError(stored: stored)
      }
      for version in stride(from: stored + 1, through: schemaVersion, by: 1) {
        for statement in upgrades[version - 1] {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          "INSERT INTO userdefaultskit_schema (version) VALUES (\(version))", logger: logger)
      }
      try await connection.query("COMMIT", logger: logger)
    } catch {
      _ = try? await connection.query("ROLLBACK", logger: logger)
      throw error
    }
  }

  /// The statements that take the table from each version to the next, from none to version 1
  /// first.
  static let upgrades = [versionOne, versionTwo]

  /// Version 1: one row per suite and key. `value` is null for a removed key (a tombstone, kept so
  /// that a replica catching up sees the removal); `seq` is taken from one sequence on every
  /// change, under the suite's lock, so within a suite it grows in commit order. The trigger does
  /// that for every change, the operator's own in `psql` included: it takes the suite's lock,
  /// numbers the change, announces it, and turns a `DELETE` into a tombstone.
  private static let versionOne = [
    "CREATE SEQUENCE userdefaultskit_change_sequence",
    """
    CREATE TABLE userdefaultskit_settings (
      suite text NOT NULL,
      key text NOT NULL,
      value jsonb,
      seq bigint NOT NULL,
      PRIMARY KEY (suite, key))
    """,
    "CREATE INDEX userdefaultskit_settings_changes ON userdefaultskit_settings (suite, seq)",
    """
    CREATE FUNCTION userdefaultskit_suite_lock(suite text) RETURNS void LANGUAGE sql AS
      $$ SELECT pg_advisory_xact_lock(hashtextextended('userdefaultskit suite ' || suite, 0)) $$
    """,
    """
    CREATE FUNCTION userdefaultskit_number_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE userdefaultskit_settings SET value = NULL WHERE suite = OLD.suite AND key = OLD.key;
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' AND (NEW.suite, NEW.key) IS DISTINCT FROM (OLD.suite, OLD.key) THEN
        RAISE EXCEPTION 'userdefaultskit: a row''s suite and key do not change: insert a new row and delete the old one';
      END IF;
      PERFORM userdefaultskit_suite_lock(NEW.suite);
      NEW.seq := nextval('userdefaultskit_change_sequence');
      PERFORM pg_notify('userdefaultskit', CASE WHEN octet_length(NEW.suite) < 7900 THEN NEW.suite ELSE '' END);
      RETURN NEW;
    END $$
    """,
    """
    CREATE TRIGGER userdefaultskit_settings_change BEFORE INSERT OR UPDATE OR DELETE ON userdefaultskit_settings
      FOR EACH ROW EXECUTE FUNCTION userdefaultskit_number_change()
    """,
  ]

  /// Version 2: a change is announced after its row is written, with its number (`"<seq> <suite>"`),
  /// so that a store knows its own changes by their numbers. An upsert of an existing row runs
  /// the numbering twice (before the insert it does not do, then before the update it does);
  /// announcing from an `AFTER` trigger announces only the number the row keeps.
  private static let versionTwo = [
    """
    CREATE OR REPLACE FUNCTION userdefaultskit_number_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE userdefaultskit_settings SET value = NULL WHERE suite = OLD.suite AND key = OLD.key;
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' AND (NEW.suite, NEW.key) IS DISTINCT FROM (OLD.suite, OLD.key) THEN
        RAISE EXCEPTION 'userdefaultskit: a row''s suite and key do not change: insert a new row and delete the old one';
      END IF;
      PERFORM userdefaultskit_suite_lock(NEW.suite);
      NEW.seq := nextval('userdefaultskit_change_sequence');
      RETURN NEW;
    END $$
    """,
    """
    CREATE FUNCTION userdefaultskit_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(
        'userdefaultskit', NEW.seq || ' ' || CASE WHEN octet_length(NEW.suite) < 7900 THEN NEW.suite ELSE '' END);
      RETURN NULL;
    END $$
    """,
    """
    CREATE TRIGGER userdefaultskit_settings_announce AFTER INSERT OR UPDATE ON userdefaultskit_settings
      FOR EACH ROW EXECUTE FUNCTION userdefaultskit_announce_change()
    """,
  ]

  /// Takes the suite's lock for the rest of the transaction.
  static func lockSuite(_ suite: String) -> PostgresQuery {
    "SELECT userdefaultskit_suite_lock(\(suite))"
  }

  /// The suite's changes numbered after `sequence`, removals included, in commit order.
  static func changes(of suite: String, after sequence: Int64) -> PostgresQuery {
    """
    SELECT key, CAST(value AS text), seq FROM userdefaultskit_settings
    WHERE suite = \(suite) AND seq > \(sequence) ORDER BY seq
    """
  }

  /// The most rows one statement of ``upsert(suite:rows:lockTimeout:)`` stores: PostgreSQL takes
  /// at most 65,535 parameters, two a row.
  static let rowsPerStatement = 10_000

  /// Stores each row's `json` (nil: a removal) for its key, in one statement, and returns the key
  /// and change number of each (the trigger numbers each change, under the suite's lock). The
  /// statement waits for a lock (the suite's, a row's) `lockTimeout` at most, then fails: a write
  /// commits as its statement ends, and one whose caller stopped waiting must not be stored after.
  static func upsert(suite: String, rows: [(key: String, json: String?)], lockTimeout: Duration)
    -> PostgresQuery
  {
    var binds = PostgresBindings()
    binds.append(suite)
    binds.append(String(milliseconds(lockTimeout)))
    var tuples: [String] = []
    for row in rows {
      binds.append(row.key)
      binds.append(row.json)
      tuples.append("($\(binds.count - 1), $\(binds.count))")
    }
    // NB: `set_config` runs before the first row's trigger waits for the suite's lock.
    return PostgresQuery(
      unsafeSQL: """
        INSERT INTO userdefaultskit_settings (suite, key, value, seq)
        SELECT $1, key, CAST(json AS jsonb), 0 FROM (VALUES \(tuples.joined(separator: ", "))) AS row (key, json)
        WHERE set_config('lock_timeout', $2, true) IS NOT NULL
        ON CONFLICT (suite, key) DO UPDATE SET value = excluded.value
        RETURNING key, seq
        """, binds: binds)
  }

  /// `duration` in whole milliseconds, rounded up, within what PostgreSQL's timeouts take.
  private static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    guard seconds < Int64(Int32.max) / 1000 else { return Int64(Int32.max) }
    return max(1, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }

  /// The table holds a schema version this code does not know.
  struct NewerSchemaError: Error, CustomStringConvertible {
    let stored: Int
    var description: String {
      "the table's schema version is \(stored), newer than this library's \(SettingsTable.schemaVersion)"
    }
  }
}
