import Foundation
import PostgresNIO
import UserDefaultsKitPostgres

// A second process for the PostgreSQL store's tests: `increment SOCKET USER DATABASE SUITE KEY N`
// opens the suite and increments KEY N times, each in its own update. Exits 0 when every update
// returned, 1 with the first error otherwise.

let arguments = CommandLine.arguments
guard arguments.count == 8, arguments[1] == "increment", let count = Int(arguments[7]) else {
  FileHandle.standardError.write(Data("usage: increment SOCKET USER DATABASE SUITE KEY N\n".utf8))
  exit(2)
}
guard #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) else {
  FileHandle.standardError.write(Data("the PostgreSQL store needs macOS 15 or later\n".utf8))
  exit(2)
}
do {
  let configuration = PostgresClient.Configuration(
    unixSocketPath: arguments[2], username: arguments[3], password: nil, database: arguments[4])
  let store = try PostgresDefaultsStore(configuration: configuration, suite: arguments[5])
  let counter = DefaultsKey(DefaultName(arguments[6]), default: 0, store: store)
  for _ in 0..<count {
    try counter.update { $0 += 1 }
  }
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
