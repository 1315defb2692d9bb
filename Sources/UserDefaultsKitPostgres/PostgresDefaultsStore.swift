import Foundation
import PostgresNIO
import UserDefaultsKitCore

/// A suite that lives in a PostgreSQL database, shared by every process that opens it: for a fleet
/// of server instances that want the same settings and flags, changed at once for all of them.
///
/// ```swift
/// let configuration = PostgresClient.Configuration(
///   host: "db.internal", username: "app", password: secret, database: "app",
///   tls: .require(.makeClientConfiguration()))
/// let store = try PostgresDefaultsStore(configuration: configuration, suite: "checkout-service")
/// let maintenance = DefaultsKey("maintenanceMode", default: false, store: store)
/// if maintenance.value { print("down for maintenance") }
/// ```
///
/// Reads serve a copy of the suite in memory and never touch the network; the copy follows the
/// changes every process commits (the operator's own in `psql` included), which observers hear
/// once each, in commit order per key (another process's changes of one key in quick succession
/// as the last of them). A write returns once the database committed it, or throws
/// a `DefaultsError` with the database's error as its `underlying` error;
/// `update(_:)` is one transaction that holds the suite's lock in the database,
/// so updates from any number of processes never overwrite each other. Writes block their thread
/// until the database answers, or for ``timeout`` at most, then throw: write from a thread that
/// may wait (not a SwiftNIO event loop's, on which a write throws). When the server restarts or
/// the connection ends, the store listens again and catches up by itself (``isCurrent`` says
/// whether it is current meanwhile). See the article *The PostgreSQL store* for the table, the
/// mapping of values, what is consistent when, and what happens when the database fails.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
public final class PostgresDefaultsStore: BuiltInStore, ListableDefaultsStore, CustomStringConvertible {
  /// The suite's name: the `suite` column of its rows.
  public let suite: String
  /// The suite and where it lives (role, server, database), never a password.
  public let description: String
  private let database: SharedDatabase
  private let replica: Replica

  /// How long the store waits for the database, at most, in each step of opening, writing,
  /// updating and catching up; a step that takes longer throws a `DefaultsError` (its transaction
  /// rolled back) instead of blocking on. A write's statement waits for a lock this long at most
  /// on the server too, so a write that threw while it waited for the suite's lock is not stored
  /// long after.
  public let timeout: Duration
  /// Whether the copy in memory is known to hold every change committed: the store listens to
  /// the database and has caught up since it started to. False from the moment the listening
  /// connection ends (the server restarted or unreachable) until the store listens again and
  /// has fetched what it missed; reads serve the copy either way.
  ///
  /// ```swift
  /// if !store.isCurrent { print("settings may be stale: the database is unreachable") }
  /// ```
  public var isCurrent: Bool { replica.isCurrent }

  /// Opens `suite` in the database `configuration` names: creates the table on the database's
  /// first use (or upgrades it), then loads the suite. Blocks until that is done; throws a
  /// `DefaultsError` if it cannot be (the server down or unreachable within `timeout` included;
  /// the database's error kept as its underlying error).
  ///
  /// The stores of one database in a process share one pool of connections and one listening
  /// connection, whatever the number of suites.
  public init(configuration: PostgresClient.Configuration, suite: String, timeout: Duration = .seconds(10))
    throws(DefaultsError)
  {
    let description = "PostgreSQL(\(suite) in \(SharedDatabase.identity(of: configuration)))"
    do {
      try StoredJSON.checkStorable(suite, what: "the suite's name")
    } catch {
      throw DefaultsError(.invalidSuiteName, store: description, detail: error.detail)
    }
    self.suite = suite
    self.description = description
    self.timeout = timeout
    do {
      database = try SharedDatabase.database(for: configuration, timeout: timeout)
      replica = Replica(suite: suite, database: database, storeDescription: description, timeout: timeout)
      database.listen(replica)
      try replica.catchUp()
    } catch {
      throw Self.failure(error, store: description, doing: "opening the suite")
    }
  }

  deinit {
    database.stopListening(replica)
  }

