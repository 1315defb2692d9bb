import DefaultsTestSupport
import Testing

/// Cloud keys written as literals, compiled against the modules this test build made: a key over
/// 64 bytes of UTF-8, which would crash the app in `NSUbiquitousKeyValueStore`, is an error at the
/// key; 64 bytes compile.
@Suite("Cloud key length diagnostics of the compatibility macros")
struct CloudKeyDiagnosticTests {
  static let source = """
    import UserDefaultsKitCompat
    @ObservableUserDefaults final class Synced {
      @CloudProperty(key: "com.example.settings.appearance.favoriteBackgroundColor.version2")
      var longest = "Green"
      @CloudProperty(key: "com.example.settings.appearance.favoriteBackgroundColor.version02")  // reported
      var tooLong = "Green"
      @CloudProperty(key: "\(String(repeating: "\u{E9}", count: 32))")
      var longestAccented = "Green"
      @CloudProperty(key: "\(String(repeating: "\u{E9}", count: 33))", userDefaultKey: "accented")  // reported
      var tooLongAccented = "Green"
    }
    """

  @Test("A literal cloud key over 64 bytes is one error at the key; 64 bytes compile")
  func longCloudKeyIsReportedAtTheKey() throws {
    let errors = try TypeCheckedSnippet(Self.source).errorsBySnippetLine
    let reported = Self.source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { $0.element.hasSuffix("// reported") }.map { $0.offset + 1 }
    #expect(errors.map(\.line).sorted() == reported, "\(errors)")
    #expect(
      errors.allSatisfy { $0.message.contains("NSUbiquitousKeyValueStore takes at most 64") }, "\(errors)")
  }
}
