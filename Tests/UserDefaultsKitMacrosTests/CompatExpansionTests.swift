#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  @Suite(.macros(allMacros, record: .failed))
  struct CompatExpansionTests {
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
              _$name.observedValue(of: self, keyPath: \.name, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
            set {
              _$name.setObservedValue(newValue, of: self, keyPath: \.name, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
          }

          private let _$name = UserDefaultsKit._DefaultsSlot<String>(name: "NAME_STORAGE_KEY", default: "John Appleseed")
        }
        """#
      }
    }

    @Test func observableUserDefaultWithoutDefaultOnANonOptionalIsAnError() {
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
            init(initialValue) {
            }
            get {
              _$name.observedValue(of: self, keyPath: \.name, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
            set {
              _$name.setObservedValue(newValue, of: self, keyPath: \.name, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
          }

          private let _$name = UserDefaultsKit._DefaultsSlot<String>(name: "NAME_STORAGE_KEY", default: <#default#>)
        }
        """#
      }
    }
  }
#endif
