#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// Where a suite's file lives on Linux, and the name under which Foundation knows the suite.
  ///
  /// Foundation keeps a suite in `<folder>/<suite>.plist`, the folder being `$XDG_CONFIG_HOME` when
  /// it is an absolute path and `$HOME/.config` otherwise; `.standard` is named after the resolved
  /// executable. Foundation reads those variables once, when the process starts, so a process
  /// cannot move its suites by changing them. A suite in another folder is known to Foundation by
  /// its path without `.plist` instead of its name: that is how ``UserDefaultsStore`` places
  /// suites in a folder of the caller's choice.
  struct SuiteLocation: Hashable, Sendable {
    /// The suite's name; nil for `UserDefaults.standard`.
    let suiteName: String?
    /// The suite's property-list file.
    let fileURL: URL
    /// What Foundation calls the suite: the name in the default folder (nil for `.standard`), the
    /// file's path without `.plist` elsewhere.
    let foundationName: String?

    init(suiteName: String?, folder: URL?) {
      let defaultFolder = Self.foundationFolder
      let folder = folder?.standardizedFileURL ?? defaultFolder
      let fileName = (suiteName ?? Self.executableName) + ".plist"
      self.suiteName = suiteName
      self.fileURL = folder.appendingPathComponent(fileName)
      if folder.path == defaultFolder.path {
        self.foundationName = suiteName
      } else {
        self.foundationName = fileURL.deletingPathExtension().path
      }
    }

    /// The location of the suite that a `UserDefaults` object reads.
    init(of userDefaults: UserDefaults) {
      // NB: Foundation on Linux keeps the suite name in a stored property; reflection reads it.
      let name = Mirror(reflecting: userDefaults).children.first { $0.label == "suite" }?.value as? String
      guard let name, name.hasPrefix("/") else {
        self.init(suiteName: name, folder: nil)
        return
      }
      let url = URL(fileURLWithPath: name)
      self.init(suiteName: url.lastPathComponent, folder: url.deletingLastPathComponent())
    }

    /// The journal of the suite, in the library's hidden folder beside the suites.
    var journalURL: URL {
      fileURL.deletingLastPathComponent().appendingPathComponent(SafeFile.hiddenFolderName)
        .appendingPathComponent(fileURL.lastPathComponent + ".journal")
    }

    /// A `UserDefaults` object that reads and writes this suite.
    func makeUserDefaults() -> UserDefaults {
      guard let foundationName else { return .standard }
      return UserDefaults(suiteName: foundationName) ?? .standard
    }

    /// The folder Foundation uses for suites, from the environment the process started with.
    static var foundationFolder: URL {
      let environment = ProcessInfo.processInfo.environment
      if let xdg = environment["XDG_CONFIG_HOME"], xdg.count > 1, xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg).standardizedFileURL
      }
      return URL(fileURLWithPath: (environment["HOME"] ?? "") + "/.config").standardizedFileURL
    }

    private static let executableName =
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().lastPathComponent

    /// Why Foundation would misplace a suite of this name: it uses the name as a file path.
    static func problem(withSuiteName name: String) -> String? {
      if name.isEmpty { return "an empty name is stored as the hidden file '.plist'" }
      if name.contains("/") {
        return "'\(name)' contains '/', so its file lands outside the preferences folder"
      }
      if name.utf8.count > 200 { return "names longer than 200 bytes cannot be written to disk" }
      return nil
    }
  }
#endif
