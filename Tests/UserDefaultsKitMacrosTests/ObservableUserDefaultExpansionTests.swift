#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  /// ObservableUserDefault's `@ObservableUserDefault`.
  @Suite(.macros(allMacros, record: .failed))
  struct ObservableUserDefaultExpansionTests {
    @Test func observableUserDefaultForwardsWithoutArguments() {
      assertMacro {
        """
        @Observable
        final class StorageModel {
          @ObservableUserDefault
          @ObservationIgnored
          var name: String
        }
        """
      } expansion: {
        #"""
        @Observable
        final class StorageModel {
          @ObservationIgnored
          var name: String {
            get {
              access(keyPath: \.name)
              return UserDefaults.name
            }
            set {
              withMutation(keyPath: \.name) {
                UserDefaults.name = newValue
              }
            }
          }
        }
        """#
      }
    }

    @Test func observableUserDefaultWithMetadata() {
      assertMacro {
        """
        @Observable
        final class StorageModel {
          @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", defaultValue: "John Appleseed", store: .standard))
          @ObservationIgnored
          var name: String
        }
        """
      } expansion: {
        #"""
        @Observable
        final class StorageModel {
          @ObservationIgnored
          var name: String {
            get {
              _ = _$name._storable()
              return _$name.observedValue(of: self, keyPath: \.name, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
            set { _$name.setValue(newValue, in: UserDefaultsKit._defaultsStore(.standard)) }
          }

          private let _$name = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String>>("NAME_STORAGE_KEY", default: "John Appleseed", register: false)
        }
        """#
      }
    }

    @Test func observableUserDefaultWithoutDefaultOnANonOptionalIsRejected() {
      assertMacro {
        """
        @Observable
        final class StorageModel {
          @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", store: .standard))
          @ObservationIgnored
          var name: String
        }
        """
      } diagnostics: {
        """
        @Observable
        final class StorageModel {
          @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", store: .standard))
          @ObservationIgnored
          var name: String
              ┬───
              ╰─ 🛑 non-optional 'name' needs a default value, which is read while nothing is stored; give it an initial value or a 'default:' argument
                 ✏️ Insert '= <#default#>'
        }
        """
      } fixes: {
        """
        @Observable
        final class StorageModel {
          @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", store: .standard))
          @ObservationIgnored
          var name: String = <#default#>
        }
        """
      } expansion: {
        #"""
        @Observable
        final class StorageModel {
          @ObservationIgnored
          var name: String {
            init(initialValue) {}
            get {
              _ = _$name._storable()
              return _$name.observedValue(of: self, keyPath: \.name, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
            set { _$name.setValue(newValue, in: UserDefaultsKit._defaultsStore(.standard)) }
          }

          private let _$name = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String>>("NAME_STORAGE_KEY", default: <#default#>, register: false)
        }
        """#
      }
    }

    @Test func optionalMetadataWithoutRegistration() {
      assertMacro {
        """
        @Observable
        final class Model {
          @ObservableUserDefault(.init(key: "lastPressedTime", store: .standard)) @ObservationIgnored var lastPressedTime: Date?
        }
        """
      } expansion: {
        #"""
        @Observable
        final class Model {
          @ObservationIgnored var lastPressedTime: Date? {
            get {
              _ = _$lastPressedTime._storable()
              return _$lastPressedTime.observedValue(of: self, keyPath: \.lastPressedTime, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
            set { _$lastPressedTime.setValue(newValue, in: UserDefaultsKit._defaultsStore(.standard)) }
          }

          private let _$lastPressedTime = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Date?>>("lastPressedTime", default: nil, register: false)
        }
        """#
      }
    }

    @Test func observationIgnoredMissingOrFirstNamesThisMacro() {
      assertMacro {
        """
        @Observable
        final class Model {
          @ObservableUserDefault(.init(key: "translate", defaultValue: false, store: .standard))
          var translate: Bool
          @ObservationIgnored
          @ObservableUserDefault(.init(key: "style", store: .standard))
          var style: Int?
        }
        """
      } diagnostics: {
        """
        @Observable
        final class Model {
          @ObservableUserDefault(.init(key: "translate", defaultValue: false, store: .standard))
          ┬─────────────────────────────────────────────────────────────────────────────────────
          ╰─ 🛑 mark 'translate' '@ObservationIgnored', so that '@Observable' leaves its accessors to '@ObservableUserDefault' (which tracks it itself)
             ✏️ Insert '@ObservationIgnored'
          var translate: Bool
          @ObservationIgnored
          ┬──────────────────
          ╰─ 🛑 write '@ObservableUserDefault' before '@ObservationIgnored' on 'style': the compiler expands accessor macros in order
             ✏️ Move '@ObservableUserDefault' first
          @ObservableUserDefault(.init(key: "style", store: .standard))
          var style: Int?
        }
        """
      } fixes: {
        """
        @Observable
        final class Model {
          @ObservableUserDefault(.init(key: "translate", defaultValue: false, store: .standard))
          @ObservationIgnored
          var translate: Bool
          @ObservableUserDefault(.init(key: "style", store: .standard))
          @ObservationIgnored
          var style: Int?
        }
        """
      } expansion: {
        #"""
        @Observable
        final class Model {
          @ObservationIgnored
          var translate: Bool {
            get {
              _ = _$translate._storable()
              return _$translate.observedValue(of: self, keyPath: \.translate, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
            set { _$translate.setValue(newValue, in: UserDefaultsKit._defaultsStore(.standard)) }
          }

          private let _$translate = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Bool>>("translate", default: false, register: false)
          @ObservationIgnored
          var style: Int? {
            get {
              _ = _$style._storable()
              return _$style.observedValue(of: self, keyPath: \.style, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
            set { _$style.setValue(newValue, in: UserDefaultsKit._defaultsStore(.standard)) }
          }

          private let _$style = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int?>>("style", default: nil, register: false)
        }
        """#
      }
    }
  }
#endif
