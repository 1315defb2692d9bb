import Foundation

/// One numbered step in the history of a suite's shape: rename several keys, split one in two,
/// drop obsolete ones. A suite runs each step at most once, in order, and records the last one
/// run in the suite itself (under ``recordKey``).
///
/// ```swift
/// let store = InMemoryDefaultsStore(values: ["colorScheme": .string("dark"), "legacyFlag": .bool(true)])
/// try store.migrate([
///   SuiteMigration(1) { values in values["theme"] = values.removeValue(forKey: "colorScheme") },
///   SuiteMigration(2) { values in values["legacyFlag"] = nil },
/// ])
/// ```
///
/// A step changes a copy of the values the suite stores (without registered defaults and without
/// the record). A step that throws writes nothing, not even the steps before it, and the error is
/// thrown to the caller of `migrate`. On Linux (and in the in-memory store) the changes of all the
/// steps that run and the new record land in one atomic write, under the suite's lock across
/// processes: of several processes starting at once exactly one runs a step, and a process killed
/// in a step leaves the suite as it was. Apple platforms offer no lock across processes (an app
/// and its widget may start together) and write a suite key by key, so there the record is
/// written after the changes, and a step must be idempotent: running it twice, or again after a
/// stop halfway, leaves what running it once does. A step numbered at or below the suite's record
/// never runs: give a new step a new, higher number.
public struct SuiteMigration: Sendable {
  /// The key under which a suite records the number of the last step it ran.
  public static let recordKey = "UserDefaultsKit.migration"

  /// The step's number: positive, and greater than the number of the step before it.
  public let number: Int
  let body: @Sendable (inout [String: PropertyListValue]) throws -> Void

  /// A step numbered `number` that changes the suite's stored values in `body`.
  public init(_ number: Int, _ body: @escaping @Sendable (inout [String: PropertyListValue]) throws -> Void) {
    self.number = number
    self.body = body
  }
}

extension UserDefaultsStore {
  /// Runs the steps of `migrations` the suite has not run yet, in order, in one write; returns the
  /// number of the last step the suite has run (0 when none). See ``SuiteMigration``.
  @discardableResult
  public func migrate(_ migrations: [SuiteMigration]) throws -> Int {
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      try checkSuiteIsNamed()
    #endif
    return try runMigrations(migrations, on: self) { self.storedValues }
  }
}

extension InMemoryDefaultsStore {
  /// Runs the steps of `migrations` the store has not run yet, in order, in one write; returns the
  /// number of the last step it has run (0 when none). See ``SuiteMigration``.
  @discardableResult
  public func migrate(_ migrations: [SuiteMigration]) throws -> Int {
    try runMigrations(migrations, on: self) { self.storedValues }
  }
}

/// Runs the steps of `migrations` that `store` has not recorded, under its exclusive access (on
/// Linux, the suite's lock), and commits their changes with the new record: in one write where
/// the store writes atomically, else the record after the changes.
package func runMigrations(
  _ migrations: [SuiteMigration], on store: some BuiltInStore,
  storedValues: () -> [String: PropertyListValue]
) throws -> Int {
  let numbers = migrations.map(\.number)
  guard numbers.first.map({ $0 > 0 }) ?? true, zip(numbers, numbers.dropFirst()).allSatisfy({ $0 < $1 })
  else {
    throw DefaultsError(.migrationStepsUnordered, detail: "\(numbers)")
  }
  guard PendingWrites.of(store) == nil else { throw DefaultsError(.migrationInsideUpdate, store: "\(store)") }
  return try store.withExclusiveAccess {
    var values = storedValues()
    let record = values.removeValue(forKey: SuiteMigration.recordKey)
    let recorded: Int
    if let record {
      guard let number = record.exactInteger(as: Int.self) else {
        throw DefaultsError(.migrationRecordDamaged, store: "\(store)", detail: "\(record)")
      }
      recorded = number
    } else {
      recorded = 0
    }
    let stored = values
    let pending = migrations.filter { $0.number > recorded }
    guard let last = pending.last else { return recorded }
    for step in pending {
      try step.body(&values)
      if values[SuiteMigration.recordKey] != nil {
        throw DefaultsError(.migrationRecordWritten, store: "\(store)", detail: "step \(step.number)")
      }
    }
    var changes: [String: PropertyListValue?] = [:]
    for key in Set(stored.keys).union(values.keys) where stored[key] != values[key] {
      changes[key] = .some(values[key])
    }
    let newRecord: [String: PropertyListValue?] = [SuiteMigration.recordKey: .integer(Int64(last.number))]
    if store.commitsAtomically {
      try store.commit(changes.merging(newRecord) { new, _ in new })
    } else {
      // NB: the record last, in a write of its own, so that a process stopped in between runs the
      // (idempotent) steps again rather than never.
      if !changes.isEmpty { try store.commit(changes) }
      try store.commit(newRecord)
    }
    return last.number
  }
}
