import Foundation
import UserDefaultsKitCore

/// The suite migrations that several processes run together in the tests: each step counts its
/// runs in the suite, in the write that records the step, and takes a while, so that processes
/// that start together overlap.
public enum PostgresTestMigrations {
  public static let steps = [
    SuiteMigration(1) { values in
      usleep(100_000)
      count(run: "step1.runs", in: &values)
      values["theme"] = values.removeValue(forKey: "colorScheme") ?? .string("dark")
    },
    SuiteMigration(2) { values in
      usleep(100_000)
      count(run: "step2.runs", in: &values)
    },
  ]

  private static func count(run key: String, in values: inout [String: PropertyListValue]) {
    guard case .integer(let runs) = values[key] else {
      values[key] = .integer(1)
      return
    }
    values[key] = .integer(runs + 1)
  }
}
