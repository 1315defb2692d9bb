import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

/// The two stores every behaviour is checked against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case userDefaults
  case inMemory

  var testDescription: String { rawValue }

  /// Runs `body` with a fresh store; a real suite is removed afterwards.
  func withStore<Result>(_ body: (any DefaultsStore) async throws -> Result) async rethrows -> Result {
    switch self {
    case .inMemory:
      return try await body(InMemoryDefaultsStore())
    case .userDefaults:
      return try await withTemporarySuite { try await body($0) }
    }
  }
}

/// Collects the problems the library reports for one store.
final class ReportedErrors: Sendable {
  private let problems = LockedArray<any DefaultsProblem>()
  private let observation: DefaultsObservation

  convenience init(for store: any DefaultsStore) {
    self.init(matching: "[\(store)]")
  }

  /// Collects the problems whose description contains `text`.
  init(matching text: String) {
    let problems = self.problems
    observation = DefaultsReports.observe { problem in
      if "\(problem)".contains(text) { problems.append(problem) }
    }
  }

  /// Every problem reported, errors and warnings, in order.
  var all: [any DefaultsProblem] { problems.all }
  /// The errors reported.
  var errors: [DefaultsError] { all.compactMap { $0 as? DefaultsError } }
  /// The warnings reported.
  var warnings: [DefaultsWarning] { all.compactMap { $0 as? DefaultsWarning } }
}

/// Waits (up to `timeout`) until `condition` holds.
func eventually(timeout: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while clock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}
