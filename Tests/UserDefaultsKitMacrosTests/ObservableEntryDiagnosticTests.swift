#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  @Suite(.macros(allMacros, record: .failed))
  struct ObservableEntryDiagnosticTests {
    @Test func missingObservationIgnoredIsRejectedWithFixIt() {
      assertMacro {
        """
        @Observable final class Model {
          @ObservableDefaultsEntry var volume = 0.5
        }
        """
      } diagnostics: {
        """
        @Observable final class Model {
          @ObservableDefaultsEntry var volume = 0.5
          ┬───────────────────────
          ╰─ 🛑 mark 'volume' '@ObservationIgnored', so that '@Observable' leaves its accessors to '@ObservableDefaultsEntry' (which tracks it itself)
             ✏️ Insert '@ObservationIgnored'
        }
        """
      } fixes: {
        """
        @Observable final class Model {
          @ObservableDefaultsEntry @ObservationIgnored var volume = 0.5
        }
        """
      } expansion: {
        #"""
        @Observable final class Model {
          @ObservationIgnored var volume {
            init(initialValue) {}
            get {
              _ = _$volume._storable()
              return _$volume.observedValue(of: self, keyPath: \.volume, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
            }
            set { _$volume.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private let _$volume = UserDefaultsKit._DefaultsSlot("volume", default: 0.5)
        }
        """#
      }
    }

    @Test func observationIgnoredBeforeTheMacroIsRejectedWithFixIt() {
      assertMacro {
        """
        @Observable final class Model {
          @ObservationIgnored @ObservableDefaultsEntry var volume = 0.5
        }
        """
      } diagnostics: {
        """
        @Observable final class Model {
          @ObservationIgnored @ObservableDefaultsEntry var volume = 0.5
          ┬──────────────────
          ╰─ 🛑 write '@ObservableDefaultsEntry' before '@ObservationIgnored' on 'volume': the compiler expands accessor macros in order
             ✏️ Move '@ObservableDefaultsEntry' first
        }
        """
      } fixes: {
        """
        @Observable final class Model {
          @ObservableDefaultsEntry @ObservationIgnored var volume = 0.5
        }
        """
      } expansion: {
        #"""
        @Observable final class Model {
          @ObservationIgnored var volume {
            init(initialValue) {}
            get {
              _ = _$volume._storable()
              return _$volume.observedValue(of: self, keyPath: \.volume, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
            }
            set { _$volume.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private let _$volume = UserDefaultsKit._DefaultsSlot("volume", default: 0.5)
        }
        """#
      }
    }

    @Test func staticPropertyIsRejected() {
      assertMacro {
        """
        @Observable final class Model {
          @ObservableDefaultsEntry(default: 1) @ObservationIgnored static var count: Int
        }
        """
      } diagnostics: {
        """
        @Observable final class Model {
          @ObservableDefaultsEntry(default: 1) @ObservationIgnored static var count: Int
                                                                          ┬──
                                                                          ╰─ 🛑 static 'count' is shared by every instance, while '@ObservableDefaultsEntry' persists each instance in its own store; persist it with '@DefaultsEntry' or mark it '@DefaultsIgnored'
        }
        """
      }
    }
  }
#endif
