import Foundation
import RoundTripFixtures
import UserDefaultsKitCore

// A child process for the tests: `write SUITE` writes the round-trip matrix and exits at once,
// without any flush of its own; `verify SUITE` reads it back in a fresh process.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let command = arguments.first, let suite = arguments.last else {
  FileHandle.standardError.write(Data("usage: DefaultsTestHelper write|verify SUITE\n".utf8))
  exit(2)
}
let store = UserDefaultsStore.suite(suite)
switch command {
case "write":
  for testCase in RoundTripMatrix.cases { testCase.write(to: store) }
  exit(0)
case "verify":
  let failures = RoundTripMatrix.cases.compactMap { testCase in
    testCase.mismatch(in: store).map { "\(testCase.name): \($0.prefix(200))" }
  }
  print(failures.joined(separator: "\n"))
  exit(failures.isEmpty ? 0 : 1)
default:
  exit(2)
}
