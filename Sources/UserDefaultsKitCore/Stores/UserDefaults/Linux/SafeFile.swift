#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

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
          let count = DurableFile.retryingInterrupted {
            pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
          }
          guard count >= 0 else { throw FileOperationError("read", path) }
          if count == 0 { break }
          filled += count
        }
      }
      return (data.prefix(filled), FileStamp(info))
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
      if let failure = DurableFile.giveOwner(of: parent, to: descriptor, path) { throw failure }
      try DurableFile.flushFolder(parent)
    }

    /// The library's hidden folder beside the suites, which holds their lock files and journals.
    static let hiddenFolderName = ".userdefaultskit"

    /// Where the file at `path` really is: the target of a link (a suite kept in a dotfiles
    /// repository), followed to its end even when that does not exist yet.
    static func resolvingLinks(_ path: String) -> String {
      var path = path
      for _ in 0..<16 {
        let target = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX)) { buffer in
          let count = path.withCString { readlink($0, buffer.baseAddress!, buffer.count) }
          return count > 0
            ? String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
            : nil
        }
        guard let target else { return path }
        path = target.hasPrefix("/") ? target : (path as NSString).deletingLastPathComponent + "/" + target
      }
      return path
    }
  }
#endif
