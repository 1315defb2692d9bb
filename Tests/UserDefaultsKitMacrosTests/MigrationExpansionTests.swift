#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  @Suite(.macros(allMacros, record: .failed))
  struct MigrationExpansionTests {
    @Test func movesGetALiteralPrefixAsEarlierNamesDo() {
      assertMacro {
        """
        @DefaultsBacked(prefix: "app_")
        struct SharedSettings {
          @DefaultsProperty(
            previously: "size",
            migrations: .moved(from: "textSize", in: UserDefaultsStore.standard),
            .from(Int.self) { $0 < 14 ? TextSize.small : .large })
          var textSize = TextSize.medium
        }
        """
      } expansion: {
        #"""
        struct SharedSettings {
          @UserDefaultsKit._DefaultsProperty
          var textSize = TextSize.medium

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let textSize = UserDefaultsKit._DefaultsSlot("app_textSize", default: TextSize.medium, previously: ["app_size", "size"], migrations: UserDefaultsKit._prefixedMoves("app_", [.moved(from: "textSize", in: UserDefaultsStore.standard), .from(Int.self) { $0 < 14 ? TextSize.small : .large }]))

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.textSize.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.textSize.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.textSize.setting(in: store).migrate()
            }
          }

          private let _$slots = _$Slots()

          init(store: any UserDefaultsKit.DefaultsStore = UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) {
            _$defaultsStore.store = store
            _$slots.bind(to: store)
          }

          init(store userDefaults: UserDefaultsKit._UserDefaults) {
            self.init(store: UserDefaultsKit.UserDefaultsStore.store(for: userDefaults))
          }

          /// Removes every persisted value in one atomic update, so that each property reads its default
          /// again; throws why it could not (see `DefaultsStore.update(_:)`).
          func resetToDefaults() throws {
            try defaultsStore.update {
              try _$slots.reset(in: defaultsStore)
            }
          }

          /// Changes several persisted properties in one atomic write: `body` reads the latest stored
          /// values, and no other write to the store comes in between. Throws `body`'s error or why the
          /// write failed (see `DefaultsStore.update(_:)`).
          func updateDefaults<R>(_ body: (SharedSettings) throws -> R) throws -> R {
            try defaultsStore.update {
              try body(self)
            }
          }

          /// Runs every persisted property's moves and value migrations now, so that another process
          /// reading the store (a widget) finds the current forms; throws why a write failed (see
          /// `DefaultsKey.migrate()`).
          func migrateDefaults() throws {
            try _$slots.migrate(in: defaultsStore)
          }

          /// The key behind a persisted property, for resetting or observing it.
          func defaultsKey(for keyPath: PartialKeyPath<SharedSettings>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \SharedSettings.textSize: return _$slots.textSize.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<SharedSettings>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """#
      }
    }

    @Test func movesGetAPrefixExpression() {
      assertMacro {
        """
        @ObservableDefaults(prefix: Prefixes.app)
        final class SharedSettings {
          @DefaultsProperty(migrations: .moved(from: "accent", in: UserDefaultsStore.standard))
          var accentColor = "none"
        }
        """
      } expansion: {
        #"""
        final class SharedSettings {
          @UserDefaultsKit._ObservedDefaultsProperty
          var accentColor = "none"

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()

          private final class _$Slots: Sendable {
            let accentColor = UserDefaultsKit._DefaultsSlot(UserDefaultsKit._prefixedName(Prefixes.app, "accentColor"), default: "none", migrations: UserDefaultsKit._prefixedMoves(Prefixes.app, [.moved(from: "accent", in: UserDefaultsStore.standard)]))

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.accentColor.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.accentColor.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.accentColor.setting(in: store).migrate()
            }
          }

          private let _$slots = _$Slots()

          init(store: any UserDefaultsKit.DefaultsStore = UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) {
            _$defaultsStore.store = store
            _$slots.bind(to: store)
          }

          convenience init(store userDefaults: UserDefaultsKit._UserDefaults) {
            self.init(store: UserDefaultsKit.UserDefaultsStore.store(for: userDefaults))
          }

          /// Removes every persisted value in one atomic update, so that each property reads its default
          /// again; throws why it could not (see `DefaultsStore.update(_:)`).
          func resetToDefaults() throws {
            try defaultsStore.update {
              try _$slots.reset(in: defaultsStore)
            }
          }

          /// Changes several persisted properties in one atomic write: `body` reads the latest stored
          /// values, and no other write to the store comes in between. Throws `body`'s error or why the
          /// write failed (see `DefaultsStore.update(_:)`).
          func updateDefaults<R>(_ body: (SharedSettings) throws -> R) throws -> R {
            try defaultsStore.update {
              try body(self)
            }
          }

          /// Runs every persisted property's moves and value migrations now, so that another process
          /// reading the store (a widget) finds the current forms; throws why a write failed (see
          /// `DefaultsKey.migrate()`).
          func migrateDefaults() throws {
            try _$slots.migrate(in: defaultsStore)
          }

          /// The key behind a persisted property, for resetting or observing it.
          func defaultsKey(for keyPath: PartialKeyPath<SharedSettings>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \SharedSettings.accentColor: return _$slots.accentColor.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<SharedSettings>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }

        extension SharedSettings: UserDefaultsKit._Observable {}
        """#
      }
    }

    @Test func withoutAPrefixMovesAreAsWritten() {
      assertMacro {
        """
        @DefaultsBacked
        struct SharedSettings {
          @DefaultsProperty(migrations: .moved(from: "accent", in: UserDefaultsStore.standard))
          var accentColor = "none"
        }
        """
      } expansion: {
        #"""
        struct SharedSettings {
          @UserDefaultsKit._DefaultsProperty
          var accentColor = "none"

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let accentColor = UserDefaultsKit._DefaultsSlot("accentColor", default: "none", migrations: [.moved(from: "accent", in: UserDefaultsStore.standard)])

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.accentColor.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.accentColor.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.accentColor.setting(in: store).migrate()
            }
          }

          private let _$slots = _$Slots()

          init(store: any UserDefaultsKit.DefaultsStore = UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) {
            _$defaultsStore.store = store
            _$slots.bind(to: store)
          }

          init(store userDefaults: UserDefaultsKit._UserDefaults) {
            self.init(store: UserDefaultsKit.UserDefaultsStore.store(for: userDefaults))
          }

          /// Removes every persisted value in one atomic update, so that each property reads its default
          /// again; throws why it could not (see `DefaultsStore.update(_:)`).
          func resetToDefaults() throws {
            try defaultsStore.update {
              try _$slots.reset(in: defaultsStore)
            }
          }

          /// Changes several persisted properties in one atomic write: `body` reads the latest stored
          /// values, and no other write to the store comes in between. Throws `body`'s error or why the
          /// write failed (see `DefaultsStore.update(_:)`).
          func updateDefaults<R>(_ body: (SharedSettings) throws -> R) throws -> R {
            try defaultsStore.update {
              try body(self)
            }
          }

          /// Runs every persisted property's moves and value migrations now, so that another process
          /// reading the store (a widget) finds the current forms; throws why a write failed (see
          /// `DefaultsKey.migrate()`).
          func migrateDefaults() throws {
            try _$slots.migrate(in: defaultsStore)
          }

          /// The key behind a persisted property, for resetting or observing it.
          func defaultsKey(for keyPath: PartialKeyPath<SharedSettings>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \SharedSettings.accentColor: return _$slots.accentColor.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<SharedSettings>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """#
      }
    }
  }
#endif
