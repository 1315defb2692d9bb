#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  @Suite(.macros(allMacros, record: .failed))
  struct DefaultsEntryExpansionTests {
    @Test func staticPropertyWithKeyAndStore() {
      assertMacro {
        """
        enum Settings {
          @DefaultsEntry("launchCount", default: 0, store: UserDefaults(suiteName: "x")!)
          static var launchCount: Int
        }
        """
      } expansion: {
        """
        enum Settings {
          static var launchCount: Int {
            get {
              _ = _$launchCount._storable()
              return _$launchCount.value(in: UserDefaultsKit._defaultsStore(suiteName: "x"))
            }
            set { _$launchCount.setValue(newValue, in: UserDefaultsKit._defaultsStore(suiteName: "x")) }
          }

          private static let _$launchCount = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("launchCount", default: 0)
        }
        """
      }
    }

    @Test func otherSpellingsOfASuiteNameAndAnExpressionThatIsNotOne() {
      assertMacro {
        """
        enum Settings {
          @DefaultsEntry(default: 1, store: UserDefaults.init(suiteName: suiteName) ?? .standard)
          static var first: Int
          @DefaultsEntry(default: 2, store: .init(suiteName: "group.x")!)
          static var second: Int
          @DefaultsEntry(default: 3, store: UserDefaults(suiteName: "a") ?? .shared)
          static var third: Int
        }
        """
      } expansion: {
        """
        enum Settings {
          static var first: Int {
            get {
              _ = _$first._storable()
              return _$first.value(in: UserDefaultsKit._defaultsStore(suiteName: suiteName))
            }
            set { _$first.setValue(newValue, in: UserDefaultsKit._defaultsStore(suiteName: suiteName)) }
          }

          private static let _$first = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("first", default: 1)
          static var second: Int {
            get {
              _ = _$second._storable()
              return _$second.value(in: UserDefaultsKit._defaultsStore(suiteName: "group.x"))
            }
            set { _$second.setValue(newValue, in: UserDefaultsKit._defaultsStore(suiteName: "group.x")) }
          }

          private static let _$second = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("second", default: 2)
          static var third: Int {
            get {
              _ = _$third._storable()
              return _$third.value(in: UserDefaultsKit._defaultsStore(UserDefaults(suiteName: "a") ?? .shared))
            }
            set { _$third.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaults(suiteName: "a") ?? .shared)) }
          }

          private static let _$third = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("third", default: 3)
        }
        """
      }
    }

    @Test func instancePropertyWithInitializerAndInjectedStore() {
      assertMacro {
        """
        struct Player {
          let defaults: UserDefaults
          @DefaultsEntry(store: \\Player.defaults, previously: "oldName") var name = "Ada"
        }
        """
      } expansion: {
        #"""
        struct Player {
          let defaults: UserDefaults
          var name {
            init(initialValue) {}
            get {
              _ = _$name._storable()
              return _$name.value(in: UserDefaultsKit._defaultsStore(self[keyPath: \Player.defaults]))
            }
            nonmutating set { _$name.setValue(newValue, in: UserDefaultsKit._defaultsStore(self[keyPath: \Player.defaults])) }
          }

          private let _$name = UserDefaultsKit._DefaultsSlot("name", default: "Ada", previously: ["oldName"])
        }
        """#
      }
    }

    @Test func instancePropertyWithMigrationsAndEarlierNames() {
      assertMacro {
        """
        struct Reader {
          let defaults: UserDefaults
          @DefaultsEntry(store: \\Reader.defaults, previously: "big", "huge", migrations: .from(Int.self) { $0 > 16 }, .moved(from: "large", in: UserDefaultsStore.standard))
          var largeText = false
        }
        """
      } expansion: {
        #"""
        struct Reader {
          let defaults: UserDefaults
          var largeText {
            init(initialValue) {}
            get {
              _ = _$largeText._storable()
              return _$largeText.value(in: UserDefaultsKit._defaultsStore(self[keyPath: \Reader.defaults]))
            }
            nonmutating set { _$largeText.setValue(newValue, in: UserDefaultsKit._defaultsStore(self[keyPath: \Reader.defaults])) }
          }

          private let _$largeText = UserDefaultsKit._DefaultsSlot("largeText", default: false, previously: ["big", "huge"], migrations: [.from(Int.self) { $0 > 16 }, .moved(from: "large", in: UserDefaultsStore.standard)])
        }
        """#
      }
    }

    @Test func classPropertyWithCodableCoders() {
      assertMacro {
        """
        final class Session {
          @DefaultsEntry(encoder: encoder, decoder: decoder) var profile: Profile?
        }
        """
      } expansion: {
        """
        final class Session {
          var profile: Profile? {
            get {
              _ = _$profile._storable()
              return _$profile.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
            }
            set { _$profile.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private let _$profile = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.DefaultsKey<Profile?>("profile", default: nil, store: $0, encoder: encoder, decoder: decoder) }
        }
        """
      }
    }

    @Test func globalPropertyWithInterpolatedKey() {
      assertMacro {
        """
        @DefaultsEntry("\\(prefix).count", default: 1) var count: Int
        """
      } expansion: {
        #"""
        var count: Int {
          get {
            _ = _$count._storable()
            return _$count.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
          }
          set { _$count.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
        }

        private let _$count = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("\(prefix).count", default: 1)
        """#
      }
    }

    @Test func letIsRejectedWithFixIt() {
      assertMacro {
        """
        struct S {
          @DefaultsEntry let count: Int = 0
        }
        """
      } diagnostics: {
        """
        struct S {
          @DefaultsEntry let count: Int = 0
                         ┬──
                         ╰─ 🛑 'count' is persisted, so it must be a 'var': its value can change whenever the store changes
                            ✏️ Replace 'let' with 'var'
        }
        """
      } fixes: {
        """
        struct S {
          @DefaultsEntry var count: Int = 0
        }
        """
      }
    }

    @Test func missingDefaultIsRejectedWithFixIt() {
      assertMacro {
        """
        struct S {
          @DefaultsEntry var count: Int
        }
        """
      } diagnostics: {
        """
        struct S {
          @DefaultsEntry var count: Int
                             ┬────
                             ╰─ 🛑 non-optional 'count' needs a default value, which is read while nothing is stored; give it an initial value or a 'default:' argument
                                ✏️ Insert '= <#default#>'
        }
        """
      } fixes: {
        """
        struct S {
          @DefaultsEntry var count: Int = <#default#>
        }
        """
      }
    }

    @Test func severalBindingsAreRejected() {
      assertMacro {
        """
        struct S {
          @DefaultsEntry var a = 0, b = 1
        }
        """
      } diagnostics: {
        """
        struct S {
          @DefaultsEntry var a = 0, b = 1
          ┬──────────────────────────────
          ├─ 🛑 accessor macro can only be applied to a single variable
          ╰─ 🛑 peer macro can only be applied to a single variable
        }
        """
      }
    }

    @Test func noTypeAndNoInitializerIsRejected() {
      assertMacro {
        """
        struct S {
          @DefaultsEntry var count
        }
        """
      } diagnostics: {
        """
        struct S {
          @DefaultsEntry var count
                             ┬────
                             ╰─ 🛑 'count' needs a type annotation or an initial value, so that its stored type is known
        }
        """
      }
    }

    @Test func computedPropertyIsRejected() {
      assertMacro {
        """
        struct S {
          @DefaultsEntry var count: Int { 0 }
        }
        """
      } diagnostics: {
        """
        struct S {
          @DefaultsEntry var count: Int { 0 }
                             ┬────
                             ╰─ 🛑 'count' is computed; only stored properties can be persisted
        }
        """
      }
    }

    @Test func staticPropertyCannotKeepAnInitializer() {
      assertMacro {
        """
        enum S {
          @DefaultsEntry static var count = 0
        }
        """
      } diagnostics: {
        """
        enum S {
          @DefaultsEntry static var count = 0
                                          ┬──
                                          ╰─ 🛑 a global or static persisted property cannot keep an initializer; move the default of 'count' into the 'default:' argument
        }
        """
      }
    }

    @Test func keysThatKeyValueObservingCannotSeeAreWarnings() {
      assertMacro {
        """
        enum S {
          @DefaultsEntry("a.b", default: 0) static var dotted: Int
          @DefaultsEntry("@at", default: 0) static var at: Int
          @DefaultsEntry("café", default: 0) static var accented: Int
        }
        """
      } diagnostics: {
        """
        enum S {
          @DefaultsEntry("a.b", default: 0) static var dotted: Int
                         ┬────
                         ╰─ ⚠️ key 'a.b' contains '.', which key-value observing cannot watch: on Apple platforms, changes that other processes make to it are read but not announced
          @DefaultsEntry("@at", default: 0) static var at: Int
                         ┬────
                         ╰─ ⚠️ key '@at' starts with '@', which key-value observing cannot watch: on Apple platforms, changes that other processes make to it are read but not announced
          @DefaultsEntry("café", default: 0) static var accented: Int
                         ┬──────
                         ╰─ ⚠️ key 'café' contains non-ASCII characters, which key-value observing cannot watch: on Apple platforms, changes that other processes make to it are read but not announced
        }
        """
      } expansion: {
        """
        enum S {
          static var dotted: Int {
            get {
              _ = _$dotted._storable()
              return _$dotted.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
            }
            set { _$dotted.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private static let _$dotted = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("a.b", default: 0)
          static var at: Int {
            get {
              _ = _$at._storable()
              return _$at.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
            }
            set { _$at.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private static let _$at = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("@at", default: 0)
          static var accented: Int {
            get {
              _ = _$accented._storable()
              return _$accented.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))
            }
            set { _$accented.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private static let _$accented = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("café", default: 0)
        }
        """
      }
    }
  }
#endif