  public func read(_ key: String) -> PropertyListValue? {
    let lookup = lookup(forKey: key)
    return lookup.token().flatMap(lookup.value)
  }

  public func write(_ value: PropertyListValue, forKey key: String) throws(DefaultsError) {
    try change([key: value])
  }

  public func remove(_ key: String) throws(DefaultsError) {
    try change([key: nil])
  }

  public func register(_ defaults: [String: PropertyListValue]) {
    replica.register(defaults)
  }

  public func observe(_ key: String, onChange: @escaping @Sendable (PropertyListValue?) -> Void)
    -> DefaultsObservation
  {
    replica.observers.add(key, onChange)
  }

  /// What the suite stores, without registered defaults: the values of the copy in memory.
  public var storedValues: [String: PropertyListValue] {
    replica.storedValues
  }

  /// What the suite stores for `key`, without registered defaults: from the copy in memory.
  public func storedValue(_ key: String) -> PropertyListValue? {
    replica.storedValue(key)
  }

  /// Calls `onChange` after each change of the suite the copy in memory applies (any process's,
  /// in commit order), with the keys it changed (nil: removed); never nil.
  public func observeStoredValues(_ onChange: @escaping @Sendable ([String: PropertyListValue?]) -> Void)
    -> DefaultsObservation?
  {
    replica.storeObservers.add(onChange)
  }

  /// Runs the steps of `migrations` the suite has not run yet, in order, in one transaction that
  /// holds the suite's lock: of several processes starting at once, exactly one runs each step.
  /// Returns the number of the last step the suite has run (0 when none). See `SuiteMigration`.
  @discardableResult
  public func migrate(_ migrations: [SuiteMigration]) throws -> Int {
    try runMigrations(migrations, on: self) { self.storedValues }
  }

  package func lookup(forKey key: String) -> StoredValueLookup {
    let id = ObjectIdentifier(self)
    return StoredValueLookup(
      token: { [replica] in
        if let pending = PendingWrites.of(id)?.token(forKey: key, registered: replica.registered(key)) {
          return pending
        }
        return replica.box(forKey: key)
      },
      value: { ($0 as? StoredValueBox)?.value })
  }

  package func afterAnnouncements(_ body: @escaping @Sendable () -> Void) {
    replica.observers.afterAnnouncements(body)
  }

  package var commitsAtomically: Bool { true }

  /// Runs `body` inside one transaction that holds the suite's lock, after fetching the changes
  /// committed before it; ``commit(_:)`` inside it writes in that transaction, which commits when
  /// `body` returns (and rolls back if it throws). No lock of this process is held meanwhile.
  package func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R {
    if Session.current(of: self) != nil { return try body() }
    let transaction: DatabaseTransaction
    do {
      transaction = try DatabaseTransaction(
        client: database.client, bridge: database.bridge, logger: database.logger, timeout: timeout)
    } catch {
      throw Self.failure(error, store: description, doing: "starting a transaction")
    }
    let (suite, lastSeen) = (suite, replica.lastSeen)
    do {
      // NB: the fetch is a statement of its own, after the lock: a statement sees what was
      // committed when it started, and a change committed while it waited would be missed.
      let rows = try transaction.run { connection, logger in
        try await connection.query(SettingsTable.lockSuite(suite), logger: logger)
        return try await ChangeRow.rows(
          of: connection.query(SettingsTable.changes(of: suite, after: lastSeen), logger: logger))
      }
      replica.apply(rows)
    } catch {
      try? transaction.finish(commit: false)
      throw Self.failure(error, store: description, doing: "taking the suite's lock")
    }
    let session = Session(store: ObjectIdentifier(self), transaction: transaction)
    let result: R
    do {
      result = try Session.$current.withValue(session) { try body() }
    } catch {
      try? transaction.finish(commit: false)
      throw error
    }
    replica.writeStarts()
    do {
      try transaction.finish(commit: true)
    } catch {
      replica.writeEnds([], seenThrough: nil)
      throw Self.failure(error, store: description, doing: "committing")
    }
    replica.writeEnds(session.rows, seenThrough: nil)
    return result
  }

