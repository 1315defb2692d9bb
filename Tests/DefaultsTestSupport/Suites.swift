import Foundation
import UserDefaultsKitCore

/// The problems the library reports during a test run. Collecting them keeps them off standard
/// error, where a provoked problem would look like a failure; tests assert the ones they expect.
enum TestErrors {
  static let collector = ErrorCollector()
}

/// Called by the test bundle's start-up hook, before any test runs. (The same hook gives the run a
/// preferences folder of its own on Linux.)
@_cdecl("userDefaultsKitTestsCollectReportedErrors")
public func userDefaultsKitTestsCollectReportedErrors() {
  TestErrors.collector.start()
}

final class ErrorCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var observation: DefaultsObservation?
  private var problems: [any DefaultsProblem] = []

  func start() {
    let observation = DefaultsReports.observe { [weak self] problem in self?.append(problem) }
    lock.withLock { self.observation = observation }
  }

  private func append(_ problem: any DefaultsProblem) {
    lock.withLock { problems.append(problem) }
  }
}

/// A unique suite name for one test.
public func temporarySuiteName() -> String {
  "UserDefaultsKitTests.\(UUID().uuidString)"
}

/// Runs `body` with the store of a new, unique suite, and removes the suite afterwards.
public func withTemporarySuite<Result>(
  _ body: (UserDefaultsStore) async throws -> Result
) async rethrows -> Result {
  let name = temporarySuiteName()
  defer { removeSuite(name) }
  return try await body(UserDefaultsStore.suite(name))
}

/// Removes a suite's file, in the test run's preferences folder.
public func removeSuite(_ name: String) {
  guard let url = UserDefaultsStore.fileURL(forSuite: name) else {
    UserDefaults(suiteName: name)?.removePersistentDomain(forName: name)
    return
  }
  try? FileManager.default.removeItem(at: url)
  // NB: a journaled suite's log too, which would bring the suite back; the lock file stays, as a
  // process may still hold it.
  let hidden = url.deletingLastPathComponent().appendingPathComponent(".userdefaultskit")
  try? FileManager.default.removeItem(at: hidden.appendingPathComponent(url.lastPathComponent + ".journal"))
}
