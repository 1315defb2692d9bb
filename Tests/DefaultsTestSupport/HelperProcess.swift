import Foundation

/// Runs the `DefaultsTestHelper` executable, which SwiftPM builds next to the test bundle. It
/// inherits the environment, and with it the test run's preferences folder.
public enum HelperProcess {
  public struct Output: Sendable {
    public let status: Int32
    public let standardOutput: String
  }

  public static var executableURL: URL? {
    builtExecutable(named: "DefaultsTestHelper")
  }

  /// An executable of this package, which SwiftPM builds next to the test bundle when a test
  /// target depends on it.
  public static func builtExecutable(named name: String) -> URL? {
    // NB: on macOS the tests run inside a toolchain helper that loads the test bundle, so the
    // bundle that holds this code, and the build folder, are looked at too.
    let buildFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../.build/debug/").standardizedFileURL
    let candidates =
      [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle(for: Locator.self).bundleURL]
      + Bundle.allBundles.map(\.bundleURL)
    return
      (candidates.map { $0.deletingLastPathComponent() } + [buildFolder])
      .map { $0.appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// A class of this module, whose bundle `Bundle(for:)` finds.
  private final class Locator {}

  /// Starts the helper without waiting for it.
  public static func start(_ arguments: [String], standardOutput: Pipe? = nil) throws -> Process {
    let process = try makeProcess(arguments)
    if let standardOutput { process.standardOutput = standardOutput }
    try process.run()
    return process
  }

  /// Runs the helper to its end.
  public static func run(_ arguments: [String]) throws -> Output {
    let process = try makeProcess(arguments)
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self))
  }

  private static func makeProcess(_ arguments: [String]) throws -> Process {
    guard let executableURL else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = executableURL
    process.arguments = arguments
    return process
  }
}
