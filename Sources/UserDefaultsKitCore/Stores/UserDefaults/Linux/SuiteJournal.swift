#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import CoreFoundation
  import Foundation

  /// The change log of a journaled suite: each write appends one record to a file in the hidden
  /// folder beside the suites, instead of rewriting the suite's whole property list, so a write
  /// costs the same whatever the suite's size. The log is folded into the property list when it
  /// grows, and by the process at exit (see ``UserDefaultsAdapter``).
  ///
  /// - The file starts with a header that names this log (`UDKJ`, a version, 8 random bytes): a
  ///   fold replaces the file with an empty one of a new name (a new file, so that its stamp
  ///   changes too), which tells every reader that what it read before is now in the property list.
  /// - A record is its payload's length and checksum (FNV-1a) followed by the payload, a binary
  ///   property list of the keys it sets and removes. Reading stops at the first record that is
  ///   short or does not match its checksum: what a kill or a power cut left of a write that never
  ///   returned. The next append cuts that tail off first.
  /// - Every use holds the suite's lock (``SuiteFile/withLock(_:)``).
  final class SuiteJournal: @unchecked Sendable {
    // NB: everything is guarded by the suite's lock.
    let path: String
    /// Whether each append is flushed to the disk before it returns (durable against a power cut,
    /// not only against a crash of the process).
    let flushesEachWrite: Bool
    /// Every change the log holds, later ones over earlier ones; nil removes a key.
    private(set) var changes: [String: PropertyListValue?] = [:]
    /// The log's size as read: the end of its last whole record.
    private(set) var length = 0
    private var name: [UInt8] = []
    private var stamp: FileStamp?
    private var descriptor: Int32 = -1

    init(path: String, flushesEachWrite: Bool) {
      self.path = path
      self.flushesEachWrite = flushesEachWrite
    }

    deinit {
      if descriptor >= 0 { close(descriptor) }
    }

    /// What reading the log again found.
    enum Refresh {
      case unchanged
      /// Records another process appended: their changes.
      case appended([String: PropertyListValue?])
      /// A log other than the one read before (or none): ``changes`` is all there is.
      case replaced
    }

    /// Reads what changed in the log since it was last read.
    func refresh() throws -> Refresh {
      let current = FileStamp(path: path)
      if current == stamp { return .unchanged }
      guard let current else {
        // NB: a log removed (with its suite) is started anew by the next append, not written on
        // through a descriptor of the removed file.
        if descriptor >= 0 {
          close(descriptor)
          descriptor = -1
        }
        let hadChanges = !changes.isEmpty
        reset(to: [], stamp: nil)
        return hadChanges ? .replaced : .unchanged
      }
      try open(expecting: current)
      let header = try read(from: 0, count: Self.headerSize)
      guard header.count == Self.headerSize, header.starts(with: Self.magic) else {
        // NB: an empty or unnamed log holds nothing (a fold was interrupted before its header).
        let hadChanges = !changes.isEmpty
        reset(to: [], stamp: current)
        return hadChanges ? .replaced : .unchanged
      }
      let sameLog = Array(header) == name
      if !sameLog { reset(to: Array(header), stamp: nil) }
      let tail = try read(from: length, count: Int(current.size) - length)
      var appended: [String: PropertyListValue?] = [:]
      var offset = 0
      while let (record, size) = Self.record(in: tail, at: offset) {
        for (key, value) in record {
          appended[key] = .some(value)
          changes[key] = .some(value)
        }
        offset += size
      }
      length += offset
      stamp = current
      return sameLog ? (appended.isEmpty ? .unchanged : .appended(appended)) : .replaced
    }

    /// Appends one record of `newChanges` (nil removes a key), after cutting off what a write
    /// that never returned left. Call ``refresh()`` first. A failure leaves the log as it was.
    func append(_ newChanges: [String: PropertyListValue?]) throws {
      if descriptor < 0 || length == 0 { try restart() }
      let payload = try Self.payload(newChanges)
      var record = [UInt8]()
      record.reserveCapacity(8 + payload.count)
      Self.appendWord(UInt32(payload.count), to: &record)
      Self.appendWord(Self.checksum(payload), to: &record)
      record += payload
      if let stamp, stamp.size != Int64(length) { try truncate(to: length) }
      do {
        try write(record, at: length)
        if flushesEachWrite, fdatasync(descriptor) != 0 { throw FileOperationError("flush", path) }
      } catch {
        try? truncate(to: length)
        stamp = nil
        throw error
      }
      length += record.count
      for (key, value) in newChanges { changes[key] = .some(value) }
      var info = stat()
      stamp = fstat(descriptor, &info) == 0 ? FileStamp(info) : nil
    }

    /// The log's stamp as last read or written.
    var currentStamp: FileStamp? { stamp }

    /// Opens the log at `path`, again when `expected` is another file than the open one.
    private func open(expecting expected: FileStamp?) throws {
      if descriptor >= 0 {
        var info = stat()
        if let expected, fstat(descriptor, &info) == 0, UInt64(info.st_ino) == expected.inode,
          UInt64(info.st_dev) == expected.device
        {
          return
        }
        close(descriptor)
        descriptor = -1
      }
      try POSIXFile.makeDirectory((path as NSString).deletingLastPathComponent)
      descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { throw FileOperationError("open", path) }
    }

    /// Puts a new log in place, empty under a new name: when there is none, and once a log's
    /// changes are in the property list.
    func restart() throws {
      var header = Self.magic
      header += (0..<8).map { _ in UInt8.random(in: 0...255) }
      let newPath = path + ".new"
      try POSIXFile.makeDirectory((path as NSString).deletingLastPathComponent)
      unlink(newPath)
      try POSIXFile.create(newPath, data: Data(header), mode: 0o600)
      let started = Glibc.open(newPath, O_RDWR | O_CLOEXEC)
      guard started >= 0 else {
        unlink(newPath)
        throw FileOperationError("open", newPath)
      }
      guard !flushesEachWrite || fdatasync(started) == 0, rename(newPath, path) == 0 else {
        let failure = FileOperationError("start", path)
        close(started)
        unlink(newPath)
        throw failure
      }
      if descriptor >= 0 { close(descriptor) }
      descriptor = started
      var info = stat()
      reset(to: header, stamp: fstat(descriptor, &info) == 0 ? FileStamp(info) : nil)
    }

    private func reset(to name: [UInt8], stamp: FileStamp?) {
      self.name = name
      self.stamp = stamp
      changes = [:]
      length = name.isEmpty ? 0 : Self.headerSize
    }

    private func read(from offset: Int, count: Int) throws -> [UInt8] {
      guard count > 0 else { return [] }
      var bytes = [UInt8](repeating: 0, count: count)
      var filled = 0
      while filled < count {
        let result = bytes.withUnsafeMutableBytes {
          pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
        }
        if result < 0, errno == EINTR { continue }
        guard result >= 0 else { throw FileOperationError("read", path) }
        if result == 0 { break }
        filled += result
      }
      return Array(bytes.prefix(filled))
    }

    private func write(_ bytes: [UInt8], at offset: Int) throws {
      var written = 0
      while written < bytes.count {
        let result = bytes.withUnsafeBytes {
          pwrite(descriptor, $0.baseAddress! + written, bytes.count - written, off_t(offset + written))
        }
        if result < 0, errno == EINTR { continue }
        guard result > 0 else { throw FileOperationError("write", path) }
        written += result
      }
    }

    private func truncate(to size: Int) throws {
      guard ftruncate(descriptor, off_t(size)) == 0 else { throw FileOperationError("truncate", path) }
    }

    private static let magic: [UInt8] = Array("UDKJ".utf8) + [1, 0, 0, 0]
    private static let headerSize = 16

    /// The record that starts at `offset`, and its size; nil when none is whole there.
    private static func record(in bytes: [UInt8], at offset: Int) -> ([String: PropertyListValue?], Int)? {
      guard bytes.count - offset >= 8 else { return nil }
      let length = Int(word(in: bytes, at: offset))
      let expected = word(in: bytes, at: offset + 4)
      guard length > 0, bytes.count - offset - 8 >= length else { return nil }
      let payload = bytes[(offset + 8)..<(offset + 8 + length)]
      guard checksum(payload) == expected else { return nil }
      // NB: a whole record this version cannot read is skipped, not taken for a torn end.
      return (changes(in: payload) ?? [:], 8 + length)
    }

    /// A record's payload: a binary property list holding the keys set (`s`) and removed (`r`).
    private static func payload(_ changes: [String: PropertyListValue?]) throws -> [UInt8] {
      let set = changes.compactMapValues { $0 }
      let removed = changes.filter { $0.value == nil }.keys.sorted().map(PropertyListValue.string)
      let dictionary = PropertyListValue.coreFoundationDictionary([
        "s": .dictionary(set), "r": .array(removed),
      ])
      guard
        let data = CFPropertyListCreateData(nil, dictionary, .binaryFormat_v1_0, 0, nil)?.takeRetainedValue()
      else { throw DefaultsEncodingError.conversionFailed("the changes do not form a property list") }
      // NB: copied from the CFData's bytes: iterating a `Data` over it costs more than the write.
      return [UInt8](UnsafeBufferPointer(start: CFDataGetBytePtr(data), count: CFDataGetLength(data)))
    }

    private static func changes(in payload: ArraySlice<UInt8>) -> [String: PropertyListValue?]? {
      guard let contents = SuiteFile.parse(Data(payload)),
        case .dictionary(let set) = contents["s"], case .array(let removed) = contents["r"]
      else { return nil }
      var changes = set.mapValues { PropertyListValue?.some($0) }
      for case .string(let key) in removed { changes[key] = .some(nil) }
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
