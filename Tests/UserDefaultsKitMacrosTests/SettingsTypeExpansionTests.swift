#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  @Suite(.macros(allMacros, record: .failed))
  struct SettingsTypeExpansionTests {
    @Test func structWithPrefixOverrideRenameAndIgnoredProperty() {
      assertMacro {
        """
        @DefaultsBacked(prefix: "app_")
        struct Settings {
          var launchCount = 0
          var theme: Theme = .system
          var nickname: String?
          @DefaultsProperty("volume_v2", previously: "volume") var volume = 0.5
          @DefaultsIgnored var scratch = ""
          var doubled: Int { launchCount * 2 }
        }
        """
      } expansion: {
        #"""
        struct Settings {
          @UserDefaultsKit._DefaultsProperty
          var launchCount = 0
          @UserDefaultsKit._DefaultsProperty
          var theme: Theme = .system
          @UserDefaultsKit._DefaultsProperty
          var nickname: String?
          @UserDefaultsKit._DefaultsProperty var volume = 0.5
          var scratch = ""
          var doubled: Int { launchCount * 2 }

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let launchCount = UserDefaultsKit._DefaultsSlot("app_launchCount", default: 0)
            let theme = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Theme>>("app_theme", default: .system)
            let nickname = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String?>>("app_nickname", default: nil)
            let volume = UserDefaultsKit._DefaultsSlot("app_volume_v2", default: 0.5, previously: ["app_volume", "volume_v2", "volume"])

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.launchCount.setting(in: store)
              _ = self.theme.setting(in: store)
              _ = self.nickname.setting(in: store)
              _ = self.volume.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.launchCount.setting(in: store).reset()
              try self.theme.setting(in: store).reset()
              try self.nickname.setting(in: store).reset()
              try self.volume.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.launchCount.setting(in: store).migrate()
              try self.theme.setting(in: store).migrate()
              try self.nickname.setting(in: store).migrate()
              try self.volume.setting(in: store).migrate()
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
            case \Settings.launchCount: return _$slots.launchCount.setting(in: defaultsStore)
            case \Settings.theme: return _$slots.theme.setting(in: defaultsStore)
            case \Settings.nickname: return _$slots.nickname.setting(in: defaultsStore)
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
        """#
      }
    }

    @Test func suiteNamedInTheStoreArgumentIsTheSuitesSharedStore() {
      assertMacro {
        """
        @DefaultsBacked(store: UserDefaults(suiteName: "group.com.example.app")!)
        struct Shared {
          var volume = 0.5
        }
        """
      } expansion: {
        #"""
        struct Shared {
          @UserDefaultsKit._DefaultsProperty
          var volume = 0.5

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(suiteName: "group.com.example.app"))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
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

          init(store: any UserDefaultsKit.DefaultsStore = UserDefaultsKit._defaultsStore(suiteName: "group.com.example.app")) {
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
          func updateDefaults<R>(_ body: (Shared) throws -> R) throws -> R {
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
          func defaultsKey(for keyPath: PartialKeyPath<Shared>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \Shared.volume: return _$slots.volume.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<Shared>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """#
      }
    }

    @Test func publicGenericClassWithCustomStore() {
      assertMacro {
        """
        @DefaultsBacked(store: UserDefaultsStore.suite("group.example"), access: .public)
        public final class Box<Value> {
          public var count = 0
        }
        """
      } expansion: {
        #"""
        public final class Box<Value> {
          @UserDefaultsKit._DefaultsProperty
          public var count = 0

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsStore.suite("group.example")))

          /// The store that holds the persisted properties.
          public var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let count = UserDefaultsKit._DefaultsSlot("count", default: 0)

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

          public init(store: any UserDefaultsKit.DefaultsStore = UserDefaultsKit._defaultsStore(UserDefaultsStore.suite("group.example"))) {
            _$defaultsStore.store = store
            _$slots.bind(to: store)
          }

          public convenience init(store userDefaults: UserDefaultsKit._UserDefaults) {
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
          public func updateDefaults<R>(_ body: (Box<Value>) throws -> R) throws -> R {
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
          public func defaultsKey(for keyPath: PartialKeyPath<Box<Value>>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \Box<Value>.count: return _$slots.count.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          public func defaultsKeys(for keyPaths: PartialKeyPath<Box<Value>>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """#
      }
    }

    @Test func defaultsThatNameTheTypeOrItsStaticMembers() {
      assertMacro {
        """
        @DefaultsBacked
        struct Limits<Unit> {
          static var standardCount: Int { 3 }
          var count = Self.standardCount
          var retries = standardCount
        }
        """
      } expansion: {
        #"""
        struct Limits<Unit> {
          static var standardCount: Int { 3 }
          @UserDefaultsKit._DefaultsProperty
          var count = Self.standardCount
          @UserDefaultsKit._DefaultsProperty
          var retries = standardCount

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let count = UserDefaultsKit._DefaultsSlot("count", default: Limits<Unit>.standardCount)
            let retries = UserDefaultsKit._DefaultsSlot("retries", default: standardCount)

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.count.setting(in: store)
              _ = self.retries.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.count.setting(in: store).reset()
              try self.retries.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.count.setting(in: store).migrate()
              try self.retries.setting(in: store).migrate()
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
          func updateDefaults<R>(_ body: (Limits<Unit>) throws -> R) throws -> R {
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
          func defaultsKey(for keyPath: PartialKeyPath<Limits<Unit>>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \Limits<Unit>.count: return _$slots.count.setting(in: defaultsStore)
            case \Limits<Unit>.retries: return _$slots.retries.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<Limits<Unit>>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """#
      }
    }

    @Test func observableClassWithInMemoryAndAvailability() {
      assertMacro {
        """
        @available(macOS 14, *)
        @ObservableDefaults
        final class Model {
          var volume = 0.5
          @DefaultsIgnored var isEditing = false
          @ObservationIgnored @DefaultsIgnored var cache: [String: Int] = [:]
        }
        """
      } expansion: {
        #"""
        @available(macOS 14, *)
        final class Model {
          @UserDefaultsKit._ObservedDefaultsProperty
          var volume = 0.5
          @UserDefaultsKit._ObservedMemoryProperty var isEditing = false
          @ObservationIgnored var cache: [String: Int] = [:]

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
          func updateDefaults<R>(_ body: (Model) throws -> R) throws -> R {
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
          func defaultsKey(for keyPath: PartialKeyPath<Model>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            case \Model.volume: return _$slots.volume.setting(in: defaultsStore)
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<Model>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }

        @available(macOS 14, *)
        extension Model: UserDefaultsKit._Observable {}
        """#
      }
    }

    @Test func propertyInsideAppleObservable() {
      assertMacro {
        """
        @Observable final class Model {
          @ObservableDefaultsEntry("volume", store: .standard) @ObservationIgnored var volume = 0.5
        }
        """
      } expansion: {
        #"""
        @Observable final class Model {
          @ObservationIgnored var volume {
            init(initialValue) {}
            get {
              _ = _$volume._storable()
              return _$volume.observedValue(of: self, keyPath: \.volume, registrar: _$observationRegistrar, store: UserDefaultsKit._defaultsStore(.standard))
            }
            set { _$volume.setValue(newValue, in: UserDefaultsKit._defaultsStore(.standard)) }
          }

          private let _$volume = UserDefaultsKit._DefaultsSlot("volume", default: 0.5)
        }
        """#
      }
    }

    @Test func staticPropertyIsRejectedWithFixIt() {
      assertMacro {
        """
        @DefaultsBacked
        struct Settings {
          static var shared = 0
          static let constant = 1
          static var computed: Int { constant }
        }
        """
      } diagnostics: {
        """
        @DefaultsBacked
        struct Settings {
          static var shared = 0
                 ┬──
                 ╰─ 🛑 static 'shared' is shared by every instance, while '@DefaultsBacked' persists each instance in its own store; persist it with '@DefaultsEntry' or mark it '@DefaultsIgnored'
                    ✏️ Mark it '@DefaultsIgnored'
          static let constant = 1
          static var computed: Int { constant }
        }
        """
      } fixes: {
        """
        @DefaultsBacked
        struct Settings {
          @DefaultsIgnored static var shared = 0
          static let constant = 1
          static var computed: Int { constant }
        }
        """
      } expansion: {
        """
        struct Settings {
          static var shared = 0
          static let constant = 1
          static var computed: Int { constant }

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          init(store: any UserDefaultsKit.DefaultsStore = UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) {
            _$defaultsStore.store = store
          }

          init(store userDefaults: UserDefaultsKit._UserDefaults) {
            self.init(store: UserDefaultsKit.UserDefaultsStore.store(for: userDefaults))
          }

          /// Removes every persisted value in one atomic update, so that each property reads its default
          /// again; throws why it could not (see `DefaultsStore.update(_:)`).
          func resetToDefaults() throws {
            try defaultsStore.update {
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
          }

          /// The key behind a persisted property, for resetting or observing it.
          func defaultsKey(for keyPath: PartialKeyPath<Settings>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
            switch keyPath {
            default: return nil
            }
          }

          /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
          /// a key path to any other property stops the program.
          func defaultsKeys(for keyPaths: PartialKeyPath<Settings>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
            UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
          }
        }
        """
      }
    }

    @Test func duplicateKeysAreRejectedOnTheSecond() {
      assertMacro {
        """
        @DefaultsBacked
        struct Settings {
          var volume = 0.5
          @DefaultsProperty("volume") var loudness = 1.0
        }
        """
      } diagnostics: {
        """
        @DefaultsBacked
        struct Settings {
          var volume = 0.5
          @DefaultsProperty("volume") var loudness = 1.0
                            ┬───────
                            ╰─ 🛑 key 'volume' is already used by 'volume'; two properties with one key would overwrite each other
        }
        """
      }
    }

    @Test func letAndMissingDefaultInsideASettingsType() {
      assertMacro {
        """
        @DefaultsBacked
        struct Settings {
          let id = 1
          var count: Int
          @DefaultsIgnored var note: String
        }
        """
      } diagnostics: {
        """
        @DefaultsBacked
        struct Settings {
          let id = 1
          ┬──
          ╰─ 🛑 'id' is persisted, so it must be a 'var': its value can change whenever the store changes
             ✏️ Replace 'let' with 'var'
          var count: Int
              ┬────
              ╰─ 🛑 non-optional 'count' needs a default value, which is read while nothing is stored; give it an initial value or a 'default:' argument
                 ✏️ Insert '= <#default#>'
          @DefaultsIgnored var note: String
                               ┬───
                               ╰─ 🛑 'note' is not persisted, so the generated 'init(store:)' needs an initial value for it
                                  ✏️ Insert '= <#value#>'
        }
        """
      } fixes: {
        """
        @DefaultsBacked
        struct Settings {
          var id = 1
          var count: Int = <#default#>
          @DefaultsIgnored var note: String = <#value#>
        }
        """
      } expansion: {
        #"""
        struct Settings {
          @UserDefaultsKit._DefaultsProperty
          var id = 1
          @UserDefaultsKit._DefaultsProperty
          var count: Int = <#default#>
          var note: String = <#value#>

          private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard))

          /// The store that holds the persisted properties.
          var defaultsStore: any UserDefaultsKit.DefaultsStore {
            _$defaultsStore.store
          }

          private final class _$Slots: Sendable {
            let id = UserDefaultsKit._DefaultsSlot("id", default: 1)
            let count = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("count", default: <#default#>)

            func bind(to store: any UserDefaultsKit.DefaultsStore) {
              _ = self.id.setting(in: store)
              _ = self.count.setting(in: store)
            }

            func reset(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.id.setting(in: store).reset()
              try self.count.setting(in: store).reset()
            }

            func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {
              try self.id.setting(in: store).migrate()
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
            case \Settings.id: return _$slots.id.setting(in: defaultsStore)
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

    @Test func wrongKindsOfDeclaration() {
      assertMacro {
        """
        @DefaultsBacked
        enum Settings {}

        @DefaultsBacked
        protocol SettingsProtocol {}

        @DefaultsBacked
        actor SettingsActor {}

        @ObservableDefaults
        struct ObservedStruct {}
        """
      } diagnostics: {
        """
        @DefaultsBacked
        enum Settings {}
        ┬───
        ╰─ 🛑 '@DefaultsBacked' applies to a struct or a class, not to an enum

        @DefaultsBacked
        protocol SettingsProtocol {}
        ┬───────
        ╰─ 🛑 '@DefaultsBacked' applies to a struct or a class, not to a protocol

        @DefaultsBacked
        actor SettingsActor {}
        ┬────
        ╰─ 🛑 '@DefaultsBacked' applies to a struct or a class, not to an actor

        @ObservableDefaults
        struct ObservedStruct {}
        ┬─────
        ╰─ 🛑 '@ObservableDefaults' applies to a class: Observation tracks reference types
        """
      }
    }

    @Test func computedPropertyWithOptionsAndPrefixWarning() {
      assertMacro {
        """
        @DefaultsBacked(prefix: "app.")
        struct Settings {
          @DefaultsProperty("x") var computed: Int { 0 }
          var count = 0
        }
        """
      } diagnostics: {
        """
        @DefaultsBacked(prefix: "app.")
                                ┬─────
                                ╰─ ⚠️ key 'app.' contains '.', which key-value observing cannot watch: on Apple platforms, changes that other processes make to it are read but not announced
        struct Settings {
          @DefaultsProperty("x") var computed: Int { 0 }
                                     ┬──────────────────
                                     ╰─ 🛑 'computed' is computed; only stored properties can be persisted
          var count = 0
        }
        """
      }
    }

    @Test func severalBindingsAndDefaultArgumentInsideASettingsType() {
      assertMacro {
        """
        @DefaultsBacked
        struct Settings {
          var a = 0, b = 1
          @DefaultsProperty(default: 3) var retries: Int
        }
        """
      } diagnostics: {
        """
        @DefaultsBacked
        struct Settings {
          var a = 0, b = 1
                     ┬────
                     ╰─ 🛑 declare one property per 'var': each persisted property has its own key and default
          @DefaultsProperty(default: 3) var retries: Int
        }
        """
      }
    }
  }
#endif
