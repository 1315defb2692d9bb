#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  /// VADefaults 2's containers and property macros.
  @Suite(.macros(allMacros, record: .failed))
  struct VADefaultsExpansionTests {
    @Test func observableContainerWithPrefix() {
      assertMacro {
        """
        @ObservableUserDefaultsData(defaults: .testDefaults, keyPrefix: "com.vandrj.")
        final class ObservableDefaults {
          @UserDefaultsValue(defaults: .testDefaults) var defaultsValue: Int
          @DefaultsValue var value: Int
          @RawDefaultsValue(rawType: Int.self, defaultValue: TestRawEnum.foo) var rawValue: TestRawEnum
          @DefaultsValue(key: "explicit") var explicit: String?
          var counter: Int
          var isEditing = false
          @ObservationIgnored var scratch: Int = 0
          let constant = 1
        }
        """
      } expansion: {
        #"""
        final class ObservableDefaults {
          var defaultsValue: Int {
            get {
              _ = _$defaultsValue._storable()
              return _$defaultsValue.observedValue(of: self, keyPath: \.defaultsValue, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$defaultsValue.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$defaultsValue = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("defaultsValue", default: 0, register: false)
          var value: Int {
            get {
              _ = _$value._storable()
              return _$value.observedValue(of: self, keyPath: \.value, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$value.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$value = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("com.vandrj.value", default: 0, register: false)
          var rawValue: TestRawEnum {
            get {
              _ = _$rawValue._storable()
              return _$rawValue.observedValue(of: self, keyPath: \.rawValue, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$rawValue.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$rawValue = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<TestRawEnum>>("com.vandrj.rawValue", default: TestRawEnum.foo, register: false)
          var explicit: String? {
            get {
              _ = _$explicit._storable()
              return _$explicit.observedValue(of: self, keyPath: \.explicit, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$explicit.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$explicit = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String?>>("explicit", default: nil, register: false)
          var counter: Int {
            get {
              _ = _$counter._storable()
              return _$counter.observedValue(of: self, keyPath: \.counter, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$counter.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$counter = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("com.vandrj.counter", default: 0, register: false)
          @UserDefaultsKit._ObservedMemoryProperty
          var isEditing = false
          @ObservationIgnored var scratch: Int = 0
          let constant = 1

          private let userDefaults: UserDefaultsKit._UserDefaults

          init(userDefaults: UserDefaultsKit._UserDefaults = .testDefaults) {
            self.userDefaults = userDefaults
          }

          private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()

          internal nonisolated func access<Member>(keyPath: KeyPath<ObservableDefaults, Member>) {
            _$observationRegistrar.access(self, keyPath: keyPath)
          }

          internal nonisolated func withMutation<Member, MutationResult>(
            keyPath: KeyPath<ObservableDefaults, Member>, _ mutation: () throws -> MutationResult
          ) rethrows -> MutationResult {
            try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
          }
        }

        extension ObservableDefaults: UserDefaultsKit._Observable {}
        """#
      }
    }

    @Test func prefixOnAStructIsIgnoredAsVADefaultsIgnoresIt() {
      assertMacro {
        """
        @UserDefaultsData(keyPrefix: "com.vandrj.")
        struct Defaults {
          var counter: Int
        }
        """
      } diagnostics: {
        """
        @UserDefaultsData(keyPrefix: "com.vandrj.")
                          ┬───────────────────────
                          ╰─ ⚠️ VADefaults reads 'keyPrefix:' on a class only, so this struct's keys have no prefix, as they had with VADefaults: values stored under them stay readable; remove the argument, or make the type a class to prefix its keys
                             ✏️ Remove 'keyPrefix:'
        struct Defaults {
          var counter: Int
        }
        """
      } fixes: {
        """
        @UserDefaultsData()
        struct Defaults {
          var counter: Int
        }
        """
      } expansion: {
        """
        struct Defaults {
          var counter: Int {
            get {
              _ = _$counter._storable()
              return _$counter.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
            }
            set { _$counter.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private let _$counter = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("counter", default: 0, register: false)

          private let userDefaults: UserDefaultsKit._UserDefaults

          init(userDefaults: UserDefaultsKit._UserDefaults = UserDefaultsKit._standardUserDefaults) {
            self.userDefaults = userDefaults
          }
        }
        """
      }
    }

    @Test func aStandaloneStaticInAContainerAndTheInitializersAccess() {
      assertMacro {
        """
        @UserDefaultsData(defaults: SomeClass.staticDefaults)
        open class Defaults {
          @UserDefaultsValue(defaultValue: 42) static var shared: Int
          var counter: Int
        }
        """
      } expansion: {
        """
        open class Defaults {
          static var shared: Int {
            get {
              _ = _$shared._storable()
              return _$shared.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
            }
            set { _$shared.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private static let _$shared = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("shared", default: 42)
          var counter: Int {
            get {
              _ = _$counter._storable()
              return _$counter.value(in: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$counter.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$counter = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("counter", default: 0, register: false)

          private let userDefaults: UserDefaultsKit._UserDefaults

          public init(userDefaults: UserDefaultsKit._UserDefaults = SomeClass.staticDefaults) {
            self.userDefaults = userDefaults
          }
        }
        """
      }
    }

    @Test func containerPropertyMacroOnAStaticIsRejected() {
      assertMacro {
        """
        @UserDefaultsData
        class Defaults {
          @DefaultsValue static var invalid: Int
        }
        """
      } diagnostics: {
        """
        @UserDefaultsData
        class Defaults {
          @DefaultsValue static var invalid: Int
                         ┬─────
                         ╰─ 🛑 static 'invalid' is shared by every instance, while '@UserDefaultsData' persists each instance in its own store; persist it with '@DefaultsEntry' or mark it '@DefaultsIgnored'
        }
        """
      }
    }

    @Test func propertyMacrosInAnAppleObservableClassAreObserved() {
      assertMacro {
        """
        @Observable
        final class ObservableStore {
          @UserDefaultsValue(defaults: .testDefaults) @ObservationIgnored var defaultsValue: Int
        }
        """
      } expansion: {
        #"""
        @Observable
        final class ObservableStore {
          @ObservationIgnored var defaultsValue: Int {
            get {
              _ = _$defaultsValue._storable()
              return _$defaultsValue.observedValue(of: self, keyPath: \.defaultsValue, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.testDefaults))
            }
            set { _$defaultsValue.setValue(newValue, in: UserDefaultsKit._defaultsStore(.testDefaults)) }
          }

          private let _$defaultsValue = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("defaultsValue", default: 0, register: false)
        }
        """#
      }
    }

    @Test func observableContainerNeedsAClass() {
      assertMacro {
        """
        @ObservableUserDefaultsData
        struct Defaults {
          var counter: Int
        }
        """
      } diagnostics: {
        """
        @ObservableUserDefaultsData
        struct Defaults {
        ┬─────
        ╰─ 🛑 '@ObservableUserDefaultsData' applies to a class: Observation tracks reference types
          var counter: Int
        }
        """
      }
    }
  }
#endif
