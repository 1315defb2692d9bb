import Foundation

/// Runs programs of this package as processes, as their users do.
public enum ChildProcess {
  public struct Output: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
  }

  /// Runs `process` to its end and collects what it prints.
  public static func run(_ process: Process) throws -> Output {
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
}

/// A process that runs until it is stopped, such as the tool's `watch`, whose lines are collected
/// as they come.
public final class RunningProcess: Sendable {
  private let process: Process
  private let outputLines = LockedArray<String>()
  private let errorLines = LockedArray<String>()

  /// Starts `process`.
  public init(process: Process) throws {
    self.process = process
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    Self.collectLines(from: output, into: outputLines)
    Self.collectLines(from: error, into: errorLines)
  }

  public var standardOutputLines: [String] { outputLines.all }
  public var standardErrorLines: [String] { errorLines.all }

  /// Waits until standard error has a line that contains `text`.
  public func waitForError(containing text: String, timeout: Duration = .seconds(10)) async -> Bool {
    await Self.eventually(timeout: timeout) { errorLines.all.contains { $0.contains(text) } }
  }

  /// Waits until standard output has a line that contains `text`.
  public func waitForOutput(containing text: String, timeout: Duration = .seconds(10)) async -> Bool {
    await Self.eventually(timeout: timeout) { outputLines.all.contains { $0.contains(text) } }
  }

  /// Waits until standard output has `count` lines at least.
  public func waitForOutput(lineCount count: Int, timeout: Duration = .seconds(10)) async -> Bool {
    await Self.eventually(timeout: timeout) { outputLines.all.count >= count }
  }

  /// Interrupts the process (SIGTERM) and waits for it to end; true when the signal ended it.
  @discardableResult
  public func stop() -> Bool {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM
  }

  /// Kills the process (SIGKILL, which a process cannot block, as test runners block SIGTERM for
  /// their children) and waits for it to end.
  public func forceStop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
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
