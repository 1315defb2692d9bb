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

/// Collects the errors the library reports for one store.
final class ReportedErrors: Sendable {
  private let errors = LockedArray<DefaultsError>()
  private let observation: DefaultsObservation

  convenience init(for store: any DefaultsStore) {
    self.init(matching: "[\(store)]")
  }

  /// Collects the errors whose description contains `text`.
  init(matching text: String) {
    let errors = self.errors
    observation = DefaultsError.observe { error in
      if "\(error)".contains(text) { errors.append(error) }
    }
  }

  var all: [DefaultsError] { errors.all }
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
