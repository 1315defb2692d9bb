import DefaultsTestSupport
import Foundation
import PostgresTestSupport

/// The package's programs (the `userdefaults` tool, the example) run as processes against the
/// test server, which they reach by a database URL, as an operator's shell does.
enum DatabaseTool {
  /// The test server's database as `user`, through its Unix socket, with `password` when given.
  static func url(user: String = PostgresServer.superuser, password: String? = nil) -> String {
    let credentials = password.map { "\(user):\($0)" } ?? user
    return "postgres://\(credentials)@/\(PostgresServer.databaseName)?host=\(TestServer.server.folder.path)"
  }

  /// Runs the built `userdefaults` to its end, over the database `url` names in its environment.
  static func run(_ arguments: [String], url: String = url()) throws -> ChildProcess.Output {
    try ChildProcess.run(process("userdefaults", arguments, url: url))
  }

  /// Starts a built program of the package, over the database `url` names in its environment.
  static func start(_ program: String, _ arguments: [String], url: String = url()) throws -> RunningProcess {
    try RunningProcess(process: process(program, arguments, url: url))
  }

  private static func process(_ program: String, _ arguments: [String], url: String) throws -> Process {
    guard let executable = HelperProcess.builtExecutable(named: program) else {
      throw CocoaError(.fileNoSuchFile)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["USERDEFAULTS_DATABASE_URL": url]) {
      $1
    }
    return process
  }
}
