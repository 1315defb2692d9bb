import Foundation

/// Code type-checked by `swiftc` against the modules and the macro plugin that this test build
/// made, in a file named `snippet.swift`: for tests of where the compiler reports a mistake, which
/// is decided by the compiler, not by a macro's expansion alone.
public struct TypeCheckedSnippet {
  /// Every line the compiler printed, without the snippet's folder.
  public let output: [String]

  public init(_ source: String) throws {
    guard let plugin = HelperProcess.builtExecutable(named: "UserDefaultsKitMacros-tool") else {
      throw PluginNotBuilt()
    }
    let build = plugin.deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snippet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("snippet.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-diagnostic-style=swift", "-I", build.appendingPathComponent("Modules").path,
      "-load-plugin-executable", plugin.path + "#UserDefaultsKitMacros", file.path,
    ]
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    output = text.split(separator: "\n").map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
  }

  /// The error lines, `snippet.swift:3:86: error: message` for an error in the snippet's own code.
  public var errorLines: [String] { output.filter { $0.contains(": error: ") } }

  /// Each error with the snippet's line it belongs to: its own, or, for an error in code a macro
  /// generated, the line where the compiler says that code originates.
  public var errorsBySnippetLine: [(line: Int, message: String)] {
    output.indices.compactMap { index in
      let line = output[index]
      guard let range = line.range(of: ": error: ") else { return nil }
      let message = String(line[range.upperBound...])
      if let own = Self.snippetLine(in: line) { return (own, message) }
      let next = output.indices.contains(index + 1) ? output[index + 1] : ""
      guard next.contains("note: expanded code originates here"), let origin = Self.snippetLine(in: next)
      else { return nil }
      return (origin, message)
    }
  }

  /// `3` in a line that names `snippet.swift:3:86:`.
  private static func snippetLine(in line: String) -> Int? {
    guard let start = line.range(of: "snippet.swift:") else { return nil }
    return Int(line[start.upperBound...].prefix(while: \.isNumber))
  }
}

/// The macro plugin is not in the build folder: the test build did not make it.
private struct PluginNotBuilt: Error {}
