import Foundation
import PostgresNIO
import PostgresTestSupport
import UserDefaultsKitPostgres

// A second process for the PostgreSQL store's tests:
// - `increment SOCKET USER DATABASE SUITE KEY N` opens the suite and increments KEY N times, each
//   in its own update;
// - `migrate SOCKET USER DATABASE SUITE` runs `PostgresTestMigrations.steps` on the suite;
// - `soak SOCKET USER DATABASE SUITES ID SECONDS FOLDER PROCESSES`: see `Soak`.
// Exits 0 when every operation returned, 1 with the first error otherwise.

let arguments = CommandLine.arguments
guard #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) else {
  FileHandle.standardError.write(Data("the PostgreSQL store needs macOS 15 or later\n".utf8))
  exit(2)
}
if arguments.count == 10, arguments[1] == "soak", let id = Int(arguments[6]),
  let seconds = Double(arguments[7]),
  let processes = Int(arguments[9])
{
  let configuration = PostgresClient.Configuration(
    unixSocketPath: arguments[2], username: arguments[3], password: nil, database: arguments[4])
  let soak = Soak(
    configuration: configuration, suites: arguments[5].components(separatedBy: ","), id: id,
    folder: URL(fileURLWithPath: arguments[8]), processes: processes)
  do {
    try soak.run(seconds: seconds)
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
let count = arguments.count == 8 && arguments[1] == "increment" ? Int(arguments[7]) : nil
guard count != nil || (arguments.count == 6 && arguments[1] == "migrate") else {
  FileHandle.standardError.write(
    Data(
      ("usage: increment SOCKET USER DATABASE SUITE KEY N\n"
        + "       migrate SOCKET USER DATABASE SUITE\n"
        + "       soak SOCKET USER DATABASE SUITES ID SECONDS FOLDER PROCESSES\n").utf8))
  exit(2)
}
do {
  let configuration = PostgresClient.Configuration(
    unixSocketPath: arguments[2], username: arguments[3], password: nil, database: arguments[4])
  let store = try PostgresDefaultsStore(configuration: configuration, suite: arguments[5])
  if let count {
    let counter = DefaultsKey(DefaultName(arguments[6]), default: 0, store: store)
    for _ in 0..<count {
      try counter.update { $0 += 1 }
    }
  } else {
    try store.migrate(PostgresTestMigrations.steps)
  }
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
