#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import CoreFoundation
  import Foundation

  /// The property-list file of one suite on Linux, written so that no write can lose what was
  /// stored before.
  ///
  /// - Every write replaces the file whole: the previous file stays linked under a hidden name
  ///   (`.<suite>.plist.keep`), the new contents go to a new hidden file beside it, which is renamed
  ///   over the suite's file and then flushed to the disk, and the kept link goes. A full disk, a
  ///   quota, an I/O error or a kill at any instant leaves the previous file as it was, and the
  ///   failure is reported with its real cause. The previous file itself is never changed, so a
  ///   reader that opened it (Foundation in another process, a backup's hard link) reads it whole.
  /// - One flush makes a write durable, as Foundation's own write: flushing the renamed file also
  ///   makes its rename durable on ext4, XFS and Btrfs, which commit a file's metadata changes with
  ///   it (POSIX does not promise it; elsewhere a power cut may bring back the previous file, never a
  ///   damaged one). A power cut between the rename and the flush can leave a file whose contents
  ///   never reached the disk: the next writer finds the kept link and a file that does not parse,
  ///   and restores the kept file. A kept link beside a file that parses is what a write left when
  ///   it was interrupted after its new file was complete; the link goes.
  /// - Foundation rewrites a file in place when it writes what it holds in memory. The library
  ///   lets it do so only into the new file, while the previous one is still kept.
  /// - Writers hold an exclusive `flock` on a lock file in the hidden folder `.userdefaultskit`
  ///   beside the suites, so writers in other processes wait; this process's threads wait on a
  ///   process-wide lock first (`flock` does not exclude threads sharing a descriptor).
  /// - A file that does not parse is moved to `<suite>.plist.corrupt-<time>` and reported. When it
  ///   cannot be moved (a read-only folder), it is left untouched and every write is refused.
  /// - The file is a binary property list, which keeps every value exactly (dates to the
  ///   fraction of a second, the sign of -0.0); Foundation reads it like an XML one, and writes
  ///   XML, which tells its writes apart from the library's.
  final class SuiteFile: @unchecked Sendable {
    // NB: everything below `url` is guarded by `ProcessWriteLock`.
    let url: URL
    private let path: String
    private let directory: String
    private let lockPath: String
    /// A link to the suite's previous file while Foundation may rewrite a copy of it in place (see
    /// `commit`); one found later means that a write was interrupted.
    private let keepPath: String
    /// The new contents' file, renamed over the suite's file once written.
    private let newPath: String
    private var lockDescriptor: Int32 = -1
    private var lockDepth = 0
    private var contents: [String: PropertyListValue] = [:]
    /// The stamp of the file `contents` came from (or was written to); nil when there is no file.
    private(set) var contentsStamp: FileStamp?
    /// The bytes of that file.
    private var contentsData = Data()
    private var contentsLoaded = false

    init(url: URL) {
      self.url = url
      self.path = url.path
      self.directory = url.deletingLastPathComponent().path
      let name = url.lastPathComponent
      self.lockPath = directory + "/.userdefaultskit/" + name + ".lock"
      self.keepPath = directory + "/." + name + ".keep"
      self.newPath = directory + "/." + name + ".new"
    }

    deinit {
      if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Runs `body` as the only writer of the suite, in this process and in every other process
    /// that uses the library.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
      ProcessWriteLock.shared.lock()
      defer { ProcessWriteLock.shared.unlock() }
      if lockDepth == 0 { acquireFileLock() }
      lockDepth += 1
      defer {
        lockDepth -= 1
        if lockDepth == 0, lockDescriptor >= 0 { _ = flock(lockDescriptor, LOCK_UN) }
      }
      return try body()
    }

    private func acquireFileLock() {
      if lockDescriptor < 0 {
        // NB: without a lock file (an unwritable folder) the suite cannot be written anyway; its
        // writes fail with the real cause below.
        try? POSIXFile.makeDirectory(directory + "/.userdefaultskit")
        lockDescriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      }
      guard lockDescriptor >= 0 else { return }
      while flock(lockDescriptor, LOCK_EX) != 0, errno == EINTR {}
    }

    /// The suite's current contents, after repairing what an interrupted writer left. Call it with
    /// the lock held. Throws when the suite refuses writes: its file is unreadable, or corrupt and
    /// impossible to move aside.
    func currentContents(report: (DefaultsError) -> Void) throws -> [String: PropertyListValue] {
      recoverInterruptedWrites(report: report)
      let stamp = FileStamp(path: path)
      if contentsLoaded, stamp == contentsStamp { return contents }
      switch try readWholeFile() {
      case .parsed(let parsed, let data, let readStamp):
        contents = parsed
        contentsData = data
        contentsStamp = readStamp
      case .corrupt:
        try quarantine(report: report)
        fallthrough
      case .missing:
        contents = [:]
        contentsData = Data()
        contentsStamp = nil
      }
      contentsLoaded = true
      return contents
    }

    private enum FileState {
      case missing
      case parsed([String: PropertyListValue], Data, FileStamp)
      case corrupt
    }

    /// Reads and parses the file, giving a writer in progress time to finish. Foundation in another
    /// process rewrites the file in place without the lock, so an empty or half-written file is
    /// often a write in progress; Foundation itself reads such a file again after a pause before it
    /// gives up on it.
    private func readWholeFile() throws -> FileState {
      for pause in Self.pausesForWritersInProgress {
        guard let (data, stamp) = try POSIXFile.contents(of: path) else { return .missing }
        if let parsed = Self.parse(data) { return .parsed(parsed, data, stamp) }
        usleep(pause)
      }
      return .corrupt
    }

    /// About a third of a second in all, in growing steps: a writer in progress usually finishes
    /// within the first.
    private static let pausesForWritersInProgress: [UInt32] = [10_000, 20_000, 40_000, 80_000, 160_000]

    /// Applies `changes` (nil removes a key) to the suite's contents and writes the result
    /// atomically and durably, after `foundationFlush` (Foundation's synchronize) has written what
    /// Foundation held in memory: a write of the same key made through the library wins, being the
    /// later one, unless `foundationWins` (the changes of a journaled suite's log, which the direct
    /// writes that Foundation holds came after). With no changes, the file is rewritten only when Foundation held writes; changes
    /// to values that the file and Foundation (`foundationHolds`) hold already write nothing. Call
    /// it with the lock held; returns the suite's new contents.
    ///
    /// Foundation rewrites the file in place, so it is given a copy: the previous file stays linked
    /// under the hidden keep name until the new one is durable.
    func commit(
      _ changes: [String: PropertyListValue?], foundationWins: Bool = false, foundationFlush: () -> Void,
      foundationHolds: (String, PropertyListValue?) -> Bool, report: (DefaultsError) -> Void
    ) throws -> [String: PropertyListValue] {
      var target = try currentContents(report: report)
      Self.apply(changes, to: &target)
      // NB: values equal to the stored ones, which Foundation holds too, change nothing; what
      // Foundation holds unwritten for other keys waits for the next write that does.
      if !changes.isEmpty, target == contents, changes.allSatisfy(foundationHolds) { return target }
      let keepsPrevious = FileStamp(path: path) != nil
      if !keepsPrevious, changes.isEmpty {
        // NB: no file to lose: Foundation may create one, which is read back.
        foundationFlush()
        contentsLoaded = false
        return try currentContents(report: report)
      }
      if keepsPrevious {
        unlink(keepPath)
        guard link(path, keepPath) == 0 else { throw FileOperationError("keep a link to", path) }
      }
      do {
        // NB: the copy is always binary, so that an XML file in its place is Foundation's write.
        var data =
          target == contents && contentsData.starts(with: Self.binaryHeader)
          ? contentsData : try Self.serialize(target)
        var durable = !changes.isEmpty
        var stamp = try writeWhole(data)
        var foundationWrote = false
        var foundationWrites = 0
        var quietFlushes = 0
        // NB: Foundation's synchronize empties its merged cache of the suite's values before it
        // drops its copy of the suite, so a read on another thread in between fills the merged cache
        // again from the old copy, where it stays until the next synchronize (seen in the
        // concurrency tests: a thread read the value before its own write). So the new file is
        // final after two flushes in a row in which Foundation wrote nothing: the second empties the
        // merged cache once the old copy is gone. A direct write on another thread can make
        // Foundation hold writes again by the time it has written; a few rounds take those too,
        // and what is left stays in Foundation's memory.
        while quietFlushes < 2, foundationWrites < 3 {
          foundationFlush()
          guard FileStamp(path: path) != stamp || !Self.isBinaryPropertyList(path) else {
            quietFlushes += 1
            continue
          }
          quietFlushes = 0
          foundationWrites += 1
          foundationWrote = true
          // NB: Foundation rewrites in place: a write it could not finish (a full disk) leaves a
          // file that does not parse, and the kept file must come back.
          guard case .parsed(let written, _, _) = try readWholeFile() else {
            throw FileOperationError("read back what Foundation wrote to", path, code: EIO)
          }
          target = written
          // NB: Foundation applied what it holds to the file as written, with `changes` in it.
          if !foundationWins { Self.apply(changes, to: &target) }
          data = try Self.serialize(target)
          durable = true
          stamp = try writeWhole(data)
        }
        if keepsPrevious, !durable, !foundationWrote {
          // NB: nothing changed: the previous file, durable already, takes its place again.
          guard rename(keepPath, path) == 0 else { throw FileOperationError("restore", path) }
          stamp = FileStamp(path: path)
        } else {
          try POSIXFile.flush(path)
          // NB: after the flush, so that a kept link that comes back after a power cut stands beside
          // a whole file, which the next writer keeps.
          if keepsPrevious { unlink(keepPath) }
        }
        contents = target
        contentsData = data
        contentsStamp = stamp
        contentsLoaded = true
        return target
      } catch {
        if keepsPrevious { restoreKeptFile() }
        contentsLoaded = false
        throw error
      }
    }

    private static func apply(
      _ changes: [String: PropertyListValue?], to contents: inout [String: PropertyListValue]
    ) {
      for (key, value) in changes { contents[key] = value }
    }

    /// Moves a file that does not parse to `<suite>.plist.corrupt-<time>`, before Foundation reads
    /// it: Foundation stalls for about half a second on such a file, reads it as empty, and
    /// replaces it at its next write. A file that looks whole is not parsed here, so that opening a
    /// suite costs one parse, Foundation's.
    func repairBeforeFoundationReads(report: (DefaultsError) -> Void) {
      recoverInterruptedWrites(report: report)
      guard !Self.looksWhole(path) else { return }
      do {
        _ = try currentContents(report: report)
      } catch let error as DefaultsError {
        report(error)
      } catch {
        // NB: a file that cannot be read is reported by the first write, which fails.
      }
    }

    private func recoverInterruptedWrites(report: (DefaultsError) -> Void) {
      guard FileStamp(path: keepPath) != nil else { return }
      contentsLoaded = false
      if let (data, _) = try? POSIXFile.contents(of: path), Self.parse(data) != nil {
        // NB: the write that kept the link was interrupted after its new file was complete.
        unlink(keepPath)
        return
      }
      if restoreKeptFile() { report(.interruptedWriteRecovered(path: path)) }
    }

    /// Puts the file kept under the hidden name back in place; true when another file was there.
    /// (When both names still link the same file, nothing was replaced, and `rename` would leave
    /// both names in place.)
    @discardableResult
    private func restoreKeptFile() -> Bool {
      guard let kept = FileStamp(path: keepPath), let current = FileStamp(path: path),
        kept.device == current.device, kept.inode == current.inode
      else { return rename(keepPath, path) == 0 }
      unlink(keepPath)
      return false
    }

    private func quarantine(report: (DefaultsError) -> Void) throws {
      let stamp = Int(Date().timeIntervalSince1970)
      let aside = path + ".corrupt-\(stamp)"
      guard rename(path, aside) == 0 else {
        // NB: thrown, not reported: the refused write reports it.
        throw DefaultsError.corruptFileNotMovable(
          path: path, reason: FileOperationError("move aside", path).description)
      }
      try? POSIXFile.syncDirectory(directory)
      report(.corruptFileMovedAside(path: path, movedTo: aside))
    }

    /// Writes `data` to a new file and renames it over the suite's file, unflushed; returns the new
    /// file's stamp.
    private func writeWhole(_ data: Data) throws -> FileStamp? {
      try POSIXFile.makeDirectory(directory)
      var info = stat()
      let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
      do {
        try POSIXFile.create(newPath, data: data, mode: mode)
      } catch let error as FileOperationError where error.code == EEXIST {
        // NB: a file a killed writer left under the name is replaced, not reused: another process
        // may have it open.
        unlink(newPath)
        try POSIXFile.create(newPath, data: data, mode: mode)
      }
      guard rename(newPath, path) == 0 else {
        let failure = FileOperationError("replace", path)
        unlink(newPath)
        throw failure
      }
      return FileStamp(path: path)
    }

    /// Whether the file starts as a binary property list does: the library writes binary ones,
    /// Foundation on Linux XML ones.
    private static func isBinaryPropertyList(_ path: String) -> Bool {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var head = [UInt8](repeating: 0, count: binaryHeader.count)
      return pread(descriptor, &head, head.count, 0) == head.count && head == binaryHeader
    }

    private static let binaryHeader = Array("bplist00".utf8)

    static func serialize(_ contents: [String: PropertyListValue]) throws -> Data {
      let dictionary = PropertyListValue.coreFoundationDictionary(contents)
      guard
        let data = CFPropertyListCreateData(nil, dictionary, .binaryFormat_v1_0, 0, nil)?
          .takeRetainedValue()
      else { throw DefaultsEncodingError.conversionFailed("the suite's values do not form a property list") }
      return Data(referencing: unsafeBitCast(data, to: NSData.self))
    }

    static func parse(_ data: Data) -> [String: PropertyListValue]? {
      guard !data.isEmpty else { return nil }
      let cfData = data.withUnsafeBytes {
        CFDataCreate(nil, $0.bindMemory(to: UInt8.self).baseAddress, $0.count)
      }
      guard let plist = CFPropertyListCreateWithData(nil, cfData, 0, nil, nil)?.takeRetainedValue(),
        case .dictionary(let contents) = PropertyListValue(coreFoundationObject: plist)
      else { return nil }
      return contents
    }

    /// Whether a file plausibly holds a whole property list, judged from its first and last bytes:
    /// a binary header, or an XML document that ends with `</plist>`. A missing file is whole.
    private static func looksWhole(_ path: String) -> Bool {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return errno == ENOENT }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return false }
      var head = [UInt8](repeating: 0, count: 8)
      var tail = [UInt8](repeating: 0, count: 64)
      let headCount = pread(descriptor, &head, head.count, 0)
      let tailOffset = max(0, Int(info.st_size) - tail.count)
      let tailCount = pread(descriptor, &tail, tail.count, off_t(tailOffset))
      guard headCount > 0, tailCount > 0 else { return false }
      if headCount == 8, head == binaryHeader { return info.st_size >= 40 }
      let ending = String(decoding: tail.prefix(tailCount), as: UTF8.self)
      return head.first == UInt8(ascii: "<") && ending.contains("</plist>")
    }
  }

#endif
