import DefaultsTestSupport
import Testing

/// Properties of a type the library cannot store, declared with the spellings of the replaced
/// packages and compiled against the modules this test build made: the compiler reports each once,
/// at the property.
@Suite("Storable type diagnostics of the compatibility macros")
struct CompatStorableTypeDiagnosticTests {
  static let source = """
    import Observation
    import UserDefaultsKitCompat
    struct NotStorable {}
    @UserDefaultsData struct VAContainer {
      @DefaultsValue(defaultValue: NotStorable()) var contained: NotStorable  // reported
    }
    @Observable @UserDefaultsData final class VAObserved {
      @ObservationIgnored var observed: NotStorable?  // reported
    }
    struct VAStandalone {
      @UserDefaultsValue(defaultValue: NotStorable()) var value: NotStorable  // reported
    }
    @UserDefaultDataStore struct Records {
      @UserDefaultRecord(key: "record", defaultValue: NotStorable()) var record: NotStorable  // reported
    }
    struct Standalone {
      @UserDefaultProperty(key: "property", defaultValue: NotStorable()) var property: NotStorable  // reported
    }
    @Observable final class Forwarded {
      @ObservableUserDefault(.init(key: "k", defaultValue: NotStorable(), store: .standard))
      @ObservationIgnored var forwarded: NotStorable  // reported
    }
    @ObservableUserDefaults final class Observed {
      var observed = NotStorable()  // reported
      @CloudProperty(key: "cloud", onStoreServerChange: .cloudValue, onInitialSyncChange: .cloudValue, onAccountChange: .cachedValue)
      var cloud = NotStorable()  // reported
    }
    """

  @Test("A property of a type that cannot be stored is one error at that property, for each macro")
  func unstorableTypeIsReportedAtTheProperty() throws {
    let errors = try TypeCheckedSnippet(Self.source).errorsBySnippetLine
    let reported = Self.source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { $0.element.hasSuffix("// reported") }.map { $0.offset + 1 }
    #expect(errors.map(\.line).sorted() == reported, "\(errors)")
    #expect(errors.allSatisfy { $0.message.contains("cannot be stored") }, "\(errors)")
  }
}
