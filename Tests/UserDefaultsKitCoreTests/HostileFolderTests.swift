#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import CoreFoundation
  import DefaultsTestSupport
  import Foundation
  import Testing
  import UserDefaultsKitCore

  /// What a folder can hold that the library did not put there: each case either works as a user
  /// expects or fails loudly with the suite untouched.
  @Suite("Hostile folders and files", .serialized)
  struct HostileFolderTests {
    /// A folder of its own for one test, removed afterwards.
    private final class Folder {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "UserDefaultsKitTests-hostile-\(UUID().uuidString.prefix(8))")

      init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      }

      deinit { try? FileManager.default.removeItem(at: url) }

      func file(_ name: String) -> URL { url.appendingPathComponent(name) }
      var hidden: URL { file(".userdefaultskit") }

      /// A store of a suite of this folder, under a unique name.
      func store(_ name: String = "s\(UUID().uuidString.prefix(8))", journaled: Bool = false)
        -> UserDefaultsStore
      {
        journaled ? .journaledSuite(name, in: url) : .suite(name, in: url)
      }

      func write(
        _ values: [String: Any], to name: String,
        format: PropertyListSerialization.PropertyListFormat = .binary
      )
        throws
      {
        try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
          .write(to: file(name))
      }
    }

    private static func plist(at url: URL) -> [String: Any]? {
      (try? Data(contentsOf: url)).flatMap {
        try? PropertyListSerialization.propertyList(from: $0, format: nil) as? [String: Any]
      }
    }

    /// The dictionary CoreFoundation reads from the file at `url`, keys as written; nil for anything else.
    private static func coreFoundationPlist(at url: URL) -> CFDictionary? {
      let plist = (try? Data(contentsOf: url))?.withUnsafeBytes { bytes in
        CFPropertyListCreateWithData(
          nil, CFDataCreate(nil, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count), 0, nil, nil)
      }?.takeRetainedValue()
      guard let plist, CFGetTypeID(plist) == CFDictionaryGetTypeID() else { return nil }
      return Unmanaged<CFDictionary>.fromOpaque(Unmanaged.passUnretained(plist).toOpaque())
        .takeUnretainedValue()
    }

    @Test("A lock that cannot be taken fails the write with its cause; nothing is written")
    func unusableLock() throws {
      let folder = try Folder()
      try Data("not a folder".utf8).write(to: folder.hidden)
      let store = folder.store("s")
      #expect(throws: (any Error).self) { try store.write(.integer(1), forKey: "a") }
      do {
        try store.write(.integer(1), forKey: "a")
      } catch {
        #expect("\(error)".contains("not a folder"), "\(error)")
      }
      #expect(!FileManager.default.fileExists(atPath: folder.file("s.plist").path))
    }

    @Test(
      "A write as root keeps the owner and mode of the suite, and gives a new file its folder's owner",
      .enabled(if: getuid() == 0, "needs root, to own files as another user"))
    func ownerAndModeKept() throws {
      let folder = try Folder()
      let nobody: uid_t = 65534
      #expect(chown(folder.url.path, nobody, gid_t(nobody)) == 0)
      try folder.write(["a": 1], to: "s.plist")
      #expect(chown(folder.file("s.plist").path, nobody, gid_t(nobody)) == 0)
      #expect(chmod(folder.file("s.plist").path, 0o640) == 0)

      folder.store("s").setValue(2, forKey: "a")
      folder.store("t").setValue(1, forKey: "a")

      for (name, mode) in [("s.plist", 0o640), ("t.plist", 0o600)] {
        var info = stat()
        #expect(stat(folder.file(name).path, &info) == 0)
        #expect(info.st_uid == nobody && info.st_gid == gid_t(nobody), "\(name) is owned by \(info.st_uid)")
        #expect(Int(info.st_mode & 0o7777) == mode, "\(name)")
      }
      var lock = stat()
      #expect(stat(folder.hidden.appendingPathComponent("s.plist.lock").path, &lock) == 0)
      #expect(lock.st_uid == nobody, "the lock file is the folder owner's too")
    }

    @Test(
      "A suite its user cannot read (a root-owned 0600 file) reads as the defaults, reported, and refuses writes",
      .enabled(if: getuid() == 0, "needs root, to make a file another user cannot read"))
    func unreadableFile() throws {
      let folder = try Folder()
      #expect(chmod(folder.url.path, 0o777) == 0)
      try folder.write(["counter": 5], to: "s.plist")
      #expect(chmod(folder.file("s.plist").path, 0o600) == 0)

      let user = try HelperProcess.run(["writeInAsUser", folder.url.path, "s", "counter", "1"])

      #expect(user.standardOutput.contains("(EACCES)"), "\(user.standardOutput)")
      #expect(user.standardOutput.contains("kind=unusableFile errno=\(EACCES)"))
      #expect(user.standardOutput.contains("was not written"))
      #expect(user.standardOutput.contains("read -1"), "reads return the default")
      #expect(Self.plist(at: folder.file("s.plist"))?["counter"] as? Int == 5, "the suite is untouched")
    }

    @Test(
      "A corrupt file that cannot be moved aside refuses the write (corruptFile), and stays as it is",
      .enabled(if: getuid() == 0, "needs root, to make a folder another user cannot write"))
    func corruptFileNotMovable() throws {
      let folder = try Folder()
      try FileManager.default.createDirectory(at: folder.hidden, withIntermediateDirectories: true)
      #expect(chmod(folder.hidden.path, 0o777) == 0, "the user can take the suite's lock")
      try Data("garbage".utf8).write(to: folder.file("s.plist"))
      #expect(chmod(folder.file("s.plist").path, 0o666) == 0)

      let user = try HelperProcess.run(["writeInAsUser", folder.url.path, "s", "counter", "1"])

      #expect(
        user.standardOutput.contains("did not parse and could not be moved aside"), "\(user.standardOutput)")
      #expect(
        user.standardOutput.contains("kind=corruptFile errno=\(EACCES)"), "the cause, as the errno said it")
      #expect(try Data(contentsOf: folder.file("s.plist")) == Data("garbage".utf8), "the file is untouched")
    }

    @Test("Values the library does not model are kept as stored, and read as no value")
    func unmodeledValuesKept() throws {
      let folder = try Folder()
      let archive = try NSKeyedArchiver.archivedData(withRootObject: "hello", requiringSecureCoding: false)
      try archive.write(to: folder.file("s.plist"))
      let store = folder.store("s")
      #expect(store.read("$top") == nil, "a dictionary holding a UID")
      #expect(store.read("$archiver") == .string("NSKeyedArchiver"))

      store.setValue(1, forKey: "added")

      let written = try Data(contentsOf: folder.file("s.plist"))
      #expect(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(written) as? String == "hello")
      #expect(Self.plist(at: folder.file("s.plist"))?["added"] as? Int == 1)
    }

    @Test("A string that is not valid Unicode (a lone surrogate) is written back as it was")
    func loneSurrogateKept() throws {
      let folder = try Folder()
      var units: [UniChar] = [0x61, 0xD800, 0x62]
      let broken = CFStringCreateWithCharacters(nil, &units, units.count)!
      let key = CFStringCreateWithCString(nil, "broken", CFStringBuiltInEncodings.UTF8.rawValue)!
      var keyCallBacks = kCFTypeDictionaryKeyCallBacks
      var valueCallBacks = kCFTypeDictionaryValueCallBacks
      let suite = CFDictionaryCreateMutable(nil, 0, &keyCallBacks, &valueCallBacks)
      CFDictionarySetValue(
        suite, Unmanaged.passUnretained(key).toOpaque(), Unmanaged.passUnretained(broken).toOpaque())
      let data = try #require(
        CFPropertyListCreateData(nil, suite, .binaryFormat_v1_0, 0, nil)?.takeRetainedValue())
      try Data(bytes: CFDataGetBytePtr(data), count: CFDataGetLength(data)).write(to: folder.file("s.plist"))
      let store = folder.store("s")

      store.setValue(1, forKey: "added")

      let dictionary = try #require(Self.coreFoundationPlist(at: folder.file("s.plist")))
      let kept = CFDictionaryGetValue(dictionary, Unmanaged.passUnretained(key).toOpaque())
      #expect(kept.map { CFEqual(Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue(), broken) } == true)
      #expect(Self.plist(at: folder.file("s.plist"))?["added"] as? Int == 1)
    }

    @Test("Keys that differ only in Unicode normalisation stay two keys")
    func normalisationKeys() throws {
      let folder = try Folder()
      let composed = "caf\u{E9}"
      let decomposed = "cafe\u{301}"
      // NB: made with CoreFoundation: Foundation's NSDictionary on Linux merges the two keys.
      var keys = [composed, decomposed].map { text in
        var text = text
        return text.withUTF8 {
          CFStringCreateWithBytes(
            nil, $0.baseAddress, $0.count, CFStringBuiltInEncodings.UTF8.rawValue, false)
        }
      }
      var values = [1, 2].map { number in
        var number = number
        return CFNumberCreate(nil, .sInt64Type, &number)
      }
      let dictionary = keys.withUnsafeMutableBufferPointer { keyPointers in
        values.withUnsafeMutableBufferPointer { valuePointers in
          var keyCallBacks = kCFTypeDictionaryKeyCallBacks
          var valueCallBacks = kCFTypeDictionaryValueCallBacks
          return CFDictionaryCreate(
            nil,
            UnsafeMutableRawPointer(keyPointers.baseAddress!).assumingMemoryBound(to: UnsafeRawPointer?.self),
            UnsafeMutableRawPointer(valuePointers.baseAddress!).assumingMemoryBound(
              to: UnsafeRawPointer?.self), 2,
            &keyCallBacks, &valueCallBacks)
        }
      }
      let data = try #require(
        CFPropertyListCreateData(nil, dictionary, .binaryFormat_v1_0, 0, nil)?.takeRetainedValue())
      try Data(bytes: CFDataGetBytePtr(data), count: CFDataGetLength(data)).write(to: folder.file("s.plist"))
      let store = folder.store("s")
      #expect(store.read(composed) == .integer(1))
      #expect(store.read(decomposed) == .integer(2))

      store.setValue(3, forKey: "other")
      try store.write(.integer(4), forKey: decomposed)

      // NB: read with CoreFoundation: Foundation's NSDictionary on Linux merges the two keys.
      let parsed = try #require(Self.coreFoundationPlist(at: folder.file("s.plist")))
      #expect(CFDictionaryGetCount(parsed) == 3, "café twice, and other")
      #expect(store.read(composed) == .integer(1))
      #expect(store.read(decomposed) == .integer(4))
    }

    @Test("A rejected suite name creates nothing anywhere, and its writes fail")
    func rejectedName() throws {
      let folder = try Folder()
      let inner = folder.file("inner")
      try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
      let store = UserDefaultsStore.suite("../out/deep/s", in: inner)
      #expect(throws: DefaultsError.self) { try store.write(.integer(1), forKey: "a") }
      #expect(store.read("a") == nil)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["inner"])
      #expect(try FileManager.default.contentsOfDirectory(atPath: inner.path).isEmpty)
    }

    @Test("A FIFO or a file far larger than a suite is refused at once, never read")
    func specialAndHugeFiles() throws {
      let folder = try Folder()
      #expect(mkfifo(folder.file("fifo.plist").path, 0o600) == 0)
      let huge = open(folder.file("huge.plist").path, O_WRONLY | O_CREAT, 0o600)
      #expect(ftruncate(huge, 6 << 30) == 0)
      close(huge)

      for name in ["fifo", "huge"] {
        let errors = ReportedErrors(matching: "\(name).plist")
        let store = folder.store(name)
        #expect(store.read("a") == nil)
        let refusal = #expect(throws: DefaultsError.self) { try store.write(.integer(1), forKey: "a") }
        #expect(refusal?.kind == .unusableFile && refusal?.path == folder.file("\(name).plist").path)
        #expect(errors.errors.contains { $0.kind == .unusableFile }, "\(errors.all)")
      }
      var info = stat()
      #expect(stat(folder.file("fifo.plist").path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
      #expect(stat(folder.file("huge.plist").path, &info) == 0 && info.st_size == 6 << 30)
    }

    @Test(
      "A link planted for the lock file or the log is not followed; a linked suite file is written through")
    func links() throws {
      let folder = try Folder()
      try FileManager.default.createDirectory(at: folder.hidden, withIntermediateDirectories: true)
      let victim = folder.file("victim")
      try Data("keep me".utf8).write(to: victim)
      #expect(symlink(victim.path, folder.hidden.appendingPathComponent("locked.plist.lock").path) == 0)
      #expect(symlink(victim.path, folder.hidden.appendingPathComponent("logged.plist.journal").path) == 0)

      #expect(throws: (any Error).self) { try folder.store("locked").write(.integer(1), forKey: "a") }
      #expect(throws: (any Error).self) {
        try folder.store("logged", journaled: true).write(.integer(1), forKey: "a")
      }
      #expect(try Data(contentsOf: victim) == Data("keep me".utf8))

      let dotfiles = folder.file("dotfiles")
      try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
      try folder.write(["a": 1], to: "dotfiles/linked.plist")
      #expect(symlink("dotfiles/linked.plist", folder.file("linked.plist").path) == 0)
      let linked = folder.store("linked")
      #expect(linked.read("a") == .integer(1))
      linked.setValue(2, forKey: "a")
      #expect(
        (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.file("linked.plist").path))
          == "dotfiles/linked.plist", "the link stays a link")
      #expect(Self.plist(at: dotfiles.appendingPathComponent("linked.plist"))?["a"] as? Int == 2)
    }

    @Test("A corrupt file is moved aside at a write, each time under a name of its own")
    func corruptFilesMovedAside() throws {
      let folder = try Folder()
      let errors = ReportedErrors(matching: folder.url.path)
      for round in 0..<2 {
        try Data("garbage \(round)".utf8).write(to: folder.file("s.plist"))
        let store = folder.store("s")
        #expect(store.read("a") == nil)
        #expect(
          try Data(contentsOf: folder.file("s.plist")) == Data("garbage \(round)".utf8),
          "reading moves nothing")
        store.setValue(round, forKey: "a")
      }
      let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
        $0.contains(".corrupt-")
      }
      #expect(aside.count == 2, "\(aside)")
      let kept = Set(try aside.map { try Data(contentsOf: folder.file($0)) })
      #expect(kept == [Data("garbage 0".utf8), Data("garbage 1".utf8)])
      #expect(errors.warnings.filter { $0.kind == .corruptFileMovedAside }.count == 2)
    }

    @Test("A damaged record in a log is skipped without losing the ones after it, also after the next write")
    func damagedLogRecord() throws {
      let folder = try Folder()
      let store = folder.store("s", journaled: true)
      store.setValue(1, forKey: "first")
      store.setValue(2, forKey: "second")
      store.setValue(3, forKey: "third")
      let log = folder.hidden.appendingPathComponent("s.plist.journal")
      var bytes = try Data(contentsOf: log)
      let secondRecord = try #require(bytes.range(of: Data("second".utf8)))
      bytes[secondRecord.lowerBound] ^= 0xFF
      try bytes.write(to: log)

      let errors = ReportedErrors(matching: log.path)
      let reader = try HelperProcess.run(["readIn", folder.url.path, "journaled:s", "third"])
      #expect(reader.standardOutput == "3\n", "a fresh process reads the record after the damaged one")
      #expect(
        try HelperProcess.run(["readIn", folder.url.path, "journaled:s", "first"]).standardOutput == "1\n")

      store.checkForExternalChanges()
      #expect(store.value(forKey: "third", default: 0) == 3)
      store.setValue(4, forKey: "fourth")
      #expect(
        try HelperProcess.run(["readIn", folder.url.path, "journaled:s", "third"]).standardOutput == "3\n")
      #expect(
        try HelperProcess.run(["readIn", folder.url.path, "journaled:s", "fourth"]).standardOutput == "4\n")
      // NB: a store that reads the whole log, as a new process's does: the suite through a link to
      // its folder, which is another store in this process.
      let link = folder.url.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString)")
      #expect(symlink(folder.url.path, link.path) == 0)
      defer { unlink(link.path) }
      let skipped = ReportedErrors(matching: link.path)
      #expect(UserDefaultsStore.journaledSuite("s", in: link).value(forKey: "third", default: 0) == 3)
      #expect(skipped.warnings.map(\.kind) == [.journalRecordSkipped], "\(skipped.all)")
      _ = errors
    }

    @Test("A log that ends in a few stray bytes reads, and takes the next write")
    func strayBytesAtTheLogsEnd() throws {
      let folder = try Folder()
      let store = folder.store("s", journaled: true)
      store.setValue(1, forKey: "first")
      let log = folder.hidden.appendingPathComponent("s.plist.journal")
      let handle = try FileHandle(forWritingTo: log)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(repeating: 0xA5, count: 8))
      try handle.close()

      #expect(
        try HelperProcess.run(["readIn", folder.url.path, "journaled:s", "first"]).standardOutput == "1\n")
      store.checkForExternalChanges()
      store.setValue(2, forKey: "second")
      #expect(
        try HelperProcess.run(["readIn", folder.url.path, "journaled:s", "second"]).standardOutput == "2\n")
    }

    @Test("A log of a newer version is never written over; writes to the suite fail")
    func newerLogVersion() throws {
      let folder = try Folder()
      try FileManager.default.createDirectory(at: folder.hidden, withIntermediateDirectories: true)
      let log = folder.hidden.appendingPathComponent("s.plist.journal")
      let newer = Data("UDKJ".utf8) + Data([2, 0, 0, 0]) + Data(repeating: 7, count: 40)
      try newer.write(to: log)
      for journaled in [true, false] {
        let store = folder.store("s", journaled: journaled)
        #expect(throws: (any Error).self) { try store.write(.integer(1), forKey: "a") }
      }
      #expect(try Data(contentsOf: log) == newer)
      #expect(!FileManager.default.fileExists(atPath: folder.file("s.plist").path))
    }

    @Test("An observer goes on hearing changes after its folder is removed and made again")
    func folderMadeAgain() async throws {
      let folder = try Folder()
      let store = folder.store("s")
      // NB: a key no test registers a default for, which the store would read once the suite is
      // gone: Foundation's registration domain is the process's.
      store.setValue(1, forKey: "madeAgain")
      let heard = LockedArray<PropertyListValue?>()
      let observation = store.observe("madeAgain") { heard.append($0) }
      defer { observation.cancel() }

      try FileManager.default.removeItem(at: folder.url)
      #expect(await eventually { heard.all == [nil] }, "the suite went with its folder: \(heard.all)")
      try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
      #expect(try HelperProcess.run(["setIn", folder.url.path, "s", "madeAgain", "7"]).status == 0)
      #expect(await eventually { heard.all == [nil, .integer(7)] }, "\(heard.all)")
    }
  }
#endif
