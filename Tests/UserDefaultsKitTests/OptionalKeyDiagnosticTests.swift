import DefaultsTestSupport
import Testing

/// Compiles keys of optional settings written without `default:` against the modules this test
/// build made: one whose wrapped type declares `DefaultsSerializable` compiles, one whose wrapped
/// type does not is one error, at that key, that says what to write.
@Suite("Optional key diagnostics")
struct OptionalKeyDiagnosticTests {
  static let source = """
    import UserDefaultsKit
    enum Mode: String, Codable { case light, dark }
    enum Theme: String, Codable, DefaultsSerializable { case plain, bold }
    let name = DefaultsKey<String?>("name")
    let theme = DefaultsKey<Theme?>("theme")
    let mode = DefaultsKey<Mode?>("mode")  // reported
    let explicitMode = DefaultsKey<Mode?>("mode", default: nil)
    struct Profile {
      @Default(DefaultsKey<String?>("nickname")) var nickname
    }
    """

  @Test("An optional key needs no default: unless its wrapped type is not DefaultsSerializable")
  func optionalKeyWithoutDefault() throws {
    let errors = try TypeCheckedSnippet(Self.source).errorsBySnippetLine
    #expect(errors.map(\.line) == StorableTypeDiagnosticTests.reportedLines(in: Self.source), "\(errors)")
    let message = "an optional setting without 'default:' needs a DefaultsSerializable wrapped type"
    #expect(errors.allSatisfy { $0.message.contains(message) }, "\(errors)")
  }
}
