#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// A suite's lock across processes: an `flock` on `.userdefaultskit/<suite>.plist.lock` beside
  /// the suites, taken after ``ProcessWriteLock`` (`flock` does not exclude threads that share a
  /// descriptor). Writers hold it exclusively, and a write fails when it cannot be had. Readers
  /// hold it shared when the lock file exists, so that they read a suite's file and its journal as one
  /// writer left them; they never create it.
  final class SuiteLock: @unchecked Sendable {
    // NB: guarded by `ProcessWriteLock`.
    private let folder: String
    private let path: String
    private var descriptor: Int32 = -1
    private var depth = 0
    private var exclusive = false

    init(suiteFile: URL) {
      folder = suiteFile.deletingLastPathComponent().path + "/" + SafeFile.hiddenFolderName
      path = folder + "/" + suiteFile.lastPathComponent + ".lock"
    }

    /// Why the exclusive lock could not be taken, while `body` runs without it; a write checks it
    /// and fails with the cause.
    private(set) var failure: FileOperationError?

    /// Runs `body` holding the lock: exclusively, else shared (or not at all when the suite was
    /// never written by the library).
    func withLock<R, Failure>(exclusive wanted: Bool, _ body: () throws(Failure) -> R) throws(Failure) -> R {
      try ProcessWriteLock.shared.withLock { () throws(Failure) in
        try holding(exclusive: wanted, waiting: true, body)!
      }
    }

    /// Runs `body` holding the lock shared, unless a thread of this process or another process
    /// holds it to write now: then nil, at once.
    func withSharedLockIfFree<R>(_ body: () -> R) -> R? {
      ProcessWriteLock.shared.withLockIfFree { holding(exclusive: false, waiting: false, body) } ?? nil
    }

    private func holding<R, Failure>(exclusive wanted: Bool, waiting: Bool, _ body: () throws(Failure) -> R)
      throws(Failure) -> R?
    {
      if depth == 0 || (wanted && !exclusive) {
        do {
          guard try take(exclusive: wanted, waiting: waiting) else { return nil }
        } catch {
          failure = error as? FileOperationError
        }
      }
      depth += 1
      defer {
        depth -= 1
        if depth == 0 { release() }
      }
      return try body()
    }

    private func release() {
      // NB: closed, not kept: an open file keeps its folder, which then cannot be seen to go.
      if descriptor >= 0 { close(descriptor) }
      (descriptor, exclusive, failure) = (-1, false, nil)
    }

    /// Takes the lock; false when it is held and `waiting` is false.
    private func take(exclusive wanted: Bool, waiting: Bool, attempts: Int = 100) throws -> Bool {
      if descriptor < 0 { try open(creating: wanted) }
      guard descriptor >= 0 else { return true }
      let operation = (wanted ? LOCK_EX : LOCK_SH) | (waiting ? 0 : LOCK_NB)
      guard DurableFile.retryingInterrupted({ flock(descriptor, operation) }) == 0 else {
        guard errno != EWOULDBLOCK || waiting else {
          if depth == 0 { release() }
          return false
        }
        throw FileOperationError("lock", path)
      }
      // NB: a lock file removed (with its folder) while this process waited locks nobody out.
      var held = stat()
      if fstat(descriptor, &held) == 0, FileStamp(held).inode != FileStamp(path: path)?.inode, attempts > 0 {
        close(descriptor)
        descriptor = -1
        return try take(exclusive: wanted, waiting: waiting, attempts: attempts - 1)
      }
      exclusive = wanted
      return true
    }

    private func open(creating: Bool) throws {
      if creating {
        try SafeFile.makeFolder(folder, linkAllowed: false)
        descriptor = Glibc.open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0, errno == ENOENT {
          descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
          if descriptor >= 0, let failure = DurableFile.giveOwner(of: folder, to: descriptor, path) {
            close(descriptor)
            descriptor = -1
            throw failure
          }
          // NB: another process made it between the two opens (the first write of a new suite by
          // two processes at once); its file is the lock.
          if descriptor < 0, errno == EEXIST {
            descriptor = Glibc.open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
          }
        }
        guard descriptor >= 0 else { throw FileOperationError("open the lock file", path) }
      } else {
        descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return }
      }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        close(descriptor)
        descriptor = -1
        guard creating else { return }
        throw FileOperationError("open the lock file", path, reason: "it is not a regular file")
      }
    }
  }
#endif
