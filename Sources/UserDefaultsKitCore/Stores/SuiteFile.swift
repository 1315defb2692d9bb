#if !canImport(Darwin)
  import Foundation
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The property-list file of one suite on Linux, and the discipline that keeps it whole.
  ///
  /// Foundation rewrites the file in place with no lock, so two processes that synchronize at once
  /// lose keys, a crash mid-write truncates the file, and a corrupt file is silently replaced. Every
  /// write through the library therefore
  /// - holds an exclusive `flock` on `<suite>.plist.lock` (readers that reload take a shared one),
  /// - copies the file to `<suite>.plist.backup` first (staged, then renamed, so a backup is
  ///   always whole) and removes the copy once the write is done (a backup found by the next
  ///   writer means a writer died mid-write: it is restored),
  /// - and moves a file that does not parse to `<suite>.plist.corrupt-<time>`, reported, instead of
  ///   letting Foundation overwrite it.
  final class SuiteFile: @unchecked Sendable {
    // NB: `processLock` serializes this process's threads (flock does not, on one descriptor);
    // the descriptor and the validation stamp are guarded by it too.
    let url: URL
    private let lockURL: URL
    private let backupURL: URL
    private let stagingURL: URL
    private var lockDescriptor: Int32 = -1
    private var validatedStamp: FileStamp?

    init(url: URL) {
      self.url = url
      self.lockURL = url.appendingPathExtension("lock")
      self.backupURL = url.appendingPathExtension("backup")
      self.stagingURL = url.appendingPathExtension("backup-staging")
    }

    /// Where Foundation on Linux keeps a suite: `$XDG_CONFIG_HOME` when it is an absolute path,
    /// otherwise `$HOME/.config`; `.standard` is named after the resolved executable.
    static func url(forSuite suiteName: String?) -> URL {
      let environment = ProcessInfo.processInfo.environment
      let directory: String
      if let xdg = environment["XDG_CONFIG_HOME"], xdg.count > 1, xdg.hasPrefix("/") {
        directory = xdg
      } else {
        directory = (environment["HOME"] ?? "") + "/.config"
      }
      let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      let name = suiteName ?? executable.lastPathComponent
      return URL(fileURLWithPath: directory).appendingPathComponent(name + ".plist")
    }

    /// Runs `body` (which writes and synchronizes) as one crash-safe, exclusive write.
    func write<Result>(
      report: (DefaultsError) -> Void, _ body: () throws -> Result
    ) rethrows -> Result {
      try withFileLock(LOCK_EX) {
        recover(report: report)
        // NB: staged, then renamed: a backup that exists is always whole.
        let backedUp =
          (try? FileManager.default.copyItem(at: url, to: stagingURL)) != nil
          && rename(stagingURL.path, backupURL.path) == 0
        defer {
          if backedUp { try? FileManager.default.removeItem(at: backupURL) }
          validatedStamp = FileStamp(url)
        }
        return try body()
      }
    }

    /// Restores or quarantines a damaged file while no one else writes it.
    func repair(report: (DefaultsError) -> Void) {
      withFileLock(LOCK_EX) { recover(report: report) }
    }

    /// Runs `body` (which reloads the file) while no writer is at work.
    func read<Result>(_ body: () throws -> Result) rethrows -> Result {
      try withFileLock(LOCK_SH, body)
    }

    /// Restores an interrupted write's backup, and moves a file that does not parse aside.
    func recover(report: (DefaultsError) -> Void) {
      let manager = FileManager.default
      try? manager.removeItem(at: stagingURL)
      if manager.fileExists(atPath: backupURL.path) {
        if Self.parses(backupURL), rename(backupURL.path, url.path) == 0 {
          report(.interruptedWriteRecovered(path: url.path))
        } else {
          try? manager.removeItem(at: backupURL)
        }
      }
      let stamp = FileStamp(url)
      guard let stamp, stamp != validatedStamp else { return }
      if Self.parses(url) {
        validatedStamp = stamp
        return
      }
      let aside = url.appendingPathExtension("corrupt-\(Int(Date().timeIntervalSince1970))")
      if (try? manager.moveItem(at: url, to: aside)) != nil {
        report(.corruptFileMovedAside(path: url.path, movedTo: aside.path))
      }
      validatedStamp = nil
    }

    /// Foundation's `synchronize()` rewrites every suite of the process, and a `set` on one thread
    /// that races a `synchronize()` on another can be dropped from memory; so the library's
    /// synchronizing operations run one at a time in the whole process. Recursive, because an
    /// error handler called during a repair may write.
    private static let processLock = NSRecursiveLock()

    private static func parses(_ url: URL) -> Bool {
      guard let data = try? Data(contentsOf: url), !data.isEmpty else { return false }
      return (try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any]
    }

    private func withFileLock<Result>(_ operation: Int32, _ body: () throws -> Result) rethrows -> Result {
      Self.processLock.lock()
      defer { Self.processLock.unlock() }
      if lockDescriptor < 0 {
        try? FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
        lockDescriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      }
      // NB: without a lock file (an unwritable folder) the write goes on unlocked, as Foundation's
      // would; synchronize() then reports the failure.
      if lockDescriptor >= 0 { _ = flock(lockDescriptor, operation) }
      defer { if lockDescriptor >= 0 { _ = flock(lockDescriptor, LOCK_UN) } }
      return try body()
    }
  }

  /// Size and modification time: enough to tell that a file changed since it was validated.
  private struct FileStamp: Equatable {
    let size: Int
    let modified: Date

    init?(_ url: URL) {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
        let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
      else { return nil }
      self.size = size
      self.modified = modified
    }
  }
#endif
