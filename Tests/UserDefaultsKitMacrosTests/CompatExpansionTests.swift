#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  @Suite(.macros(allMacros, record: .failed))
  struct CompatExpansionTests {
    @Test func vaDefaultsPropertyMacros() {
      assertMacro {
        """
        @UserDefaultsValue(defaultValue: "Empty")
        var value: String

        @UserDefaultsValue(key: "customKey", defaults: .testDefaults)
        var count: Int

        @CodableUserDefaultsValue(encoder: customEncoder, decoder: customDecoder)
        var myCodableValue: MyCodable?

        @RawUserDefaultsValue(rawType: Int.self, defaultValue: MyRawRepresentable.undefined)
        var raw: MyRawRepresentable
        """
      } expansion: {
        """
        var value: String {
          get {
            _ = _$value._storable()
            return _$value.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
          }
          set { _$value.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
        }

        private let _$value = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String>>("value", default: "Empty", register: false)
        var count: Int {
          get {
            _ = _$count._storable()
            return _$count.value(in: UserDefaultsKit._defaultsStore(.testDefaults))
          }
          set { _$count.setValue(newValue, in: UserDefaultsKit._defaultsStore(.testDefaults)) }
        }

        private let _$count = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("customKey", default: 0, register: false)
        var myCodableValue: MyCodable? {
          get {
            _ = _$myCodableValue._storable()
            return _$myCodableValue.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
          }
          set { _$myCodableValue.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
        }

        private let _$myCodableValue = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.DefaultsKey<MyCodable?>("myCodableValue", default: nil, store: $0, encoder: customEncoder, decoder: customDecoder, register: false) }
        var raw: MyRawRepresentable {
          get {
            _ = _$raw._storable()
            return _$raw.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
          }
          set { _$raw.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
        }

        private let _$raw = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<MyRawRepresentable>>("raw", default: MyRawRepresentable.undefined, register: false)
        """
      }
    }

    @Test func vaDefaultsContainer() {
      assertMacro {
        """
        @UserDefaultsData(defaults: .test)
        public class Defaults {
          @DefaultsValue(key: "customKey")
          var someVariable: Int
          var plain: Bool
          let someConstant = true
          var computedVariable: Bool { true }
        }
        """
      } expansion: {
        """
        public class Defaults {
          var someVariable: Int {
            get {
              _ = _$someVariable._storable()
              return _$someVariable.value(in: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$someVariable.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$someVariable = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("customKey", default: 0, register: false)
          var plain: Bool {
            get {
              _ = _$plain._storable()
              return _$plain.value(in: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$plain.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$plain = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Bool>>("plain", default: false, register: false)
          let someConstant = true
          var computedVariable: Bool { true }

          private let userDefaults: UserDefaultsKit._UserDefaults

          public init(userDefaults: UserDefaultsKit._UserDefaults = .test) {
            self.userDefaults = userDefaults
          }
        }
        """
      }
    }

    @Test func vaDefaultsObservableContainer() {
      assertMacro {
        """
        @Observable
        @UserDefaultsData
        class Defaults {
          @ObservationIgnored
          var someVariable: Int
        }
        """
      } expansion: {
        """
        @Observable
        class Defaults {
          @ObservationIgnored
          @UserDefaultsKitCompatVADefaults._VADefaultsObserved(UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("someVariable", default: 0, register: false)._storable())
          var someVariable: Int

          private let userDefaults: UserDefaultsKit._UserDefaults

          init(userDefaults: UserDefaultsKit._UserDefaults = UserDefaultsKit._standardUserDefaults) {
            self.userDefaults = userDefaults
          }

          var _$userDefaults: UserDefaultsKit._UserDefaults { userDefaults }

          var _$registrar: UserDefaultsKit._ObservationRegistrar { _$observationRegistrar }
        }

        extension Defaults: UserDefaultsKitCompatVADefaults._VADefaultsObservedContainer {}
        """
      }
    }

    @Test func vaDefaultsStaticPropertyIsRejected() {
      assertMacro {
        """
        @UserDefaultsData
        public class Defaults {
          @DefaultsValue
          static var someVariable: Int
        }
        """
      } diagnostics: {
        """
        @UserDefaultsData
        public class Defaults {
          @DefaultsValue
          static var someVariable: Int
          ┬─────
          ╰─ 🛑 static 'someVariable' is shared by every instance, while '@UserDefaultsData' persists each instance in its own store; persist it with '@DefaultsEntry' or mark it '@DefaultsIgnored'
        }
        """
      }
    }

    @Test func vaDefaultsNonOptionalWithoutDefaultOfAnotherTypeIsRejected() {
      assertMacro {
        """
        @UserDefaultsValue
        var name: String
        """
      } diagnostics: {
        """
        @UserDefaultsValue
        var name: String
            ┬───
            ╰─ 🛑 non-optional 'name' needs a default value, which is read while nothing is stored; give it an initial value or a 'default:' argument
               ✏️ Insert '= <#default#>'
        """
      } fixes: {
        """
        @UserDefaultsValue
        var name: String = <#default#>
        """
      }
    }

    @Test func userDefaultMacroDataStore() {
      assertMacro {
        """
        @UserDefaultDataStore(using: .test, accessLevel: .public)
        struct UserDefaultsStore {
          @UserDefaultRecord(key: "isInitialLaunch", defaultValue: true)
          var isFirstTimeLaunching: Bool
          var username: String
          var userId: String?
        }
        """
      } expansion: {
        """
        struct UserDefaultsStore {
          var isFirstTimeLaunching: Bool {
            get {
              _ = _$isFirstTimeLaunching._storable()
              return _$isFirstTimeLaunching.value(in: UserDefaultsKit._defaultsStore(userDefaults))
            }
            nonmutating set { _$isFirstTimeLaunching.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$isFirstTimeLaunching = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Bool>>("isInitialLaunch", default: true)
          var username: String {
            get {
              _ = _$username._storable()
              return _$username._requiredValue(in: UserDefaultsKit._defaultsStore(userDefaults), property: "username")
            }
            nonmutating set { _$username.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$username = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String?>>("username", default: nil, register: false)
          var userId: String? {
            get {
              _ = _$userId._storable()
              return _$userId.value(in: UserDefaultsKit._defaultsStore(userDefaults))
            }
            nonmutating set { _$userId.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$userId = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String?>>("userId", default: nil, register: false)

          private let userDefaults: UserDefaultsKit._UserDefaults

          public init(userDefaults: UserDefaultsKit._UserDefaults = .test) {
            self.userDefaults = userDefaults
            _ = _$isFirstTimeLaunching.setting(in: UserDefaultsKit._defaultsStore(userDefaults))
          }
        }
        """
      }
    }

    @Test func userDefaultMacroStandaloneProperty() {
      assertMacro {
        """
        struct SomeEntity {
          static let key = "customized_key"
          @UserDefaultProperty(using: .test, key: Self.key, defaultValue: "Some default value")
          var randomGeneratedString: String
        }
        """
      } expansion: {
        """
        struct SomeEntity {
          static let key = "customized_key"
          var randomGeneratedString: String {
            get {
              _ = _$randomGeneratedString._storable()
              return _$randomGeneratedString.value(in: UserDefaultsKit._defaultsStore(.test))
            }
            nonmutating set { _$randomGeneratedString.setValue(newValue, in: UserDefaultsKit._defaultsStore(.test)) }
          }

          private let _$randomGeneratedString = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String>>(UserDefaultsKit.DefaultName(rawValue: Self.key), default: "Some default value")
        }
        """
      }
    }

    @Test func generatedPropertyMacros() {
      assertMacro {
        """
        struct Settings {
          @_DefaultsProperty
          var count = 0
        }

        final class Observed {
          @_ObservedDefaultsProperty
          var volume = 0.5
          @_ObservedMemoryProperty
          var isEditing = false
        }
        """
      } expansion: {
        #"""
        struct Settings {
          var count {
            init(initialValue) {}
            get {
              _ = _$slots.count._storable()
              return _$slots.count.value(in: defaultsStore)
            }
            nonmutating set { _$slots.count.setValue(newValue, in: defaultsStore) }
          }
        }

        final class Observed {
          var volume {
            init(initialValue) {}
            get {
              _ = _$slots.volume._storable()
              return _$slots.volume.observedValue(of: self, keyPath: \.volume, registrar: _$observationRegistrar, store: defaultsStore)
            }
            set { _$slots.volume.setValue(newValue, in: defaultsStore) }
          }
          var isEditing {
            @storageRestrictions(initializes: _$isEditing)
            init(initialValue) { _$isEditing = initialValue }
            get {
              _$observationRegistrar.access(self, keyPath: \.isEditing)
              return _$isEditing
            }
            set { _$observationRegistrar.withMutation(of: self, keyPath: \.isEditing) { _$isEditing = newValue } }
          }

          private var _$isEditing = false
        }
        """#
      }
    }
  }
#endif
