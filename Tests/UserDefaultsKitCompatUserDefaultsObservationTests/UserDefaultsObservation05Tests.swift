import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompatUserDefaultsObservation

// Code written for UserDefaultsObservation 0.5, in the shapes of its example app
// (tgeisse/UserDefaultsObservation-Examples) and of its client, with only the import changed. Like
// such code, this file does not import Observation: the expansions must not need it.

// MARK: - The example app's models

enum BackgroundColor: String, CaseIterable {
  case red
  case blue
  case green
  case yellow
  case `default`
  case white
  case black

  var displayName: String {
    rawValue.capitalized
  }
}

protocol ContainsExampleFields {
  var aNumber: Int { get set }
  var aString: String { get set }
  var aRawRepresentable: BackgroundColor { get set }
}

@ObservableUserDefaults
final class UserDefaultValues: ContainsExampleFields {
  var aNumber = 0
  var aString = "Hello World"
  var aRawRepresentable: BackgroundColor = .default
  var lastPickedColor: BackgroundColor?

  @UserDefaultsStore
  var store: UserDefaults

  init(_ store: UserDefaults = .standard) {
    self.store = store
  }
}

@ObservableUserDefaults
final class CloudStoreValues: ContainsExampleFields {
  @CloudProperty(
    key: "aNumber",
    onStoreServerChange: .cloudValue,
    onInitialSyncChange: .cloudValue,
    onAccountChange: .cachedValue)
  var aNumber: Int = 0

  @CloudProperty(
    key: "aString",
    onStoreServerChange: .cloudValue,
    onInitialSyncChange: .cloudValue,
    onAccountChange: .cachedValue)
  var aString: String = "Hello World"

  @CloudProperty(
    key: "aRawRepresentable",
    onStoreServerChange: .cloudValue,
    onInitialSyncChange: .cloudValue,
    onAccountChange: .defaultValue)
  var aRawRepresentable: BackgroundColor = .default

  @ObservableUserDefaultsStore
  var store: UserDefaults

  init(_ store: UserDefaults) {
    self.store = store
  }
}

/// Fills the example fields, as the example app's form does through bindings.
func fill<Provider: ContainsExampleFields>(_ provider: inout Provider) {
  provider.aNumber += 42
  provider.aString = "Bonjour"
  provider.aRawRepresentable = .blue
}

// MARK: - The package's client

@available(macOS 14.0, iOS 17.0, tvOS 17.0, macCatalyst 17.0, watchOS 10.0, visionOS 1.0, *)
@ObservableUserDefaults
class MyClientSampleClass {
  var firstUse = false

  @ObservableUserDefaultsProperty("OldInterface")
  var oldInterface = true

  @CloudProperty(
    key: "username_key",
    userDefaultKey: "differentUserDefaultKey",
    onStoreServerChange: .cloudValue,
    onInitialSyncChange: .defaultValue,
    onAccountChange: .cachedValue)
  var username: String?

  @CloudProperty(key: "allEventsIgnored", onInitialSyncChange: .cachedValue)
  var allEventsIgnored = true

  @UserDefaultsProperty(key: "myOldUserDefaultsKey")
  var olderKey = 50

  var somethingElse: URL = URL(string: "http://google.com")!

  @ObservableUserDefaultsIgnored
  var myUntrackedNonUserDefaultsProperty = true

  @UserDefaultsStore
  var myStore: UserDefaults

  init(_ store: UserDefaults = .standard) {
    self.myStore = store
  }
}

// MARK: - Stores chosen at compile time, as the README shows

@ObservableUserDefaults
class DiagnosticsSettings {
  static let debugSuite = "UserDefaultsKitCompatTests.UserDefaultsObservation05.debug"
  static let productionSuite = "UserDefaultsKitCompatTests.UserDefaultsObservation05.production"

  var verboseLogging = false

  @UserDefaultsStore
  var myStore: UserDefaults {
    #if DEBUG
      return UserDefaults(suiteName: Self.debugSuite)!
    #else
      return UserDefaults(suiteName: Self.productionSuite)!
    #endif
  }
}

@ObservableUserDefaults
class LaunchSettings {
  var launchCount = 0
  var lastLaunch: Date?

  @UserDefaultsStore
  var myStore: UserDefaults = {
    #if DEBUG
      return UserDefaults(suiteName: "UserDefaultsKitCompatTests.UserDefaultsObservation05.launch.debug")!
    #else
      return UserDefaults(suiteName: "UserDefaultsKitCompatTests.UserDefaultsObservation05.launch")!
    #endif
  }()
}

