#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// A failed file operation with its real cause: "no space left on device (ENOSPC)", not "the file
  /// is not writable".
  struct FileOperationError: Error, CustomStringConvertible {
    let operation: String
    let path: String
    let code: Int32

    init(_ operation: String, _ path: String, code: Int32 = errno) {
      self.operation = operation
      self.path = path
      self.code = code
    }

    var description: String {
      "could not \(operation) \(path): \(String(cString: strerror(code)))\(Self.names[code].map { " (\($0))" } ?? "")"
    }

    private static let names: [Int32: String] = [
      ENOSPC: "ENOSPC", EDQUOT: "EDQUOT", EACCES: "EACCES", EPERM: "EPERM", EROFS: "EROFS", EIO: "EIO",
      ENOENT: "ENOENT", ENOTDIR: "ENOTDIR", ENAMETOOLONG: "ENAMETOOLONG", EEXIST: "EEXIST", EXDEV: "EXDEV",
      EMFILE: "EMFILE", EISDIR: "EISDIR", EFBIG: "EFBIG",
    ]
  }

  /// The few file operations the suite file needs, with `errno` kept.
  enum POSIXFile {
    /// The whole file, or nil when it does not exist.
    static func contents(of path: String) throws -> (data: Data, stamp: FileStamp)? {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        if errno == ENOENT { return nil }
        throw FileOperationError("open", path)
      }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { throw FileOperationError("inspect", path) }
      var data = Data(count: Int(info.st_size))
      var filled = 0
      try data.withUnsafeMutableBytes { buffer in
        while filled < buffer.count {
          let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
          if count < 0, errno == EINTR { continue }
          guard count >= 0 else { throw FileOperationError("read", path) }
          if count == 0 { break }
          filled += count
        }
      }
      return (data.prefix(filled), FileStamp(info))
    }

    /// Writes `data` to a new file at `path` (which must not exist), unflushed; a failed write
    /// removes the file.
    static func create(_ path: String, data: Data, mode: mode_t) throws {
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      guard descriptor >= 0 else { throw FileOperationError("create", path) }
      var failure: FileOperationError?
      data.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
          let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else {
            failure = FileOperationError("write", path)
            return
          }
          written += count
        }
      }
      if failure == nil, fchmod(descriptor, mode) != 0 {
        failure = FileOperationError("set the mode of", path)
      }
      if close(descriptor) != 0, failure == nil { failure = FileOperationError("close", path) }
      if let failure {
        unlink(path)
        throw failure
      }
    }

    /// Flushes the file at `path` to the disk.
    static func flush(_ path: String) throws {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw FileOperationError("open", path) }
      defer { close(descriptor) }
      guard fsync(descriptor) == 0 else { throw FileOperationError("flush", path) }
    }

    /// Makes a rename or an unlink in `directory` durable.
    static func syncDirectory(_ directory: String) throws {
      let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { throw FileOperationError("open the folder", directory) }
      defer { close(descriptor) }
      guard fsync(descriptor) == 0 else { throw FileOperationError("flush the folder", directory) }
    }

    /// Creates `path` and its parents with mode 0700, as Foundation does; an existing folder is fine.
    static func makeDirectory(_ path: String) throws {
      var info = stat()
      if stat(path, &info) == 0 { return }
      let parent = (path as NSString).deletingLastPathComponent
      if !parent.isEmpty, parent != path { try makeDirectory(parent) }
      guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
        throw FileOperationError("create the folder", path)
      }
    }
  }
#endif
