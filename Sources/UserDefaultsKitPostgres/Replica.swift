import Foundation
import PostgresNIO
import UserDefaultsKitCore

/// One change of a suite as the table holds it: the key, its JSON text (nil: removed) and the
/// change's number.
struct ChangeRow: Sendable {
  let key: String
  let json: String?
  let seq: Int64
  /// The value `json` holds, when the process that wrote it knows it: not decoded again.
  var known: PropertyListValue?

  /// The rows `result` holds: key, JSON text, change number.
  static func rows(of result: PostgresRowSequence) async throws -> [ChangeRow] {
    var rows: [ChangeRow] = []
    for try await (key, json, seq) in result.decode((String, String?, Int64).self) {
      rows.append(ChangeRow(key: key, json: json, seq: seq))
    }
    return rows
  }

  /// The rows a write (``SettingsTable/upsert(suite:rows:lockTimeout:)``) of `changes` stored, in change order.
  static func stored(
    _ changes: [(key: String, json: String?, value: PropertyListValue?)], by result: PostgresRowSequence
  ) async throws -> [ChangeRow] {
    var numbers: [String: Int64] = [:]
    for try await (key, seq) in result.decode((String, Int64).self) { numbers[key] = seq }
    return changes.compactMap { change in
      numbers[change.key].map { ChangeRow(key: change.key, json: change.json, seq: $0, known: change.value) }
    }.sorted { $0.seq < $1.seq }
  }
}

/// A suite's values in memory, which every read serves, kept current by change number: the rows
/// numbered after the last one seen, fetched when a notification comes and inside every update's
/// transaction, and the rows a write stored, are applied in order, each key taking a row only if it
/// is newer than the one it has. So a change is applied (and announced) once, in commit order per
/// key, whichever brings it first, and a missed notification is made up by the next fetch.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
final class Replica: Sendable {
  struct Entry {
    var seq: Int64
    /// Nil for a removed key, and for a value the mapping does not read.
    var box: StoredValueBox?
  }

  private struct State {
    var values: [String: Entry] = [:]
    var registered: [String: StoredValueBox] = [:]
    var lastSeen: Int64 = 0
    /// The numbers of the changes this replica's writes stored after ``lastSeen``: a notification
    /// of one of them needs no fetch. Each goes when its notification comes or a fetch passes it.
    var written: Set<Int64> = []
    /// The writes of this replica under way, and the changes notified meanwhile: a write's own
    /// notification can come before the write returns, so those wait for the writes to explain
    /// them (``writeEnds(_:seenThrough:)``).
    var writesUnderWay = 0
    var notifiedDuringWrites: Set<Int64> = []
    /// The listening connection's start that the last catch-up began under (see ``isCurrent``).
    var caughtUpUnder: Int?
  }

  let suite: String
  let observers = KeyObservers()
  let storeObservers: StoredValuesObservers
  private let database: SharedDatabase
  private let storeDescription: String
  private let state = Locked(State())
  /// Orders applying changes and queueing their announcements, so observers hear them in order.
  private let order = LibraryLock()
  private let catchUps: DispatchQueue
  private let catchUpScheduled = Locked(false)
  /// Whether the last catch-up failed (reported once, until one succeeds).
  private let catchUpFailing = Locked(false)
  /// How long a fetch may take.
  let timeout: Duration
  /// How long to wait before fetching again after a fetch failed while the connection listened.
  static let catchUpRetryDelay = 0.5

  init(suite: String, database: SharedDatabase, storeDescription: String, timeout: Duration) {
    self.suite = suite
    self.timeout = timeout
    self.database = database
    self.storeDescription = storeDescription
    self.catchUps = DispatchQueue(label: "UserDefaultsKitPostgres.catchUp")
    self.storeObservers = StoredValuesObservers(announcingThrough: observers)
  }

  /// Whether the replica is known to hold every committed change: the database's connection
  /// listens, and a catch-up succeeded since it started to (every later change comes with a
  /// notification).
  var isCurrent: Bool {
    guard let start = database.listeningStart else { return false }
    return state.withLock { $0.caughtUpUnder == start }
  }

  /// The number of the last change applied.
  var lastSeen: Int64 { state.withLock(\.lastSeen) }

  /// The box read for `key`: stored, else registered.
  func box(forKey key: String) -> StoredValueBox? {
    state.withLock { $0.values[key]?.box ?? $0.registered[key] }
  }

  func registered(_ key: String) -> StoredValueBox? {
    state.withLock { $0.registered[key] }
  }

  func register(_ defaults: [String: PropertyListValue]) {
    state.withLock { $0.registered.merge(defaults.mapValues(StoredValueBox.init)) { _, new in new } }
  }

  /// What the suite stores, without registered defaults.
  var storedValues: [String: PropertyListValue] {
    state.withLock { $0.values.compactMapValues { $0.box?.value } }
  }

  /// What the suite stores for `key`, without registered defaults.
  func storedValue(_ key: String) -> PropertyListValue? {
    state.withLock { $0.values[key]?.box?.value }
  }