@ObservableUserDefaults
class OnboardingSettings {
  var completedSteps: [String] = []
  var skipped: Bool?

  @ObservableUserDefaultsStore
  var myStore = UserDefaults(suiteName: "UserDefaultsKitCompatTests.UserDefaultsObservation05.onboarding")
}

// MARK: - Computed properties that report to Observation themselves

@ObservableUserDefaults
final class EditorState {
  var fontSize = 12.0

  @ObservableUserDefaultsIgnored
  private var unsavedEdits = 0

  var hasUnsavedEdits: Bool {
    get {
      access(keyPath: \.hasUnsavedEdits)
      return unsavedEdits > 0
    }
    set {
      withMutation(keyPath: \.hasUnsavedEdits) {
        unsavedEdits = newValue ? max(unsavedEdits, 1) : 0
      }
    }
  }

  var fontSizeLabel: String {
    "\(Int(fontSize)) pt"
  }

  @ObservableUserDefaultsIgnored
  var draft = "" {
    didSet { draftChanges += 1 }
  }

  @ObservableUserDefaultsIgnored
  var draftChanges = 0

  @UserDefaultsStore
  var store: UserDefaults

  init(store: UserDefaults) {
    self.store = store
  }
}

// MARK: - Keys named by constants, the standard store, an access(keyPath:) of its own

enum LegacyKeys {
  static let theme = "LegacyTheme"
  static let fontName = "LegacyFontName"
}

@ObservableUserDefaults
final class AppearanceSettings {
  @UserDefaultsProperty(key: LegacyKeys.theme)
  var theme = "light"

  @ObservableUserDefaultsProperty(LegacyKeys.fontName)
  var fontName = "Helvetica"

  @CloudProperty(key: "UserDefaultsObservation05.accent", userDefaultKey: nil)
  var accent: BackgroundColor = .blue

  @ObservableUserDefaultsIgnored
  var auditedReads = 0

  var isDark: Bool {
    get {
      access(keyPath: \.isDark)
      return theme == "dark"
    }
    set {
      withMutation(keyPath: \.isDark) {
        theme = newValue ? "dark" : "light"
      }
    }
  }

  func access<Member>(keyPath: KeyPath<AppearanceSettings, Member>) {
    auditedReads += 1
  }
}

// MARK: - The README's supported types

@ObservableUserDefaults
final class SupportedTypes {
  var data = Data([1, 2])
  var nsData = NSData(data: Data([3]))
  var nsString: NSString = "plain"
  var link = URL(string: "https://swift.org")!
  var nsLink: NSURL?
  var nsDate: NSDate?
  var number = NSNumber(value: 7)
  var smallInt: Int8 = -8
  var bigUnsigned = UInt64.max
  var ratio: Float = 0.5
  var tags: [String] = []
  var limits: [String: Int] = [:]

  @UserDefaultsStore
  var store: UserDefaults

  init(_ store: UserDefaults) {
    self.store = store
  }
}

// MARK: - Tests

@Suite("UserDefaultsObservation 0.5 code", .serialized)
struct UserDefaultsObservation05Tests {
  @Test("Keys are ClassName.property; nothing is registered; enums store their raw value")
  func exampleFields() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    var values = UserDefaultValues(defaults)
    #expect(values.aNumber == 0 && values.aString == "Hello World" && values.aRawRepresentable == .default)
    #expect(values.lastPickedColor == nil)
    for key in ["aNumber", "aString", "aRawRepresentable", "lastPickedColor"] {
      #expect(defaults.object(forKey: "UserDefaultValues.\(key)") == nil, "no default is registered")
    }

    fill(&values)
    #expect(defaults.integer(forKey: "UserDefaultValues.aNumber") == 42)
    #expect(defaults.string(forKey: "UserDefaultValues.aString") == "Bonjour")
    #expect(defaults.string(forKey: "UserDefaultValues.aRawRepresentable") == "blue")
    let another = UserDefaultValues(defaults)
    #expect(another.aNumber == 42 && another.aString == "Bonjour" && another.aRawRepresentable == .blue)

