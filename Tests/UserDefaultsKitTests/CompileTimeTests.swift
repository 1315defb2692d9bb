import Foundation
import Observation
import Testing
import UserDefaultsKit

// Awkward but valid declarations: this file passes by compiling. The test at the end touches a
// few of them so that the compiler cannot drop them.

@DefaultsBacked(store: globalStore)
struct GenericSettings<Element: Sendable> {
  var count = 0
  var label: String = "generic"
}

enum Namespace {
  @DefaultsBacked(prefix: "nested_", store: globalStore)
  struct Nested {
    var value = 1

    @DefaultsBacked(prefix: "deeper_", store: globalStore)
    final class Deeper {
      var flag = true
    }
  }
}

@DefaultsBacked(store: globalStore, access: .public)
open class OpenSettings {
  public var opened = 0
  public init() {}
}

@MainActor
@DefaultsBacked(prefix: "main_", store: globalStore)
final class MainActorSettings {
  var volume = 0.5
}

@MainActor
@ObservableDefaults(prefix: "mainObserved_", store: globalStore)
final class MainActorObservedSettings {
  var volume = 0.5
}

/// Properties named like the members and locals that the macros generate.
@DefaultsBacked(prefix: "names_", store: globalStore)
struct NamedLikeGeneratedMembers {
  var store = 1
  var key = "k"
  var value = 2
  var newValue = 3
  var name = "n"
  var keyPath = 4
  var registrar = 5
  var initialValue = 6
  @DefaultsIgnored var observation: Int? = nil
}

@ObservableDefaults(prefix: "all_", store: globalStore)
final class EveryKindOfValue {
  var bool = false
  var int8: Int8 = 0
  var uint64: UInt64 = .max
  var float: Float = 1.5
  var date = Date(timeIntervalSince1970: 0)
  var url = URL(string: "https://example.com")!
  var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
  var decimal = Decimal(string: "3.14")!
  var data = Data()
  var list: [String] = []
  var set: Set<Int> = []
  var dictionary: [String: Double] = [:]
  var point = CGPoint.zero
  var rect = CGRect.zero
  var theme = MacroTheme.system
  var profile: MacroProfile? = nil
  @DefaultsProperty(encoder: JSONEncoder(), decoder: JSONDecoder()) var coded = MacroProfile(name: "c")
  var optionalTheme: MacroTheme?
  @DefaultsProperty(default: 3) var retries: Int
}

extension Namespace {
  @DefaultsEntry("extensionStatic", default: 0, store: globalStore)
  static var counter: Int

  @DefaultsEntry(default: "unread", store: UserDefaults(suiteName: "UserDefaultsKitTests.compile")!)
  static var suiteExpression: String
}

@Suite("Awkward declarations")
struct CompileTimeTests {
  @Test("Awkward declarations compile and work")
  @MainActor
  func awkwardDeclarations() {
    let generic = GenericSettings<Int>()
    generic.count = 1
    #expect(generic.count == 1)
    Namespace.Nested().value = 2
    #expect(globalStore.read("nested_value") == .integer(2))
    #expect(Namespace.Nested.Deeper().flag)
    OpenSettings().opened = 3
    MainActorSettings().volume = 0.25
    #expect(MainActorObservedSettings().volume == 0.5)
    let named = NamedLikeGeneratedMembers()
    named.newValue = 30
    #expect(named.newValue == 30)
    #expect(globalStore.read("names_newValue") == .integer(30))
    let values = EveryKindOfValue()
    values.uint64 -= 1
    #expect(values.uint64 == UInt64.max - 1)
    #expect(values.retries == 3)
    #expect(Namespace.suiteExpression == "unread")
    Namespace.counter += 1
    #expect(Namespace.counter == 1)
  }
}

@Suite("Types declared in a file without imports")
struct WithoutImportsTests {
  @Test("A public Sendable class and struct work over any store")
  func publicSendable() async {
    let store = InMemoryDefaultsStore()
    let observed = ObservedWithoutImports(store: store)
    let backed = BackedWithoutImports(store: store)
    let sendable: any Sendable = observed
    observed.volume = 0.7
    backed.count = 2
    let fromAnotherTask = await Task.detached { [backed] in backed.count }.value
    #expect(ObservedWithoutImports(store: store).volume == 0.7)
    #expect(fromAnotherTask == 2)
    #expect(sendable is ObservedWithoutImports)
  }
}