  /// Applies `rows` (in change order) and announces each change it makes. `rows` hold every change
  /// after the last one seen up to the last of them (a fetch's result, or an update's writes
  /// under the suite's lock), or, given `seenThrough`, every change up to that number only: a
  /// write's rows, numbered after changes this replica may not have fetched yet.
  func apply(_ rows: [ChangeRow], seenThrough: Int64? = nil) {
    let decoded = rows.map { row in
      (
        row,
        row.json.map { json in row.known.map(Result.success) ?? Result { try StoredJSON.value(ofText: json) }
        }
      )
    }
    order.withLock {
      let changes = state.withLock { state in
        var changes:
          [(
            key: String, value: PropertyListValue?, stored: PropertyListValue?,
            problem: (json: String, error: any Error)?
          )] = []
        for (row, value) in decoded {
          state.lastSeen = max(state.lastSeen, seenThrough ?? row.seq)
          guard row.seq > state.values[row.key]?.seq ?? 0 else { continue }
          let box = (try? value?.get()).map(StoredValueBox.init)
          state.values[row.key] = Entry(seq: row.seq, box: box)
          var problem: (json: String, error: any Error)?
          if case .failure(let error) = value, let json = row.json { problem = (json, error) }
          changes.append((row.key, (box ?? state.registered[row.key])?.value, box?.value, problem))
        }
        let lastSeen = state.lastSeen
        if !state.written.isEmpty { state.written = state.written.filter { $0 > lastSeen } }
        return changes
      }
      for change in changes {
        if let problem = change.problem {
          DefaultsWarning.report(
            DefaultsWarning(
              .unreadableObject, key: change.key, store: storeDescription,
              detail: "\(problem.json) (\(problem.error))",
              underlying: problem.error))
        }
        observers.announce(change.key, change.value)
      }
      storeObservers.announce(
        Dictionary(changes.map { ($0.key, $0.stored) }, uniquingKeysWith: { _, last in last }))
    }
  }

  /// Fetches the changes after the last one seen, and applies them.
  func catchUp() throws {
    let start = database.listeningStart
    let query = SettingsTable.changes(of: suite, after: lastSeen)
    let client = database.client
    let logger = database.logger
    let rows = try database.bridge.wait(timeout: timeout) {
      try await ChangeRow.rows(of: client.query(query, logger: logger))
    }
    apply(rows)
    if let start {
      state.withLock { $0.caughtUpUnder = max($0.caughtUpUnder ?? start, start) }
    }
  }

  /// Catches up (``catchUpSoon()``) after a notification of the change numbered `seq` (nil: of
  /// some change), unless this replica's own write stored that change.
  func heard(_ seq: Int64?) {
    let needsNoFetch = state.withLock { state in
      guard let seq else { return false }
      if seq <= state.lastSeen || state.written.remove(seq) != nil { return true }
      guard state.writesUnderWay > 0 else { return false }
      state.notifiedDuringWrites.insert(seq)
      return true
    }
    if !needsNoFetch { catchUpSoon() }
  }

  /// Marks a write under way, until ``writeEnds(_:seenThrough:)``.
  func writeStarts() {
    state.withLock { $0.writesUnderWay += 1 }
  }

  /// Ends a write (or an update) that stored `rows` (none, if it failed): applies them (see
  /// ``apply(_:seenThrough:)``), and catches up if a change notified while it was under way was
  /// not its own (it may be another write's under way: a fetch too many, never one too few).
  func writeEnds(_ rows: [ChangeRow], seenThrough: Int64?) {
    apply(rows, seenThrough: seenThrough)
    let unexplained = state.withLock { state in
      state.writesUnderWay -= 1
      for row in rows where state.notifiedDuringWrites.remove(row.seq) == nil && row.seq > state.lastSeen {
        state.written.insert(row.seq)
      }
      let lastSeen = state.lastSeen
      defer { state.notifiedDuringWrites.removeAll() }
      return state.notifiedDuringWrites.contains { $0 > lastSeen }
    }
    if unexplained { catchUpSoon() }
  }

  /// Catches up on the replica's own queue, once for any number of calls made before it starts.
  /// A catch-up that fails is reported (once until one succeeds) and made again a moment later
  /// while the connection listens; while it does not, listening again brings the next one.
  func catchUpSoon() {
    let schedules = catchUpScheduled.withLock { scheduled -> Bool in
      defer { scheduled = true }
      return !scheduled
    }
    guard schedules else { return }
    catchUps.async { [weak self] in
      guard let self else { return }
      catchUpScheduled.withLock { $0 = false }
      do {
        try catchUp()
        catchUpFailing.withLock { $0 = false }
      } catch {
        let isFirstFailure = catchUpFailing.withLock { failing in
          defer { failing = true }
          return !failing
        }
        if isFirstFailure {
          DefaultsWarning.report(
            DefaultsWarning(
              .storeNotCurrent, store: storeDescription,
              detail: "could not fetch the changes made elsewhere; trying again", underlying: error))
        }
        guard database.listeningStart != nil else { return }
        catchUps.asyncAfter(deadline: .now() + Self.catchUpRetryDelay) { [weak self] in self?.catchUpSoon() }
      }
    }
  }
}