  /// Writes `changes` (nil removes a key) in one statement (in one transaction, for more keys
  /// than a statement takes), or in the transaction of ``withExclusiveAccess(_:)`` when called
  /// inside it; they are announced once committed.
  package func commit(_ changes: [String: PropertyListValue?]) throws(DefaultsError) {
    var rows: [(key: String, json: String?, value: PropertyListValue?)] = []
    for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
      do {
        try StoredJSON.checkStorable(key, what: "the key")
        rows.append((key, try value.map(StoredJSON.text(of:)), value))
      } catch {
        throw DefaultsError(error.kind, key: key, store: description, detail: error.detail)
      }
    }
    let session = Session.current(of: self)
    if session == nil, rows.count > SettingsTable.rowsPerStatement {
      do {
        return try withExclusiveAccess { try commit(changes) }
      } catch {
        throw error as? DefaultsError ?? Self.failure(error, store: description, doing: "writing")
      }
    }
    do {
      if let session {
        // NB: under the suite's lock, after its fetch: the rows are the suite's next changes.
        for start in stride(from: 0, to: rows.count, by: SettingsTable.rowsPerStatement) {
          let part = Array(rows[start..<min(start + SettingsTable.rowsPerStatement, rows.count)])
          let upsert = SettingsTable.upsert(
            suite: suite, rows: part.map { ($0.key, $0.json) }, lockTimeout: timeout)
          session.rows += try session.transaction.run { connection, logger in
            try await ChangeRow.stored(part, by: connection.query(upsert, logger: logger))
          }
        }
      } else {
        let upsert = SettingsTable.upsert(
          suite: suite, rows: rows.map { ($0.key, $0.json) }, lockTimeout: timeout)
        let (lastSeen, client, logger) = (replica.lastSeen, database.client, database.logger)
        replica.writeStarts()
        let stored: [ChangeRow]
        do {
          stored = try database.bridge.wait(timeout: timeout) { [rows] in
            try await ChangeRow.stored(rows, by: client.query(upsert, logger: logger))
          }
        } catch {
          replica.writeEnds([], seenThrough: lastSeen)
          throw error
        }
        replica.writeEnds(stored, seenThrough: lastSeen)
        // NB: notifications bring the other processes' changes while the store is current; while
        // it is not, each write fetches them too. A failure leaves the store not current, as it
        // was, which was reported when it stopped listening.
        if !replica.isCurrent { try? replica.catchUp() }
      }
    } catch {
      throw Self.failure(
        error, key: rows.count == 1 ? rows.first?.key : nil, store: description, doing: "writing")
    }
  }

  private func change(_ changes: [String: PropertyListValue?]) throws(DefaultsError) {
    if let pending = PendingWrites.of(self) {
      pending.record(changes)
    } else {
      try commit(changes)
    }
  }

  /// The library's error for a database's `error`: the server's message as its detail (never a
  /// password: the server does not repeat one), the error itself as its underlying error.
  static func failure(_ error: any Error, key: String? = nil, store: String, doing what: String)
    -> DefaultsError
  {
    if let known = error as? DefaultsError { return known }
    let message = (error as? PSQLError)?.serverInfo?[.message]
    return DefaultsError(
      .writeFailed, key: key, store: store,
      detail: "PostgreSQL, \(what): \(message ?? "\(error)")", underlying: error)
  }

  /// The transaction of ``withExclusiveAccess(_:)`` under way on this thread, and the rows its
  /// writes stored, applied once it commits.
  final class Session: @unchecked Sendable {
    // NB: a task started inside inherits `current`; `current(of:)` ignores it on another thread.
    @TaskLocal static var current: Session?

    let store: ObjectIdentifier
    let transaction: DatabaseTransaction
    private let thread = pthread_self()
    /// Touched by the session's own thread only.
    var rows: [ChangeRow] = []

    init(store: ObjectIdentifier, transaction: DatabaseTransaction) {
      self.store = store
      self.transaction = transaction
    }

    static func current(of store: AnyObject) -> Session? {
      guard let session = current, session.store == ObjectIdentifier(store),
        pthread_equal(session.thread, pthread_self()) != 0
      else { return nil }
      return session
    }
  }
}
