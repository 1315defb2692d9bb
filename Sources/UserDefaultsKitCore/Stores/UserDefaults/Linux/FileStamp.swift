#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// What tells that a file changed: its identity, size and change times, read with one `stat`.
  /// A file replaced by a rename has a new inode; one rewritten in place has a new change time.
  struct FileStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    /// The stamp of the file at `path`; nil when there is no file.
    init?(path: String) {
      var info = stat()
      // NB: `withCString`, as passing a `String` copies it to a new array at each call.
      guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
      self.init(info)
    }

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      modified = info.st_mtim
      changed = info.st_ctim
    }

    /// Whether the file changed within one tick of the file system's clock before now (taken as
    /// 20 ms; kernels stamp files from a clock that advances once per timer interrupt).
    var isRecent: Bool {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let elapsed = (now.tv_sec - changed.tv_sec) * 1_000_000_000 + (now.tv_nsec - changed.tv_nsec)
      return elapsed < 20_000_000
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
      lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
        && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
  }
#endif
