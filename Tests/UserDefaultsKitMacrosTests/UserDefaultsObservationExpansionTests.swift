#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import SwiftSyntaxMacroExpansion
  import Testing
  import UserDefaultsKitMacros

  /// The macros, with UserDefaultsObservation's longer spellings.
  private let macros = allMacros.merging([
    "ObservableUserDefaultsProperty": MacroSpec(type: DefaultsMarkerMacro.self),
    "ObservableUserDefaultsStore": MacroSpec(type: DefaultsMarkerMacro.self),
  ]) { spec, _ in spec }

  // UserDefaultsObservation 0.5's shapes: @ObservableUserDefaults with its markers, then the
  // property macro it attaches.
  @Suite(.macros(macros, record: .failed))
  struct UserDefaultsObservationExpansionTests {
    @Test func classWithStoreKeysIgnoredAndCloudProperties() {
      assertMacro {
        """
        @ObservableUserDefaults
        class MySampleClass {
          var firstUse = false
          var username: String?
          @ObservableUserDefaultsIgnored
          var someIgnoredProperty = "hello world"
          @UserDefaultsProperty(key: "myPreviousKey")
          var existingUserDefaults: Bool = true
          @ObservableUserDefaultsProperty("OldInterface")
          var oldInterface = true
          @CloudProperty(key: "yourCloudKey", userDefaultKey: "differentUserDefaultKey", onAccountChange: .defaultValue)
          var favoriteColor: String = "Green"
          let createdAt = 0
          static var shared = 0
          var greeting: String {
            access(keyPath: \\.greeting)
            return "Hello"
          }
          @ObservableUserDefaultsIgnored
          var draft = "" {
            didSet { print(draft) }
          }
          @UserDefaultsStore
          var myStore = UserDefaults(suiteName: "MyStore")
        }
        """
      } expansion: {
        #"""
        class MySampleClass {
          @UserDefaultsKitCompatUserDefaultsObservation._ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var firstUse = false
          @UserDefaultsKitCompatUserDefaultsObservation._ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var username: String?
          var someIgnoredProperty = "hello world"
          @UserDefaultsKitCompatUserDefaultsObservation._ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var existingUserDefaults: Bool = true
          @UserDefaultsKitCompatUserDefaultsObservation._ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var oldInterface = true
          @UserDefaultsKitCompatUserDefaultsObservation._ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var favoriteColor: String = "Green"
          let createdAt = 0
          static var shared = 0
          var greeting: String {
            access(keyPath: \.greeting)
            return "Hello"
          }
          var draft = "" {
            didSet { print(draft) }
          }
          var myStore = UserDefaults(suiteName: "MyStore")

          private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()

          internal nonisolated func access<Member>(keyPath: KeyPath<MySampleClass, Member>) {
            _$observationRegistrar.access(self, keyPath: keyPath)
          }

          internal nonisolated func withMutation<Member, MutationResult>(
            keyPath: KeyPath<MySampleClass, Member>, _ mutation: () throws -> MutationResult
          ) rethrows -> MutationResult {
            try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
          }

          private var _$userDefaultStore: any UserDefaultsKit.DefaultsStore {
            UserDefaultsKit._defaultsStore(self.myStore)
          }
        }

        extension MySampleClass: UserDefaultsKit._Observable {}
        """#
      }
    }

    @Test func longStoreNameAndOwnAccess() {
      assertMacro {
        """
        @ObservableUserDefaults
        final class Preferences {
          var launches = 0
          @ObservableUserDefaultsStore
          var myStore: UserDefaults
          init(_ store: UserDefaults = .standard) {
            self.myStore = store
          }
          func access<Member>(keyPath: KeyPath<Preferences, Member>) {}
        }
        """
      } expansion: {
        """
        final class Preferences {
          @UserDefaultsKitCompatUserDefaultsObservation._ObservableUserDefaultsProperty(typeName: "Preferences")
          var launches = 0
          var myStore: UserDefaults
          init(_ store: UserDefaults = .standard) {
            self.myStore = store
          }
          func access<Member>(keyPath: KeyPath<Preferences, Member>) {}

          private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()

          internal nonisolated func withMutation<Member, MutationResult>(
            keyPath: KeyPath<Preferences, Member>, _ mutation: () throws -> MutationResult
          ) rethrows -> MutationResult {
            try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
          }

          private var _$userDefaultStore: any UserDefaultsKit.DefaultsStore {
            UserDefaultsKit._defaultsStore(self.myStore)
          }
        }

        extension Preferences: UserDefaultsKit._Observable {}
        """
      }
    }

    @Test func withoutStore() {
      assertMacro {
        """
        @ObservableUserDefaults
        class Counter {
          var count = 0
        }
        """
      } expansion: {
        """
        class Counter {
          @UserDefaultsKitCompatUserDefaultsObservation._ObservableUserDefaultsProperty(typeName: "Counter")
          var count = 0

          private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()

          internal nonisolated func access<Member>(keyPath: KeyPath<Counter, Member>) {
            _$observationRegistrar.access(self, keyPath: keyPath)
          }

          internal nonisolated func withMutation<Member, MutationResult>(
            keyPath: KeyPath<Counter, Member>, _ mutation: () throws -> MutationResult
          ) rethrows -> MutationResult {
            try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
          }

          private var _$userDefaultStore: any UserDefaultsKit.DefaultsStore {
            UserDefaultsKit.UserDefaultsStore.standard
          }
        }

        extension Counter: UserDefaultsKit._Observable {}
        """
      }
    }

    @Test func observersAreLeftAloneWithAWarning() {
      assertMacro {
        """
        @ObservableUserDefaults
        class Settings {
          var volume = 0.5 {
            didSet { print(volume) }
          }
          @UserDefaultsProperty(key: "name")
          var name = "" {
            willSet { print(newValue) }
          }
        }
        """
      } diagnostics: {
        """
        @ObservableUserDefaults
        class Settings {
          var volume = 0.5 {
            didSet { print(volume) }
            ┬─────
            ╰─ ⚠️ 'volume' has 'didSet', so it is neither persisted nor observed: as in UserDefaultsObservation, a property with accessors stays as written; mark it '@ObservableUserDefaultsIgnored' to say so
               ✏️ Mark it '@ObservableUserDefaultsIgnored'
          }
          @UserDefaultsProperty(key: "name")
          var name = "" {
            willSet { print(newValue) }
            ┬──────
            ╰─ ⚠️ 'name' has 'willSet', so it is neither persisted nor observed: as in UserDefaultsObservation, a property with accessors stays as written; mark it '@ObservableUserDefaultsIgnored' to say so
               ✏️ Mark it '@ObservableUserDefaultsIgnored'
          }
        }
        """
      } fixes: {
        """
        @ObservableUserDefaults
        class Settings {
          @ObservableUserDefaultsIgnored var volume = 0.5 {
            didSet { print(volume) }
          }
          @ObservableUserDefaultsIgnored @UserDefaultsProperty(key: "name")
          var name = "" {
            willSet { print(newValue) }
          }
        }
        """
      } expansion: {
        """
        class Settings {
          var volume = 0.5 {
            didSet { print(volume) }
          }

          var name = "" {
            willSet { print(newValue) }
          }

          private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()

          internal nonisolated func access<Member>(keyPath: KeyPath<Settings, Member>) {
            _$observationRegistrar.access(self, keyPath: keyPath)
          }

          internal nonisolated func withMutation<Member, MutationResult>(
            keyPath: KeyPath<Settings, Member>, _ mutation: () throws -> MutationResult
          ) rethrows -> MutationResult {
            try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
          }

          private var _$userDefaultStore: any UserDefaultsKit.DefaultsStore {
            UserDefaultsKit.UserDefaultsStore.standard
          }
        }

        extension Settings: UserDefaultsKit._Observable {}
        """
      }
    }

    @Test func keyAttributesWithoutEffect() {
      assertMacro {
        """
        @ObservableUserDefaults
        class Settings {
          @UserDefaultsProperty(key: "computed")
          var computed: Int { 1 }
          @ObservableUserDefaultsProperty("constant")
          let constant = 1
          @CloudProperty(key: "shared")
          static var shared = 0
        }
        """
      } diagnostics: {
        """
        @ObservableUserDefaults
        class Settings {
          @UserDefaultsProperty(key: "computed")
          ┬─────────────────────────────────────
          ╰─ ⚠️ '@UserDefaultsProperty' has no effect: 'computed' is computed, and only stored instance 'var's are persisted
             ✏️ Remove '@UserDefaultsProperty(key: "computed")'
          var computed: Int { 1 }
          @ObservableUserDefaultsProperty("constant")
          ┬──────────────────────────────────────────
          ╰─ ⚠️ '@ObservableUserDefaultsProperty' has no effect: 'constant' is a 'let', and only stored instance 'var's are persisted
             ✏️ Remove '@ObservableUserDefaultsProperty("constant")'
          let constant = 1
          @CloudProperty(key: "shared")
          ┬────────────────────────────
          ╰─ ⚠️ '@CloudProperty' has no effect: 'shared' is static, and only stored instance 'var's are persisted
             ✏️ Remove '@CloudProperty(key: "shared")'
          static var shared = 0
        }
        """
      } fixes: {
        """
        @ObservableUserDefaults
        class Settings {
          var computed: Int { 1 }
          let constant = 1
          static var shared = 0
        }
        """
      } expansion: {
        """
        class Settings {
          var computed: Int { 1 }
          let constant = 1
          static var shared = 0

          private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()

          internal nonisolated func access<Member>(keyPath: KeyPath<Settings, Member>) {
            _$observationRegistrar.access(self, keyPath: keyPath)
          }

          internal nonisolated func withMutation<Member, MutationResult>(
            keyPath: KeyPath<Settings, Member>, _ mutation: () throws -> MutationResult
          ) rethrows -> MutationResult {
            try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
          }

          private var _$userDefaultStore: any UserDefaultsKit.DefaultsStore {
            UserDefaultsKit.UserDefaultsStore.standard
          }
        }

        extension Settings: UserDefaultsKit._Observable {}
        """
      }
    }

    @Test func notAClass() {
      assertMacro {
        """
        @ObservableUserDefaults
        struct Settings {
          var count = 0
        }
        """
      } diagnostics: {
        """
        @ObservableUserDefaults
        struct Settings {
        ┬─────
        ╰─ 🛑 '@ObservableUserDefaults' applies to a class: Observation tracks reference types
          var count = 0
        }
        """
      }
    }

    @Test func propertyShapes() {
      assertMacro {
        """
        class MySampleClass {
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var firstUse = false
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var username: String?
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @UserDefaultsProperty(key: "myPreviousKey")
          var existingUserDefaults: Bool = true
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @ObservableUserDefaultsProperty(Keys.oldInterface)
          var oldInterface = true
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var color: BackgroundColor = .default
        }
        """
      } expansion: {
        #"""
        class MySampleClass {
          var firstUse {
            init(initialValue) {}
            get {
              _ = _$firstUse._storable()
              return _$firstUse.observedValue(of: self, keyPath: \.firstUse, registrar: _$observationRegistrar, store: _$userDefaultStore)
            }
            set { _$firstUse.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$firstUse = UserDefaultsKit._DefaultsSlot("MySampleClass.firstUse", default: false, register: false)
          var username: String? {
            get {
              _ = _$username._storable()
              return _$username.observedValue(of: self, keyPath: \.username, registrar: _$observationRegistrar, store: _$userDefaultStore)
            }
            set { _$username.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$username = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String?>>("MySampleClass.username", default: nil, register: false)
          var existingUserDefaults: Bool {
            init(initialValue) {}
            get {
              _ = _$existingUserDefaults._storable()
              return _$existingUserDefaults.observedValue(of: self, keyPath: \.existingUserDefaults, registrar: _$observationRegistrar, store: _$userDefaultStore)
            }
            set { _$existingUserDefaults.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$existingUserDefaults = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Bool>>("myPreviousKey", default: true, register: false)
          var oldInterface {
            init(initialValue) {}
            get {
              _ = _$oldInterface._storable()
              return _$oldInterface.observedValue(of: self, keyPath: \.oldInterface, registrar: _$observationRegistrar, store: _$userDefaultStore)
            }
            set { _$oldInterface.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$oldInterface = UserDefaultsKit._DefaultsSlot(UserDefaultsKit.DefaultName(rawValue: Keys.oldInterface), default: true, register: false)
          var color: BackgroundColor {
            init(initialValue) {}
            get {
              _ = _$color._storable()
              return _$color.observedValue(of: self, keyPath: \.color, registrar: _$observationRegistrar, store: _$userDefaultStore)
            }
            set { _$color.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$color = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<BackgroundColor>>("MySampleClass.color", default: .default, register: false)
        }
        """#
      }
    }

    @Test func cloudPropertyShapes() {
      assertMacro {
        """
        class MySampleClass {
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "username_key", userDefaultKey: "differentUserDefaultKey",
                         onStoreServerChange: .cloudValue, onInitialSyncChange: .defaultValue, onAccountChange: .cachedValue)
          var username: String?
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "allEventsIgnored", onInitialSyncChange: .cachedValue)
          var allEventsIgnored = true
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "aNumber", userDefaultKey: nil)
          var aNumber: Int = 0
        }
        """
      } expansion: {
        #"""
        class MySampleClass {
          var username: String? {
            get { _$username.observedValue(of: self, keyPath: \.username, registrar: _$observationRegistrar, store: _$userDefaultStore) }
            set { _$username.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$username = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey("username_key", local: UserDefaultsKit.DefaultsKey<String?>("differentUserDefaultKey", default: nil, store: $0, register: false), policies: UserDefaultsKitCompatUserDefaultsObservation._cloudChangePolicies(onStoreServerChange: .cloudValue, onInitialSyncChange: .defaultValue, onAccountChange: .cachedValue)) }
          var allEventsIgnored {
            init(initialValue) {}
            get { _$allEventsIgnored.observedValue(of: self, keyPath: \.allEventsIgnored, registrar: _$observationRegistrar, store: _$userDefaultStore) }
            set { _$allEventsIgnored.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$allEventsIgnored = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey("allEventsIgnored", local: UserDefaultsKit.DefaultsKey("allEventsIgnored", default: true, store: $0, register: false), policies: UserDefaultsKitCompatUserDefaultsObservation._cloudChangePolicies(onInitialSyncChange: .cachedValue)) }
          var aNumber: Int {
            init(initialValue) {}
            get { _$aNumber.observedValue(of: self, keyPath: \.aNumber, registrar: _$observationRegistrar, store: _$userDefaultStore) }
            set { _$aNumber.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$aNumber = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey("aNumber", local: UserDefaultsKit.DefaultsKey<Int>("aNumber", default: 0, store: $0, register: false), policies: UserDefaultsKitCompatUserDefaultsObservation._cloudChangePolicies()) }
        }
        """#
      }
    }

    @Test func missingDefaults() {
      assertMacro {
        """
        class MySampleClass {
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var count: Int
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "color")
          var color: String
        }
        """
      } diagnostics: {
        """
        class MySampleClass {
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var count: Int
              ┬────
              ╰─ 🛑 non-optional 'count' needs a default value, which is read while nothing is stored; give it an initial value or a 'default:' argument
                 ✏️ Insert '= <#default#>'
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "color")
          var color: String
              ┬────
              ╰─ 🛑 non-optional 'color' needs a default value, which is read while nothing is stored; give it an initial value or a 'default:' argument
                 ✏️ Insert '= <#default#>'
        }
        """
      } fixes: {
        """
        class MySampleClass {
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          var count: Int = <#default#>
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "color")
          var color: String = <#default#>
        }
        """
      } expansion: {
        #"""
        class MySampleClass {
          var count: Int {
            init(initialValue) {}
            get {
              _ = _$count._storable()
              return _$count.observedValue(of: self, keyPath: \.count, registrar: _$observationRegistrar, store: _$userDefaultStore)
            }
            set { _$count.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$count = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("MySampleClass.count", default: <#default#>, register: false)
          var color: String {
            init(initialValue) {}
            get { _$color.observedValue(of: self, keyPath: \.color, registrar: _$observationRegistrar, store: _$userDefaultStore) }
            set { _$color.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$color = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey("color", local: UserDefaultsKit.DefaultsKey<String>("color", default: <#default#>, store: $0, register: false), policies: UserDefaultsKitCompatUserDefaultsObservation._cloudChangePolicies()) }
        }
        """#
      }
    }

    // NB: NSUbiquitousKeyValueStore crashes the app on a key over 64 bytes of UTF-8: a literal key
    // is checked here, any other when its key object is made (CloudLimitsTests). An escape is
    // longer in source than in the key: 12 'é' are 24 bytes.
    @Test func cloudKeysTheMacroAccepts() {
      assertMacro {
        #"""
        class MySampleClass {
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "com.example.settings.appearance.favoriteBackgroundColor.version2")
          var longest = "Green"
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}")
          var escaped = "Green"
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: CloudKeys.prefix + "favoriteBackgroundColor", userDefaultKey: "derivedColor")
          var derived = "Green"
        }
        """#
      } expansion: {
        #"""
        class MySampleClass {
          var longest {
            init(initialValue) {}
            get { _$longest.observedValue(of: self, keyPath: \.longest, registrar: _$observationRegistrar, store: _$userDefaultStore) }
            set { _$longest.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$longest = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey("com.example.settings.appearance.favoriteBackgroundColor.version2", local: UserDefaultsKit.DefaultsKey("com.example.settings.appearance.favoriteBackgroundColor.version2", default: "Green", store: $0, register: false), policies: UserDefaultsKitCompatUserDefaultsObservation._cloudChangePolicies()) }
          var escaped {
            init(initialValue) {}
            get { _$escaped.observedValue(of: self, keyPath: \.escaped, registrar: _$observationRegistrar, store: _$userDefaultStore) }
            set { _$escaped.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$escaped = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey("\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}", local: UserDefaultsKit.DefaultsKey("\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}", default: "Green", store: $0, register: false), policies: UserDefaultsKitCompatUserDefaultsObservation._cloudChangePolicies()) }
          var derived {
            init(initialValue) {}
            get { _$derived.observedValue(of: self, keyPath: \.derived, registrar: _$observationRegistrar, store: _$userDefaultStore) }
            set { _$derived.setValue(newValue, in: _$userDefaultStore) }
          }

          private let _$derived = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey(UserDefaultsKit.DefaultName(rawValue: CloudKeys.prefix + "favoriteBackgroundColor"), local: UserDefaultsKit.DefaultsKey("derivedColor", default: "Green", store: $0, register: false), policies: UserDefaultsKitCompatUserDefaultsObservation._cloudChangePolicies()) }
        }
        """#
      }
    }

    @Test func cloudKeyOver64Bytes() {
      assertMacro {
        """
        class MySampleClass {
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "com.example.settings.appearance.favoriteBackgroundColor.version02", userDefaultKey: "local")
          var tooLong = "Green"
        }
        """
      } diagnostics: {
        """
        class MySampleClass {
          @_ObservableUserDefaultsProperty(typeName: "MySampleClass")
          @CloudProperty(key: "com.example.settings.appearance.favoriteBackgroundColor.version02", userDefaultKey: "local")
                              ┬──────────────────────────────────────────────────────────────────
                              ╰─ 🛑 cloud key 'com.example.settings.appearance.favoriteBackgroundColor.version02' is 65 bytes in UTF-8, and NSUbiquitousKeyValueStore takes at most 64: for a longer key it raises an exception that Swift cannot catch, which crashes the app; use a shorter key
          var tooLong = "Green"
        }
        """
      }
    }
  }
#endif
