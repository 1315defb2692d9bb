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
/// A step changes a copy of the values the suite stores (without registered defaults); the changes
/// of all the steps that run, and the new record, are written in one write, or nothing is: a step
/// that throws writes nothing, and the error is thrown to the caller of `migrate`. On Linux the
/// steps run under the suite's lock across processes, so of several processes starting at once
/// exactly one runs them, and a process killed in a step leaves the suite as it was. Apple
/// platforms offer no lock across processes (an app and its widget may start together), so there
/// a step must be idempotent: running it twice leaves what running it once does.
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

/// A list of suite migrations that cannot run: numbers that are not positive and increasing.
public struct SuiteMigrationOrderError: Error, CustomStringConvertible {
  /// The numbers as given.
  public let numbers: [Int]

  public var description: String {
    "suite migrations must have positive, increasing numbers; got \(numbers)"
  }
}

extension UserDefaultsStore {
  /// Runs the steps of `migrations` the suite has not run yet, in order, in one write; returns the
  /// number of the last step the suite has run (0 when none). See ``SuiteMigration``.
  @discardableResult
  public func migrate(_ migrations: [SuiteMigration]) throws -> Int {
    try runMigrations(migrations, on: self) { self.storedValues }
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
/// Linux, the suite's lock), and commits their changes with the new record in one write.
private func runMigrations(
  _ migrations: [SuiteMigration], on store: some BuiltInStore,
  storedValues: () -> [String: PropertyListValue]
) throws -> Int {
  let numbers = migrations.map(\.number)
  guard numbers.first.map({ $0 > 0 }) ?? true, zip(numbers, numbers.dropFirst()).allSatisfy({ $0 < $1 })
  else {
    throw SuiteMigrationOrderError(numbers: numbers)
  }
  return try store.withExclusiveAccess {
    let stored = storedValues()
    let recorded = stored[SuiteMigration.recordKey].flatMap { $0.exactInteger(as: Int.self) } ?? 0
    let pending = migrations.filter { $0.number > recorded }
    guard let last = pending.last else { return recorded }
    var values = stored
    values[SuiteMigration.recordKey] = nil
    for step in pending { try step.body(&values) }
    var changes: [String: PropertyListValue?] = [:]
    for key in Set(stored.keys).union(values.keys) where key != SuiteMigration.recordKey {
      if stored[key] != values[key] { changes[key] = .some(values[key]) }
    }
    changes[SuiteMigration.recordKey] = .some(.integer(Int64(last.number)))
    try store.commit(changes)
    return last.number
  }
}
