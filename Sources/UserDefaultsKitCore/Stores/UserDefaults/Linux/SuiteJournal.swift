#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import CoreFoundation
  import Foundation

  /// Changes to a suite: nil removes a key.
  typealias SuiteChanges = [SuiteKey: AnyObject?]

  /// The journal of a journaled suite, `.userdefaultskit/<suite>.plist.journal`: each write
  /// appends one record instead of rewriting the suite's whole file.
  ///
  /// - The journal starts with a 16-byte header: `UDKJ`, the format's version (1, 0, 0, 0) and 8
  ///   random bytes that name this journal. A journal is started as a new file under a new name, so a
  ///   reader that finds another name knows that what it read before is in the suite's file now.
  /// - A record is its payload's length and FNV-1a checksum (4 bytes each, little-endian), then
  ///   the payload: a binary property list of the keys set (`s`) and removed (`r`).
  /// - A record that is cut short or fails its checksum is skipped: the reader looks for the next
  ///   whole record after it, so one damaged record loses nothing after it. Bytes after the last
  ///   whole record are what a write that never returned left; the next append cuts them off.
  /// - A journal of another version, or a file that is not a journal, is never written over: it is
  ///   reported, and writes to the suite are refused until it is moved away.
  final class SuiteJournal: @unchecked Sendable {
    // NB: guarded by the suite's lock.
    let path: String
    /// Every change the journal holds, later ones over earlier ones.
    private(set) var changes: SuiteChanges = [:]
    /// The end of the last whole record.
    private(set) var length = 0
    /// Why the journal must not be written, if it must not.
    private(set) var problem: FileOperationError?
    private(set) var stamp: FileStamp?
    private var name: [UInt8] = []
    /// Whether reads report the problems they find (see ``SuiteFiles/reportsProblems``).
    private let reportsProblems: Bool

    init(path: String, reportsProblems: Bool) {
      self.path = path
      self.reportsProblems = reportsProblems
    }

    var hasRecords: Bool { length > Self.headerSize }

    /// What reading the journal again found.
    enum Refresh {
      case unchanged
      /// Records appended since the last read: their changes.
      case appended(SuiteChanges)
      /// Another journal, or none: ``changes`` is all there is.
      case replaced
    }

    /// Reads what changed since the last read; problems are reported, and kept in ``problem``.
    func refresh() -> Refresh {
      let current = FileStamp(path: path)
      guard current != stamp else { return .unchanged }
      let hadChanges = !changes.isEmpty
      do {
        guard let (bytes, readStamp) = try SafeFile.read(path, followingLinks: false), !bytes.isEmpty else {
          reset(name: [], stamp: current)
          return hadChanges ? .replaced : .unchanged
        }
        let header = Array(bytes.prefix(Self.headerSize))
        guard header.count == Self.headerSize, header.starts(with: Self.magic.prefix(4)) else {
          throw FileOperationError("use", path, reason: "it is not a journal of UserDefaultsKit")
        }
        guard header.starts(with: Self.magic) else {
          throw FileOperationError(
            "use", path, reason: "it is a journal of version \(header[4]), written by a newer UserDefaultsKit"
          )
        }
        let sameLog = header == name
        if !sameLog { reset(name: header, stamp: nil) }
        let appended = read(Array(bytes))
        stamp = readStamp
        return sameLog ? (appended.isEmpty ? .unchanged : .appended(appended)) : .replaced
      } catch {
        let failure = error as? FileOperationError ?? FileOperationError("read", path, reason: "\(error)")
        if reportsProblems, failure != problem {
          DefaultsError.report(failure.defaultsError(.unusableFile))
        }
        reset(name: [], stamp: current)
        problem = failure
        return hadChanges ? .replaced : .unchanged
      }
    }

    /// Takes in the whole records after ``length``, skipping damaged ones; returns their changes.
    private func read(_ bytes: [UInt8]) -> SuiteChanges {
      var appended: SuiteChanges = [:]
      var offset = length
      while offset + 8 <= bytes.count {
        guard let (record, size) = Self.record(in: bytes, at: offset) else {
          // NB: a record's payload is a binary property list: only offsets where one starts are tried,
          // and a journal made to be slow to search gives up after twice its size in checksums.
          var budget = 2 * bytes.count
          guard offset + 1 < bytes.count - 8,
            let next = (offset + 1..<bytes.count - 8).first(where: {
              guard budget > 0, bytes[($0 + 8)...].starts(with: Self.payloadHeader) else { return false }
              budget -= Int(Self.word(in: bytes, at: $0))
              return Self.record(in: bytes, at: $0) != nil
            })
          else { break }
          if reportsProblems {
            DefaultsWarning.report(
              DefaultsWarning(.journalRecordSkipped, path: path, detail: "\(offset)..<\(next)"))
          }
          offset = next
          continue
        }
        for (key, value) in record {
          appended[key] = .some(value)
          changes[key] = .some(value)
        }
        offset += size
        length = offset
      }
      return appended
    }

    /// Appends one record of `newChanges`, after cutting off what a write that never returned
    /// left; flushed to the disk when `flush`. Call ``refresh()`` first. A failure leaves the journal
    /// as it was.
    func append(_ newChanges: SuiteChanges, flush: Bool) throws {
      if let problem { throw problem }
      if stamp == nil || name.isEmpty { try restart() }
      let payload = try Self.payload(newChanges)
      var record = [UInt8]()
      record.reserveCapacity(8 + payload.count)
      Self.appendWord(UInt32(payload.count), to: &record)
      Self.appendWord(Self.checksum(payload), to: &record)
      record += payload
      // NB: opened for each append, not kept: an open file keeps its folder, which then cannot be
      // seen to go.
      let descriptor = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { throw FileOperationError("open", path) }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, FileStamp(info).inode == stamp?.inode else {
        throw FileOperationError("open", path, reason: "it was replaced while it was read")
      }
      if stamp?.size != Int64(length) { try truncate(descriptor, to: length) }
      do {
        try DurableFile.write(Data(record), to: descriptor, at: length, path)
        if flush, fdatasync(descriptor) != 0 { throw FileOperationError("flush", path) }
      } catch {
        try? truncate(descriptor, to: length)
        throw error
      }
      length += record.count
      for (key, value) in newChanges { changes[key] = .some(value) }
      stamp = fstat(descriptor, &info) == 0 ? FileStamp(info) : nil
    }

    /// Puts a new, empty journal in place under a new name: once its changes are in the suite's file.
    func restart() throws {
      if let problem { throw problem }
      let header = Self.magic + (0..<8).map { _ in UInt8.random(in: 0...255) }
      let folder = (path as NSString).deletingLastPathComponent
      try SafeFile.makeFolder(folder, linkAllowed: false)
      try DurableFile.replace(path, through: path + ".new", with: Data(header), mode: 0o600, ownerOf: folder)
      reset(name: header, stamp: FileStamp(path: path))
      try DurableFile.flushFolder(folder)
    }

    /// Removes the journal (with its suite).
    func remove() throws {
      if let problem { throw problem }
      guard unlink(path) == 0 || errno == ENOENT else { throw FileOperationError("remove", path) }
      reset(name: [], stamp: nil)
    }

    private func reset(name: [UInt8], stamp: FileStamp?) {
      (self.name, self.stamp, changes, problem) = (name, stamp, [:], nil)
      length = name.isEmpty ? 0 : Self.headerSize
    }

    private func truncate(_ descriptor: Int32, to size: Int) throws {
      guard ftruncate(descriptor, off_t(size)) == 0 else { throw FileOperationError("truncate", path) }
    }

    private static let magic: [UInt8] = Array("UDKJ".utf8) + [1, 0, 0, 0]
    private static let payloadHeader = Array("bplist00".utf8)
    private static let headerSize = 16

    /// The record that starts at `offset`, and its size; nil when none is whole there. A whole
    /// record this version cannot read changes nothing.
    private static func record(in bytes: [UInt8], at offset: Int) -> (SuiteChanges, Int)? {
      guard bytes.count - offset >= 8 else { return nil }
      let length = Int(word(in: bytes, at: offset))
      guard length > 0, bytes.count - offset - 8 >= length,
        checksum(bytes[(offset + 8)..<(offset + 8 + length)]) == word(in: bytes, at: offset + 4)
      else { return nil }
      return (changes(in: Data(bytes[(offset + 8)..<(offset + 8 + length)])) ?? [:], 8 + length)
    }

    private static func payload(_ changes: SuiteChanges) throws -> [UInt8] {
      var set: [SuiteKey: AnyObject] = [:]
      var removed: [PropertyListValue] = []
      for (key, value) in changes {
        if let value { set[key] = value } else { removed.append(.string(key.name)) }
      }
      let data = try SuitePropertyList.serialize([
        SuiteKey("s"): SuitePropertyList.dictionary(set), SuiteKey("r"): StoredValueBox(.array(removed)),
      ])
      return [UInt8](data)
    }

    private static func changes(in payload: Data) -> SuiteChanges? {
      guard
        let contents = SuitePropertyList.object(from: payload).flatMap({
          SuitePropertyList.values(of: $0)
        }),
        let set = contents[SuiteKey("s")].flatMap({ SuitePropertyList.values(of: $0) }),
        case .array(let removed) = contents[SuiteKey("r")].flatMap(
          PropertyListValue.init(coreFoundationObject:))
      else { return nil }
      var changes = set.mapValues { Optional($0) }
      for case .string(let key) in removed { changes[SuiteKey(key)] = .some(nil) }
      return changes
    }

    private static func checksum<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
      var hash: UInt32 = 2_166_136_261
      for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
      return hash
    }

    private static func appendWord(_ value: UInt32, to bytes: inout [UInt8]) {
      for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    private static func word(in bytes: [UInt8], at offset: Int) -> UInt32 {
      (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << ($1 * 8) }
    }
  }
#endif
