import Foundation
import UserDefaultsKitCore

/// The problems UserDefaultsKit reports while a command runs. The library reports rather than
/// throws what it handles by itself (a suite file it cannot use, a write of an update that failed);
/// the tool turns each into a message, and those that mean the command did not do its work into an
/// error and a non-zero exit.
final class LibraryReports: @unchecked Sendable {
  // NB: `problems` is guarded by `lock`.
  private let lock = NSLock()
  private var problems: [DefaultsError] = []
  private var observation: DefaultsObservation?

  private static let shared = LibraryReports()

  /// Starts listening, once: call it before any store is made.
  static func start() {
    shared.lock.withLock {
      guard shared.observation == nil else { return }
      shared.observation = DefaultsError.observe { error in
        shared.lock.withLock { shared.problems.append(error) }
      }
    }
  }

  /// Prints what was reported since the last call, and throws the first problem that ends the
  /// command.
  static func check() throws {
    let reported = shared.lock.withLock {
      defer { shared.problems = [] }
      return shared.problems
    }
    var failure: ToolError?
    for problem in reported {
      if let message = endingMessage(for: problem) {
        failure = failure ?? ToolError(message)
      } else {
        Output.note("note: \(problem)")
      }
    }
    if let failure { throw failure }
  }

  /// What to say of a problem that means the command did not do its work; nil for the others.
  private static func endingMessage(for problem: DefaultsError) -> String? {
    switch problem {
    case .unusableFile(let path, let reason):
      return "the suite's file \(path) cannot be used, and was left as it is: \(reason)"
    case .corruptFileNotMovable, .invalidSuiteName, .writeFailed, .encodingFailed:
      return problem.description
    default:
      return nil
    }
  }
}
