import DefaultsTestSupport
import Foundation
import Testing

/// Compiles code that misuses migrations against the modules this test build made, and checks
/// where the compiler says so: at the user's token, not only inside a macro's expansion.
@Suite("Migration diagnostics")
struct MigrationDiagnosticTests {
  static let source = """
    import UserDefaultsKit
    struct Opaque {}
    let key = DefaultsKey("k", default: 0, store: InMemoryDefaultsStore(), migrations: [.from(Opaque.self) { _ in 1 }])
    struct Reader {
      @DefaultsEntry(migrations: .from(Opaque.self) { _ in true }) var flag = false
    }
    """

  @Test("A migration from a type that was never storable is an error at the migration, for a key and a macro")
  func neverStorableType() throws {
    let errors = try typeCheck(Self.source)
    let message = "'from' is unavailable: no value was ever stored as this type"
    #expect(errors.contains { $0.hasPrefix("snippet.swift:3:86: error: \(message)") }, "\(errors)")
    #expect(errors.contains { $0.hasPrefix("snippet.swift:5:31: error: \(message)") }, "\(errors)")
  }

  /// The error lines `swiftc -typecheck` prints for `source`, a file named `snippet.swift`.
  private func typeCheck(_ source: String) throws -> [String] {
    let build = try #require(
      HelperProcess.executableURL?.deletingLastPathComponent(), "the build folder, beside the test helper")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "diagnostics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("snippet.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-I", build.appendingPathComponent("Modules").path,
      "-load-plugin-executable",
      build.appendingPathComponent("UserDefaultsKitMacros-tool").path + "#UserDefaultsKitMacros",
      file.path,
    ]
    let output = Pipe()
    process.standardError = output
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
      .map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
  }
}
