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
    try TypeCheckedSnippet(source).errorLines
  }
}
