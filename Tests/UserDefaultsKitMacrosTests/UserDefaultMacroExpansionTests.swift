#if canImport(UserDefaultsKitMacros)
  import MacroTesting
  import Testing

  /// UserDefaultMacro 1.x's data store and property macros.
  @Suite(.macros(allMacros, record: .failed))
  struct UserDefaultMacroExpansionTests {
    @Test func dataStoreRegistersItsRecordsDefaultsAndCodesWithACoding() {
      assertMacro {
        """
        @UserDefaultDataStore(using: .appGroup, accessLevel: .open)
        open class AppSettings {
          @UserDefaultRecord(defaultValue: 100) var musicVolume: Int
          @UserDefaultRecord(key: "cached_profile", coding: .json) var profile: Profile?
          @UserDefaultRecord(defaultValue: Options(), coding: .plist) var options: Options
          var apiEndpoint: URL
        }
        """
      } expansion: {
        """
        open class AppSettings {
          var musicVolume: Int {
            get {
              _ = _$musicVolume._storable()
              return _$musicVolume.value(in: UserDefaultsKit._defaultsStore(userDefaults))
            }
            set { _$musicVolume.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$musicVolume = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Int>>("musicVolume", default: 100)
          var profile: Profile? {
            get { _$profile.value(in: UserDefaultsKit._defaultsStore(userDefaults)) }
            set { _$profile.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$profile = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.DefaultsKey<Profile?>("cached_profile", default: nil, store: $0, coding: UserDefaultsKitCompatUserDefaultMacro._coding(.json), register: false) }
          var options: Options {
            get { _$options.value(in: UserDefaultsKit._defaultsStore(userDefaults)) }
            set { _$options.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$options = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.DefaultsKey<Options>("options", default: Options(), store: $0, coding: UserDefaultsKitCompatUserDefaultMacro._coding(.plist), register: false) }
          var apiEndpoint: URL {
            get {
              _ = _$apiEndpoint._storable()
              return _$apiEndpoint._requiredValue(in: UserDefaultsKit._defaultsStore(userDefaults), property: "apiEndpoint")
            }
            set { _$apiEndpoint.setValue(newValue, in: UserDefaultsKit._defaultsStore(userDefaults)) }
          }

          private let _$apiEndpoint = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<URL?>>("apiEndpoint", default: nil, register: false)

          private let userDefaults: UserDefaultsKit._UserDefaults

          public init(userDefaults: UserDefaultsKit._UserDefaults = .appGroup) {
            self.userDefaults = userDefaults
            _ = _$musicVolume.setting(in: UserDefaultsKit._defaultsStore(userDefaults))
          }
        }
        """
      }
    }

    @Test func standalonePropertyRegistersItsDefault() {
      assertMacro {
        """
        struct DiagnosticsView {
          @UserDefaultProperty(using: .standard, key: "debug_overlay_visible", defaultValue: false)
          var isDebugOverlayVisible: Bool
          @UserDefaultProperty(key: "lastSync", coding: ISO8601JSONCoding()) var lastSync: SyncMetadata?
        }
        """
      } expansion: {
        """
        struct DiagnosticsView {
          var isDebugOverlayVisible: Bool {
            get {
              _ = _$isDebugOverlayVisible._storable()
              return _$isDebugOverlayVisible.value(in: UserDefaultsKit._defaultsStore(.standard))
            }
            nonmutating set { _$isDebugOverlayVisible.setValue(newValue, in: UserDefaultsKit._defaultsStore(.standard)) }
          }

          private let _$isDebugOverlayVisible = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<Bool>>("debug_overlay_visible", default: false)
          var lastSync: SyncMetadata? {
            get { _$lastSync.value(in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
            nonmutating set { _$lastSync.setValue(newValue, in: UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)) }
          }

          private let _$lastSync = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.DefaultsKey<SyncMetadata?>("lastSync", default: nil, store: $0, coding: UserDefaultsKitCompatUserDefaultMacro._coding(ISO8601JSONCoding()), register: false) }
        }
        """
      }
    }
  }
#endif
