#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// A failed file operation with its real cause: "no space left on device (ENOSPC)", not "the file
  /// is not writable".
  struct FileOperationError: Error, CustomStringConvertible {
    let operation: String
    let path: String
    let reason: String
    /// The `errno` of the failed call; nil for a failure the library found itself (a file that is
    /// not a suite's).
    let code: POSIXErrorCode?

    init(_ operation: String, _ path: String, code: Int32 = errno) {
      let name = [
        ENOSPC: "ENOSPC", EDQUOT: "EDQUOT", EACCES: "EACCES", EPERM: "EPERM", EROFS: "EROFS", EIO: "EIO",
        ENOENT: "ENOENT", ENOTDIR: "ENOTDIR", ELOOP: "ELOOP", EEXIST: "EEXIST", EISDIR: "EISDIR",
      ][code]
      self.init(
        operation, path, reason: String(cString: strerror(code)) + (name.map { " (\($0))" } ?? ""),
        code: POSIXErrorCode(rawValue: code))
    }

    init(_ operation: String, _ path: String, reason: String, code: POSIXErrorCode? = nil) {
      (self.operation, self.path, self.reason, self.code) = (operation, path, reason, code)
    }

    var description: String { "could not \(operation) \(path): \(reason)" }

    /// The failure as the library throws it: the file as the error's path, its `errno` as a
    /// `POSIXError`, kept as the underlying error.
    func defaultsError(_ kind: DefaultsError.Kind) -> DefaultsError {
      DefaultsError(
        kind, path: path, detail: "could not \(operation): \(reason)", underlying: code.map { POSIXError($0) }
      )
    }
  }

  /// The file operations of the Linux store, made safe against what a hostile folder holds: a link
  /// where none is expected, a FIFO or device, a file far larger than a suite can be.
  enum SafeFile {
    /// The largest file the library reads: a suite holds settings, not documents.
    static let maximumSize = 64 << 20

    /// The bytes of the regular file at `path` from `offset` on, with the stamp of the file read;
    /// nil when there is none. `followingLinks: false` refuses a link.
    static func read(_ path: String, from offset: Int = 0, followingLinks: Bool = true) throws
      -> (bytes: Data, stamp: FileStamp)?
    {
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
      guard descriptor >= 0 else {
        if errno == ENOENT { return nil }
        throw FileOperationError("open", path)
      }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { throw FileOperationError("inspect", path) }
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw FileOperationError(
          "read", path, reason: "it is not a regular file (a FIFO, a device or a folder)")
      }
      guard info.st_size <= maximumSize else {
        throw FileOperationError(
          "read", path, reason: "it holds \(info.st_size) bytes, more than a suite can (\(maximumSize))")
      }
      var data = Data(count: max(0, Int(info.st_size) - offset))
      var filled = 0
      try data.withUnsafeMutableBytes { buffer in
        while filled < buffer.count {
          let count = pread(
            descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
          if count < 0, errno == EINTR { continue }
          guard count >= 0 else { throw FileOperationError("read", path) }
          if count == 0 { break }
          filled += count
        }
      }
      return (data.prefix(filled), FileStamp(info))
    }

    /// Writes `data` to a file that must not exist yet, with `mode` and the owner that `like` has
    /// (an existing file, else the folder the file goes in), flushed to the disk; a failure
    /// removes it.
    static func create(_ path: String, data: Data, mode: mode_t, ownerOf like: String) throws {
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      guard descriptor >= 0 else { throw FileOperationError("create", path) }
      var failure: FileOperationError?
      data.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count, failure == nil {
          let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
          if count > 0 {
            written += count
          } else if count < 0, errno == EINTR {
            continue
          } else {
            failure = FileOperationError("write", path)
          }
        }
      }
      if failure == nil, fchmod(descriptor, mode) != 0 {
        failure = FileOperationError("set the mode of", path)
      }
      if failure == nil { failure = giveOwner(of: like, to: descriptor, path) }
      if failure == nil, fsync(descriptor) != 0 { failure = FileOperationError("flush", path) }
      if close(descriptor) != 0, failure == nil { failure = FileOperationError("close", path) }
      if let failure {
        unlink(path)
        throw failure
      }
    }

    /// Gives the file open as `descriptor` the owner of `like` when the writer is root, so that a
    /// write as root keeps a user's suite the user's. (Another user cannot give a file away: its
    /// new file is its own, with the mode of the one it replaces.)
    static func giveOwner(of like: String, to descriptor: Int32, _ path: String) -> FileOperationError? {
      var owner = stat()
      guard stat(like, &owner) == 0 else { return nil }
      guard geteuid() == 0 else {
        // NB: a member of the group may keep the file its group's.
        _ = fchown(descriptor, uid_t.max, owner.st_gid)
        return nil
      }
      guard owner.st_uid != 0 || owner.st_gid != getegid() else { return nil }
      guard fchown(descriptor, owner.st_uid, owner.st_gid) == 0 else {
        return FileOperationError("keep the owner of", like)
      }
      return nil
    }

    /// Makes a rename or a new entry in `folder` durable.
    static func flushFolder(_ folder: String) throws {
      let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      defer { if descriptor >= 0 { close(descriptor) } }
      guard descriptor >= 0, fsync(descriptor) == 0 else {
        throw FileOperationError("flush the folder", folder)
      }
    }

    /// The mode of the file at `path`, or `fallback` when there is none.
    static func mode(of path: String, fallback: mode_t = 0o600) -> mode_t {
      var info = stat()
      return stat(path, &info) == 0 ? info.st_mode & 0o7777 : fallback
    }

    /// Creates the folder `path` (mode 0700, owned like its parent) and its parents; an existing
    /// folder is fine, and so is a link to one unless `linkAllowed` is false (the library's hidden
    /// folder, where a planted link would send its files elsewhere).
    static func makeFolder(_ path: String, linkAllowed: Bool = true) throws {
      var info = stat()
      if lstat(path, &info) == 0 {
        if info.st_mode & S_IFMT == S_IFLNK, linkAllowed { _ = stat(path, &info) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
          throw FileOperationError("use the folder", path, reason: "it is not a folder")
        }
        return
      }
      let parent = (path as NSString).deletingLastPathComponent
      if !parent.isEmpty, parent != path { try makeFolder(parent) }
      guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
        throw FileOperationError("create the folder", path)
      }
      let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { throw FileOperationError("open the folder", path) }
      defer { close(descriptor) }
      if let failure = giveOwner(of: parent, to: descriptor, path) { throw failure }
      try flushFolder(parent)
    }

    /// The library's hidden folder beside the suites, which holds their lock files and logs.
    static let hiddenFolderName = ".userdefaultskit"

    /// Where the file at `path` really is: the target of a link (a suite kept in a dotfiles
    /// repository), followed to its end even when that does not exist yet.
    static func resolvingLinks(_ path: String) -> String {
      var path = path
      for _ in 0..<16 {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return path }
        let target = String(decoding: buffer.prefix(count).map(UInt8.init(bitPattern:)), as: UTF8.self)
        path = target.hasPrefix("/") ? target : (path as NSString).deletingLastPathComponent + "/" + target
      }
      return path
    }
  }
#endif
