import DefaultsTestSupport
import Testing

/// Compiles properties of a type the library cannot store against the modules this test build
/// made, and checks where the compiler says so: once, at each property, in every macro of this
/// module that persists properties; not at a settings type's closing brace, where the slots of
/// its properties are made.
@Suite("Storable type diagnostics")
struct StorableTypeDiagnosticTests {
  static let source = """
    import Observation
    import UserDefaultsKit
    struct NotStorable {}
    @DefaultsBacked struct Backed {
      var backed = NotStorable()  // reported
      @DefaultsProperty("renamed") var withOptions = NotStorable()  // reported
      var storable = 1
    }
    @ObservableDefaults final class ObservedBacked {
      var observedBacked = NotStorable()  // reported
    }
    struct Entries {
      @DefaultsEntry var entry = NotStorable()  // reported
      @DefaultsEntry var optional: NotStorable?  // reported
    }
    @Observable final class AppleObserved {
      @ObservableDefaultsEntry @ObservationIgnored var observedEntry = NotStorable()  // reported
    }
    """

  @Test("A property of a type that cannot be stored is one error at that property, for each macro")
  func unstorableTypeIsReportedAtTheProperty() throws {
    let errors = try TypeCheckedSnippet(Self.source).errorsBySnippetLine
    let message = "'_storable()' is unavailable: the type of this property cannot be stored"
    #expect(errors.map(\.line).sorted() == Self.reportedLines(in: Self.source), "\(errors)")
    #expect(errors.allSatisfy { $0.message.hasPrefix(message) }, "\(errors)")
  }

  /// The lines of `source` marked `// reported`, counted from 1 as the compiler counts them.
  static func reportedLines(in source: String) -> [Int] {
    source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { $0.element.hasSuffix("// reported") }.map { $0.offset + 1 }
  }
}
