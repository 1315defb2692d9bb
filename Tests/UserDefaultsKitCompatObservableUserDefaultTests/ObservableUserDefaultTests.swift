import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKitCompatObservableUserDefault

// The code of ObservableUserDefault's README, as written there but for the import and the class
// names (the README reuses one name), and the behaviour that README documents.

private let forwardingSuite = temporarySuiteName()

extension UserDefaults {
  /// What the argument-less form forwards to: a static property the user declares.
  fileprivate static var name: String {
    get { UserDefaults(suiteName: forwardingSuite)!.string(forKey: "name") ?? "" }
    set { UserDefaults(suiteName: forwardingSuite)!.set(newValue, forKey: "name") }
  }
}

@Observable
private final class StorageModel {
  @ObservableUserDefault
  @ObservationIgnored
  var name: String
}

@Observable
private final class StorageModelWithDefault {
  @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", defaultValue: "John Appleseed", store: .standard))
  @ObservationIgnored
  var name: String
}

@Observable
private final class StorageModelWithOptional {
  @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", store: .standard))
  @ObservationIgnored
  var name: String?
}

@Suite("ObservableUserDefault README", .serialized)
struct ObservableUserDefaultTests {
  @Test("Without arguments the property forwards to UserDefaults.<name> and is observed")
  func forwarding() {
    defer { removeSuite(forwardingSuite) }
    let model = StorageModel()
    let changes = LockedCounter()
    withObservationTracking {
      _ = model.name
    } onChange: {
      changes.increment()
    }
    model.name = "Ada"
    #expect(UserDefaults.name == "Ada")
    #expect(model.name == "Ada")
    #expect(changes.count == 1)
  }

  @Test("With a key, a default value and a store; and the optional form")
  func metadata() {
    defer { UserDefaults.standard.removeObject(forKey: "NAME_STORAGE_KEY") }
    let model = StorageModelWithDefault()
    #expect(model.name == "John Appleseed")
    let changes = LockedCounter()
    withObservationTracking {
      _ = model.name
    } onChange: {
      changes.increment()
    }
    model.name = "Grace"
    #expect(UserDefaults.standard.string(forKey: "NAME_STORAGE_KEY") == "Grace")
    #expect(changes.count == 1)

    let optional = StorageModelWithOptional()
    #expect(optional.name == "Grace", "the same key in the same store")
    optional.name = nil
    #expect(UserDefaults.standard.persistentDomain(forName: standardDomainName)?["NAME_STORAGE_KEY"] == nil)
    #expect(model.name == "John Appleseed")
  }
}

/// The domain that `UserDefaults.standard` writes on this platform.
private var standardDomainName: String {
  #if canImport(Darwin) || APPLE_API_TYPECHECK
    Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
  #else
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().lastPathComponent
  #endif
}