    values.lastPickedColor = .green
    #expect(defaults.string(forKey: "UserDefaultValues.lastPickedColor") == "green")
    values.lastPickedColor = nil
    #expect(defaults.object(forKey: "UserDefaultValues.lastPickedColor") == nil, "nil removes the key")
    #expect(BackgroundColor.allCases.map(\.displayName).first == "Red")
  }

  @Test("A value of another type, or an unknown case, reads as the default and stays stored")
  func unreadableValues() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    defaults.set("purple", forKey: "UserDefaultValues.aRawRepresentable")
    defaults.set("many", forKey: "UserDefaultValues.aNumber")
    let values = UserDefaultValues(defaults)
    #expect(values.aRawRepresentable == .default)
    #expect(values.aNumber == 0)
    #expect(defaults.string(forKey: "UserDefaultValues.aRawRepresentable") == "purple")
    #expect(defaults.string(forKey: "UserDefaultValues.aNumber") == "many")
  }

  @Test("Keys named by constants, the standard store, and an access(keyPath:) the class declares")
  func appearance() {
    let keys = [LegacyKeys.theme, LegacyKeys.fontName, "UserDefaultsObservation05.accent"]
    let removeKeys = { for key in keys { UserDefaults.standard.removeObject(forKey: key) } }
    removeKeys()
    defer { removeKeys() }
    let settings = AppearanceSettings()
    #expect(!settings.isDark && settings.auditedReads == 1)
    #expect(observationReportsChange(of: { _ = settings.isDark }, when: { settings.isDark = true }))
    #expect(UserDefaults.standard.string(forKey: LegacyKeys.theme) == "dark")
    settings.fontName = "Menlo"
    #expect(UserDefaults.standard.string(forKey: LegacyKeys.fontName) == "Menlo")
    #expect(AppearanceSettings().theme == "dark" && AppearanceSettings().fontName == "Menlo")
  }

  @Test("Every type of the README's list round-trips")
  func supportedTypes() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    let types = SupportedTypes(defaults)
    #expect(types.data == Data([1, 2]) && types.nsString == "plain" && types.bigUnsigned == .max)
    types.data = Data()
    types.nsData = NSData(data: Data([4, 5]))
    types.nsString = "bridged"
    types.link = URL(string: "https://swift.org/blog")!
    types.nsLink = NSURL(string: "https://example.com/a?b=c")
    types.nsDate = NSDate(timeIntervalSince1970: 1_000.25)
    types.number = NSNumber(value: 2.5)
    types.smallInt = .min
    types.bigUnsigned -= 1
    types.ratio = 0.1
    types.tags = ["a", "b"]
    types.limits = ["daily": 3]

    let reloaded = SupportedTypes(defaults)
    #expect(reloaded.data.isEmpty && reloaded.nsData == NSData(data: Data([4, 5])))
    #expect(reloaded.nsString == "bridged" && reloaded.link == URL(string: "https://swift.org/blog")!)
    #expect(reloaded.nsLink == NSURL(string: "https://example.com/a?b=c"))
    #expect(defaults.string(forKey: "SupportedTypes.nsLink") == "https://example.com/a?b=c")
    #expect(reloaded.nsDate == NSDate(timeIntervalSince1970: 1_000.25))
    #expect(reloaded.number == NSNumber(value: 2.5) && reloaded.smallInt == .min)
    #expect(reloaded.bigUnsigned == .max - 1 && reloaded.ratio == 0.1)
    #expect(reloaded.tags == ["a", "b"] && reloaded.limits == ["daily": 3])
  }

  @Test("Persisted properties are observed one by one; a computed property follows what it reads")
  func observation() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let values = UserDefaultValues(UserDefaults(suiteName: suite)!)
    #expect(observationReportsChange(of: { _ = values.aString }, when: { values.aString = "Hi" }))
    #expect(!observationReportsChange(of: { _ = values.aString }, when: { values.aNumber = 1 }))
    let editor = EditorState(store: UserDefaults(suiteName: suite)!)
    #expect(observationReportsChange(of: { _ = editor.fontSizeLabel }, when: { editor.fontSize = 14 }))
    #expect(editor.fontSizeLabel == "14 pt")
  }

  @Test(
    "access(keyPath:) and withMutation(keyPath:_:) serve computed properties; ignored ones stay as written")
  func accessAndWithMutation() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    let editor = EditorState(store: defaults)
    #expect(!editor.hasUnsavedEdits)
    #expect(
      observationReportsChange(of: { _ = editor.hasUnsavedEdits }, when: { editor.hasUnsavedEdits = true }))
    #expect(editor.hasUnsavedEdits)
    editor.draft = "Chapter 1"
    editor.draft = "Chapter 2"
    #expect(editor.draftChanges == 2, "didSet runs on an ignored property")
    #expect(!observationReportsChange(of: { _ = editor.draft }, when: { editor.draft = "Chapter 3" }))
    #expect(defaults.object(forKey: "EditorState.draft") == nil)
    #expect(defaults.object(forKey: "EditorState.draftChanges") == nil)
    #expect(defaults.object(forKey: "EditorState.unsavedEdits") == nil)
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, macCatalyst 17.0, watchOS 10.0, visionOS 1.0, *)
  @Test("The client's keys: long and short key spellings, the store set in init, the ignored property")
  func client() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    let sample = MyClientSampleClass(defaults)
    #expect(!sample.firstUse && sample.oldInterface && sample.olderKey == 50)
    #expect(sample.somethingElse == URL(string: "http://google.com")!)
    #expect(
      defaults.object(forKey: "OldInterface") == nil && defaults.object(forKey: "myOldUserDefaultsKey") == nil
    )

    sample.firstUse = true
    sample.oldInterface = false
    sample.olderKey = 51
    sample.somethingElse = URL(string: "https://swift.org/documentation")!
    sample.myUntrackedNonUserDefaultsProperty = false
    #expect(defaults.bool(forKey: "MyClientSampleClass.firstUse"))
    #expect(defaults.object(forKey: "OldInterface") as? Bool == false)
    #expect(defaults.integer(forKey: "myOldUserDefaultsKey") == 51)
    #expect(defaults.object(forKey: "MyClientSampleClass.myUntrackedNonUserDefaultsProperty") == nil)
    let reloaded = MyClientSampleClass(defaults)
    #expect(reloaded.firstUse && !reloaded.oldInterface && reloaded.olderKey == 51)
    #expect(reloaded.somethingElse == URL(string: "https://swift.org/documentation")!)
    #expect(reloaded.myUntrackedNonUserDefaultsProperty)
  }

  @Test("Stores that are computed, initialized by a closure, or optional")
  func compileTimeStores() {
    #if DEBUG
      let diagnosticsSuite = DiagnosticsSettings.debugSuite
      let launchSuite = "UserDefaultsKitCompatTests.UserDefaultsObservation05.launch.debug"
    #else
      let diagnosticsSuite = DiagnosticsSettings.productionSuite
      let launchSuite = "UserDefaultsKitCompatTests.UserDefaultsObservation05.launch"
    #endif
    let onboardingSuite = "UserDefaultsKitCompatTests.UserDefaultsObservation05.onboarding"
    defer { [diagnosticsSuite, launchSuite, onboardingSuite].forEach(removeSuite) }

    DiagnosticsSettings().verboseLogging = true
    #expect(DiagnosticsSettings().verboseLogging)
    #expect(UserDefaults(suiteName: diagnosticsSuite)!.bool(forKey: "DiagnosticsSettings.verboseLogging"))

    let launch = LaunchSettings()
    launch.launchCount += 1
    launch.lastLaunch = Date(timeIntervalSince1970: 1_700_000_000.5)
    #expect(LaunchSettings().launchCount == 1)
    #expect(LaunchSettings().lastLaunch == Date(timeIntervalSince1970: 1_700_000_000.5))
    #expect(UserDefaults(suiteName: launchSuite)!.integer(forKey: "LaunchSettings.launchCount") == 1)

    let onboarding = OnboardingSettings()
    onboarding.completedSteps.append("welcome")
    onboarding.skipped = false
    #expect(OnboardingSettings().completedSteps == ["welcome"] && OnboardingSettings().skipped == false)
    #expect(
      UserDefaults(suiteName: onboardingSuite)!.stringArray(forKey: "OnboardingSettings.completedSteps")
        == ["welcome"])
  }

  @Test("The change actions keep UserDefaultsObservation's raw values")
  func changeReasonActions() {
    let actions: [UbiquitousKeyValueStoreChangeReasonAction] = [
      .defaultValue, .cachedValue, .cloudValue, .ignore,
    ]
    #expect(actions.map(\.rawValue) == ["defaultValue", "cachedValue", "cloudValue", "ignore"])
    #expect(UbiquitousKeyValueStoreChangeReasonAction(rawValue: "cloudValue") == .cloudValue)
  }

  // NB: @CloudProperty uses the platform's cloud store; on Apple platforms that is iCloud, which a
  // test process has no entitlement for. On Linux it is InMemoryCloudStore.shared.
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test("Cloud properties cache under their key and follow the example app's policies")
    func cloudStoreValues() {
      let suite = temporarySuiteName()
      let cloud = InMemoryCloudStore.shared
      defer {
        removeSuite(suite)
        for key in ["aNumber", "aString", "aRawRepresentable"] { cloud.setValue(nil, forKey: key) }
      }
      let defaults = UserDefaults(suiteName: suite)!
      cloud.setValue(.integer(7), forKey: "aNumber")
      var values = CloudStoreValues(defaults)
      #expect(values.aNumber == 7, "onInitialSyncChange: .cloudValue takes what the cloud has")
      #expect(values.aString == "Hello World")
      #expect(defaults.object(forKey: "aString") == nil, "no default is registered")

      fill(&values)
      #expect(defaults.integer(forKey: "aNumber") == 49 && cloud.value(forKey: "aNumber") == .integer(49))
      #expect(defaults.string(forKey: "aRawRepresentable") == "blue")
      #expect(cloud.value(forKey: "aRawRepresentable") == .string("blue"))

      cloud.simulateExternalChange(.serverChange, values: ["aString": .string("Hola")])
      #expect(values.aString == "Hola")
      cloud.simulateExternalChange(.accountChange, values: ["aString": .string("Ciao")])
      #expect(values.aString == "Hola", "onAccountChange: .cachedValue")
      #expect(
        observationReportsChange(
          of: { _ = values.aRawRepresentable },
          when: {
            cloud.simulateExternalChange(.accountChange, values: ["aRawRepresentable": .string("red")])
          }
        ))
      #expect(values.aRawRepresentable == .default, "onAccountChange: .defaultValue")
    }

    @Test("userDefaultKey: nil caches under the cloud key")
    func cloudKeyAsCacheKey() {
      let key = "UserDefaultsObservation05.accent"
      defer {
        UserDefaults.standard.removeObject(forKey: key)
        InMemoryCloudStore.shared.setValue(nil, forKey: key)
      }
      let settings = AppearanceSettings()
      settings.accent = .yellow
      #expect(UserDefaults.standard.string(forKey: key) == "yellow")
      #expect(InMemoryCloudStore.shared.value(forKey: key) == .string("yellow"))
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, macCatalyst 17.0, watchOS 10.0, visionOS 1.0, *)
    @Test("A policy left out ignores its event; reads and writes share userDefaultKey")
    func clientCloudProperties() {
      let suite = temporarySuiteName()
      let cloud = InMemoryCloudStore.shared
      defer {
        removeSuite(suite)
        for key in ["username_key", "allEventsIgnored"] { cloud.setValue(nil, forKey: key) }
      }
      let defaults = UserDefaults(suiteName: suite)!
      cloud.setValue(.bool(false), forKey: "allEventsIgnored")
      let sample = MyClientSampleClass(defaults)
      #expect(sample.allEventsIgnored, "an initial sync that is not .cloudValue takes nothing")
      for reason in [CloudChangeReason.serverChange, .initialSync, .accountChange] {
        cloud.simulateExternalChange(reason, values: ["allEventsIgnored": .bool(false)])
        #expect(sample.allEventsIgnored)
      }
      #expect(defaults.object(forKey: "allEventsIgnored") == nil)

      #expect(sample.username == nil)
      sample.username = "ada"
      #expect(defaults.string(forKey: "differentUserDefaultKey") == "ada")
      #expect(cloud.value(forKey: "username_key") == .string("ada"))
      #expect(defaults.object(forKey: "username_key") == nil)
      #expect(MyClientSampleClass(defaults).username == "ada", "read back from userDefaultKey")
      cloud.simulateExternalChange(.serverChange, values: ["username_key": .string("grace")])
      #expect(sample.username == "grace")
      cloud.simulateExternalChange(.accountChange, values: ["username_key": .string("alan")])
      #expect(sample.username == "grace", "onAccountChange: .cachedValue")
      cloud.simulateExternalChange(.initialSync, values: ["username_key": .string("edsger")])
      #expect(sample.username == nil, "onInitialSyncChange: .defaultValue")
      #expect(defaults.object(forKey: "differentUserDefaultKey") == nil)
    }
  #endif
}
