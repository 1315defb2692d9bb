#if canImport(Darwin) || APPLE_API_TYPECHECK
  import Foundation

  extension UserDefaultsStore {
    /// The file that holds a suite on Linux; nil on Apple platforms, where `cfprefsd` owns it.
    public static func fileURL(forSuite suiteName: String?) -> URL? { nil }

    /// The file that holds this store's suite on Linux; nil on Apple platforms.
    public var fileURL: URL? { nil }

    /// The store of a suite that Linux keeps journaled; on Apple platforms the suite's store, as
    /// `cfprefsd` already takes each write without rewriting the suite's file.
    public static func journaledSuite(_ suiteName: String, flushesEachWrite: Bool = true) -> UserDefaultsStore
    {
      suite(suiteName)
    }

    /// Linux only: Apple platforms keep every suite where `cfprefsd` puts it.
    @available(
      *, unavailable, message: "Apple platforms keep every suite where cfprefsd puts it: use suite(_:)"
    )
    public static func suite(_ suiteName: String, in folder: URL) -> UserDefaultsStore {
      fatalError("unavailable")
    }

    /// Linux only: Apple platforms keep every suite where `cfprefsd` puts it.
    @available(
      *, unavailable,
      message:
        "Apple platforms keep every suite where cfprefsd puts it: use journaledSuite(_:flushesEachWrite:)"
    )
    public static func journaledSuite(_ suiteName: String, in folder: URL?, flushesEachWrite: Bool = true)
      -> UserDefaultsStore
    {
      fatalError("unavailable")
    }

    /// Linux only: Apple platforms keep suites in `~/Library/Preferences`, which `cfprefsd` owns.
    @available(
      *, unavailable, message: "Apple platforms keep suites in ~/Library/Preferences, which cfprefsd owns"
    )
    public static var preferencesFolder: URL { fatalError("unavailable") }

    /// A suite name Foundation refuses: the app's own bundle identifier, or NSGlobalDomain.
    static func refusedSuiteName(_ suiteName: String) -> DefaultsError {
      .invalidSuiteName(
        store: description(ofSuite: suiteName),
        reason:
          "Foundation refuses it (the app's bundle identifier or NSGlobalDomain); using UserDefaults.standard"
      )
    }

    static func located(suiteName: String?) -> UserDefaultsStore {
      guard let suiteName else { return located(userDefaults: .standard) }
      return shared(suiteName: suiteName, identity: "suite \(suiteName)") { changed in
        guard let userDefaults = UserDefaults(suiteName: suiteName) else {
          DefaultsError.report(refusedSuiteName(suiteName))
          return UserDefaultsAdapter(
            userDefaults: .standard, description: description(ofSuite: nil), changed: changed)
        }
        MadeUserDefaults.record(userDefaults, suiteName: suiteName)
        return UserDefaultsAdapter(
          userDefaults: userDefaults, description: description(ofSuite: suiteName), changed: changed)
      }
    }

    static func located(userDefaults: UserDefaults) -> UserDefaultsStore {
      switch SuiteIdentity.of(userDefaults) {
      case .standard:
        return shared(suiteName: nil, identity: "standard") { changed in
          UserDefaultsAdapter(
            userDefaults: .standard, description: description(ofSuite: nil), changed: changed)
        }
      case .named(let suiteName):
        return located(suiteName: suiteName)
      case .unnamed(let id):
        let description = "UserDefaults(object 0x\(String(UInt(bitPattern: id), radix: 16)))"
        return shared(suiteName: nil, identity: description, description: description) { changed in
          #if DEBUG
            DefaultsError.report(DefaultsError(.unnamedSuite, store: description))
          #endif
          return UserDefaultsAdapter(userDefaults: userDefaults, description: description, changed: changed)
        }
      }
    }
  }
#endif
