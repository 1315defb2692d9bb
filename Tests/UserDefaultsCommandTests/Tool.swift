import DefaultsTestSupport
import Foundation
import UserDefaultsKitCore

/// The built `userdefaults` executable, run as a process against a configuration folder of its
/// own (its `XDG_CONFIG_HOME`), which the test process reaches through the library as a suite
/// folder of its choice.
struct Tool {
  struct Output {
    let status: Int32
    let standardOutput: String
    let standardError: String
  }

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
    let process = try makeProcess(arguments, as: user)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // NB: standard error is read on another thread, so that neither pipe can fill up and stall.
    let errorData = LockedArray<Data>()
    let errorRead = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      errorData.append(error.fileHandleForReading.readDataToEndOfFile())
      errorRead.signal()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    errorRead.wait()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.all.first ?? Data(), as: UTF8.self))
  }

  /// Starts the tool and collects the lines it prints as they come.
  func start(_ arguments: String...) throws -> RunningTool {
    try RunningTool(process: makeProcess(arguments))
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

/// A tool process that runs until it is stopped, such as `watch`.
final class RunningTool: Sendable {
  private let process: Process
  private let outputLines = LockedArray<String>()
  private let errorLines = LockedArray<String>()

  fileprivate init(process: Process) throws {
    self.process = process
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    Self.collectLines(from: output, into: outputLines)
    Self.collectLines(from: error, into: errorLines)
  }

  var standardOutputLines: [String] { outputLines.all }

  /// Waits until standard error has a line that contains `text`.
  func waitForError(containing text: String, timeout: Duration = .seconds(10)) async -> Bool {
    await Self.eventually(timeout: timeout) { errorLines.all.contains { $0.contains(text) } }
  }

  /// Waits until standard output has `count` lines at least.
  func waitForOutput(lineCount count: Int, timeout: Duration = .seconds(10)) async -> Bool {
    await Self.eventually(timeout: timeout) { outputLines.all.count >= count }
  }

  /// Interrupts the process (SIGTERM) and waits for it to end; true when the signal ended it.
  @discardableResult
  func stop() -> Bool {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM
  }

  private static func collectLines(from pipe: Pipe, into lines: LockedArray<String>) {
    let handle = pipe.fileHandleForReading
    Thread.detachNewThread {
      var pending = Data()
      while case let data = handle.availableData, !data.isEmpty {
        pending.append(data)
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
          lines.append(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
          pending.removeSubrange(pending.startIndex...end)
        }
      }
    }
  }

  private static func eventually(timeout: Duration, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }
}
