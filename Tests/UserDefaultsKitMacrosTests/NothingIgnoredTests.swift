#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  // What the user writes is either expanded into code that does it, or reported at the token.
  @Suite(.macros(allMacros, record: .failed))
  struct NothingIgnoredTests {
    @Test func observersRunAroundEachWrite() {
      assertMacro {
        """
        struct Settings {
          @_DefaultsProperty
          var count = 0 {
            willSet(next) { print(next) }
            didSet { if oldValue == count { return }; print(oldValue) }
          }
        }
        """
      } expansion: {
        """
        struct Settings {
          var count {
            willSet(next) { print(next) }
            didSet { if oldValue == count { return }; print(oldValue) }
            init(initialValue) {}

            get {
              _ = _$slots.count._storable()
              return _$slots.count.value(in: defaultsStore)
            }

            nonmutating set {
              let oldValue = _$slots.count.value(in: defaultsStore)
              _ = { (next) in
                print(next)
              }(newValue)
              _$slots.count.setValue(newValue, in: defaultsStore)
              _ = { (oldValue) in
                if oldValue == count { return };
                print(oldValue)
              }(oldValue)
            }
          }
        }
        """
      }
    }

    @Test func observersOfAnObservedProperty() {
      assertMacro {
        """
        final class Settings {
          @_ObservedDefaultsProperty
          var volume = 0.5 {
            didSet(previous) { print(previous) }
          }
          @_ObservedMemoryProperty
          var isEditing = false {
            willSet { print(newValue) }
          }
        }
        """
      } expansion: {
        #"""
        final class Settings {
          var volume {
            didSet(previous) { print(previous) }
            init(initialValue) {}

            get {
              _ = _$slots.volume._storable()
              return _$slots.volume.observedValue(of: self, keyPath: \.volume, registrar: _$observationRegistrar, store: defaultsStore)
            }

            set {
              let previous = volume
              _$slots.volume.setValue(newValue, in: defaultsStore)
              _ = { (previous) in
                print(previous)
              }(previous)
            }
          }
          var isEditing {
            willSet { print(newValue) }
            @storageRestrictions(initializes: _$isEditing)
            init(initialValue) { _$isEditing = initialValue }

            get {
              _$observationRegistrar.access(self, keyPath: \.isEditing)
              return _$isEditing
            }

            set {
              _ = { (newValue) in
                print(newValue)
              }(newValue)
              _$observationRegistrar.withMutation(of: self, keyPath: \.isEditing) { _$isEditing = newValue }
            }
          }

          private var _$isEditing = false
        }
        """#
      }
    }

    @Test func defaultGivenTwiceIsRejectedAtTheArgument() {
      assertMacro {
        """
        @DefaultsBacked
        struct Settings {
          @DefaultsProperty("count", default: 3) var count = 5
        }
        """
      } diagnostics: {
        """
        @DefaultsBacked
        struct Settings {
          @DefaultsProperty("count", default: 3) var count = 5
                                     ┬─────────
                                     ╰─ 🛑 'count' has two defaults, this 'default:' argument and its initial value '5'; keep one
                                        ✏️ Remove 'default:'
        }
        """
      } fixes: {
        """
        @DefaultsBacked
        struct Settings {
          @DefaultsProperty("count") var count = 5
        }
        """
      } expansion: {
        #"""
        struct Settings {
          @UserDefaultsKit._DefaultsProperty var count = 5

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let count = UserDefaultsKit._DefaultsSlot("count", default: 5)

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.count.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.count.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.count.setting(in: store).migrate()
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
          func updateDefaults<R>(_ body: (Settings) throws -> R) throws -> R {
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
          func defaultsKey(for keyPath: PartialKeyPath<Settings>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \Settings.count: return _$slots.count.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<Settings>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """#
      }
    }

    @Test func assignmentsInInitializersAreRejected() {
      assertMacro {
        """
        @DefaultsBacked
        struct Settings {
          var count = 0
          var total = 0
          @DefaultsIgnored var scratch = ""

          init(count: Int) {
            self.init()
            self.count = count
            total += count
            scratch = "kept in memory"
            let reset = { self.count = 0 }
            _ = reset
          }
        }
        """
      } diagnostics: {
        """
        @DefaultsBacked
        struct Settings {
          var count = 0
          var total = 0
          @DefaultsIgnored var scratch = ""

          init(count: Int) {
            self.init()
            self.count = count
            ┬─────────────────
            ╰─ 🛑 assigning 'count' here writes it to the store each time an instance is made, replacing what was stored; make the value its initial value instead, which '@DefaultsBacked' registers as its default
            total += count
            ┬─────────────
            ╰─ 🛑 assigning 'total' here writes it to the store each time an instance is made, replacing what was stored; make the value its initial value instead, which '@DefaultsBacked' registers as its default
            scratch = "kept in memory"
            let reset = { self.count = 0 }
            _ = reset
          }
        }
        """
      }
    }

    @Test func lazyAndPropertyWrappersAreRejected() {
      assertMacro {
        """
        @DefaultsBacked
        struct Settings {
          lazy var count = 0
          @Clamped(0...10) var volume = 5
          @MainActor var onMain = 1
        }
        """
      } diagnostics: {
        """
        @DefaultsBacked
        struct Settings {
          lazy var count = 0
          ┬───
          ╰─ 🛑 'count' cannot be 'lazy': a persisted property reads the store each time, there is nothing to compute once
             ✏️ Remove 'lazy'
          @Clamped(0...10) var volume = 5
          ┬───────────────
          ╰─ 🛑 'volume' already has the property wrapper '@Clamped', which cannot also be persisted; mark it '@DefaultsIgnored' to keep it in memory, or remove the wrapper
          @MainActor var onMain = 1
        }
        """
      }
    }

    @Test func appleObservableWithObservableDefaultsIsOneDiagnostic() {
      assertMacro {
        """
        @Observable
        @ObservableDefaults
        final class Settings {
          var volume = 0.5
        }
        """
      } diagnostics: {
        """
        @Observable
        ┬──────────
        ╰─ 🛑 '@ObservableDefaults' makes 'Settings' observable already; remove '@Observable'
           ✏️ Remove '@Observable'
        @ObservableDefaults
        final class Settings {
          var volume = 0.5
        }
        """
      } fixes: {
        """
        @ObservableDefaults
        final class Settings {
          var volume = 0.5
        }
        """
      } expansion: {
        #"""
        final class Settings {
          @UserDefaultsKit._ObservedDefaultsProperty
          var volume = 0.5

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()

          private final class _$Slots: Sendable {
            let volume = UserDefaultsKit._DefaultsSlot("volume", default: 0.5)

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.volume.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.volume.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.volume.setting(in: store).migrate()
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
          func updateDefaults<R>(_ body: (Settings) throws -> R) throws -> R {
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
          func defaultsKey(for keyPath: PartialKeyPath<Settings>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \Settings.volume: return _$slots.volume.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<Settings>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }

        extension Settings: UserDefaultsKit._Observable {}
        """#
      }
    }

    @Test func aSuiteNameWhereAStoreIsExpectedExpandsToNothing() {
      assertMacro {
        """
        @DefaultsBacked(store: "com.example.settings")
        struct Settings {
          var volume = 0.5
        }
        """
      } expansion: {
        """
        struct Settings {
          var volume = 0.5
        }
        """
      }
    }

    @Test func everyKeyWrittenInAPrefixedTypeGetsThePrefix() {
      assertMacro {
        """
        @DefaultsBacked(prefix: "app_")
        struct Settings {
          @_DefaultsProperty
          @DefaultsProperty("volume_v2", previously: "volume")
          var volume = 0.5
          @_DefaultsProperty
          @DefaultsProperty(Keys.level)
          var level = 1
        }
        """
      } expansion: {
        #"""
        struct Settings {
          @UserDefaultsKit._DefaultsProperty
          var volume {
            init(initialValue) {}
            get {
              _ = _$slots.volume._storable()
              return _$slots.volume.value(in: defaultsStore)
            }
            nonmutating set { _$slots.volume.setValue(newValue, in: defaultsStore) }
          }
          @UserDefaultsKit._DefaultsProperty
          var level {
            init(initialValue) {}
            get {
              _ = _$slots.level._storable()
              return _$slots.level.value(in: defaultsStore)
            }
            nonmutating set { _$slots.level.setValue(newValue, in: defaultsStore) }
          }

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let volume = UserDefaultsKit._DefaultsSlot("app_volume_v2", default: 0.5, previously: ["app_volume", "volume_v2", "volume"])
            let level = UserDefaultsKit._DefaultsSlot(UserDefaultsKit._prefixedName("app_", Keys.level), default: 1, previously: [Keys.level])

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.volume.setting(in: store)
              _ = self.level.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.volume.setting(in: store).reset()
              try self.level.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.volume.setting(in: store).migrate()
              try self.level.setting(in: store).migrate()
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
          func updateDefaults<R>(_ body: (Settings) throws -> R) throws -> R {
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
          func defaultsKey(for keyPath: PartialKeyPath<Settings>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \Settings.volume: return _$slots.volume.setting(in: defaultsStore)
            case \Settings.level: return _$slots.level.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<Settings>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """#
      }
    }

    @Test func generatedMembersTakeTheTypesAccessLevel() {
      assertMacro {
        """
        @DefaultsBacked
        public struct Settings {
          public var volume = 0.5
        }
        """
      } expansion: {
        #"""
        public struct Settings {
          @UserDefaultsKit._DefaultsProperty
          public var volume = 0.5

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          public var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let volume = UserDefaultsKit._DefaultsSlot("volume", default: 0.5)

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.volume.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.volume.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.volume.setting(in: store).migrate()
            }
          }

          private let _$slots = _$Slots()

          public init(store: any UserDefaultsKit.DefaultsStore = UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) {
            _$defaultsStore.store = store
            _$slots.bind(to: store)
          }

          public init(store userDefaults: UserDefaultsKit._UserDefaults) {
            self.init(store: UserDefaultsKit.UserDefaultsStore.store(for: userDefaults))
          }

          /// Removes every persisted value in one atomic update, so that each property reads its default
          /// again; throws why it could not (see `DefaultsStore.update(_:)`).
          public func resetToDefaults() throws {
            try defaultsStore.update {
              try _$slots.reset(in: defaultsStore)
            }
          }

          /// Changes several persisted properties in one atomic write: `body` reads the latest stored
          /// values, and no other write to the store comes in between. Throws `body`'s error or why the
          /// write failed (see `DefaultsStore.update(_:)`).
          public func updateDefaults<R>(_ body: (Settings) throws -> R) throws -> R {
            try defaultsStore.update {
              try body(self)
            }
          }

          /// Runs every persisted property's moves and value migrations now, so that another process
          /// reading the store (a widget) finds the current forms; throws why a write failed (see
          /// `DefaultsKey.migrate()`).
          public func migrateDefaults() throws {
            try _$slots.migrate(in: defaultsStore)
          }

          /// The key behind a persisted property, for resetting or observing it.
          public func defaultsKey(for keyPath: PartialKeyPath<Settings>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \Settings.volume: return _$slots.volume.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          public func defaultsKeys(for keyPaths: PartialKeyPath<Settings>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """#
      }
    }
  }
#endif
