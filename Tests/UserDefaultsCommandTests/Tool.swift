import DefaultsTestSupport
import Foundation
import UserDefaultsKitCore

/// The built `userdefaults` executable, run as a process against a configuration folder of its
/// own (its `XDG_CONFIG_HOME`), which the test process reaches through the library as a suite
/// folder of its choice.
struct Tool {
  typealias Output = ChildProcess.Output

  /// The tool's configuration folder.
  let folder: URL

  /// Runs `body` with a tool over a new configuration folder in `parent` (the temporary folder
  /// when nil), removed afterwards.
  static func withFolder(_ parent: URL? = nil, _ body: (Tool) async throws -> Void) async throws {
    let folder = (parent ?? FileManager.default.temporaryDirectory)
      .appendingPathComponent("UserDefaultsCommandTests-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(Tool(folder: folder))
  }

  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    /// The store of a suite in the tool's folder, in the test process.
    func store(_ suite: String) -> UserDefaultsStore {
      UserDefaultsStore.suite(suite, in: folder)
    }
  #endif

  /// What runs the tool as another user (util-linux), where the system has it.
  static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")

  func file(ofSuite suite: String) -> URL {
    folder.appendingPathComponent(suite + ".plist")
  }

  /// Runs the tool to its end.
  @discardableResult
  func run(_ arguments: String...) throws -> Output {
    try run(arguments)
  }

  /// Runs the tool to its end, as the user `user` when given (the test process must be root).
  @discardableResult
  func run(_ arguments: [String], as user: uid_t? = nil) throws -> Output {
    try ChildProcess.run(makeProcess(arguments, as: user))
  }

  /// Starts the tool and collects the lines it prints as they come.
  func start(_ arguments: String...) throws -> RunningProcess {
    try RunningProcess(process: makeProcess(arguments))
  }

  private func makeProcess(_ arguments: [String], as user: uid_t? = nil) throws -> Process {
    guard let executable = HelperProcess.builtExecutable(named: "userdefaults") else {
      throw CocoaError(.fileNoSuchFile)
    }
    let process = Process()
    if let user {
      process.executableURL = Self.setpriv
      process.arguments =
        ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": folder.path]) { $1 }
    return process
  }
}
