import Foundation

/// Files written so that a write that returned is on disk and a crash leaves the old file or the
/// new one, never a torn one: a new file under another name, flushed, renamed over the old one,
/// and its folder flushed. The Linux store writes suites and journals this way, and `userdefaults
/// export` its files.
package enum DurableFile {
  /// Replaces `target` with `data` in one rename of `temporary` (a name in the same folder that
  /// belongs to the writer), with `mode` and the owner that `like` has. A file a killed writer left
  /// under `temporary` is replaced, not reused: another process may have it open. Flush the folder
  /// afterwards (``flushFolder(_:)``), so that the rename lasts.
  package static func replace(
    _ target: String, through temporary: String, with data: Data, mode: mode_t, ownerOf like: String
  ) throws {
    do {
      try create(temporary, data: data, mode: mode, ownerOf: like)
    } catch let failure as FileOperationError where failure.code == .EEXIST {
      unlink(temporary)
      try create(temporary, data: data, mode: mode, ownerOf: like)
    }
    guard rename(temporary, target) == 0 else {
      let failure = FileOperationError("replace", target)
      unlink(temporary)
      throw failure
    }
  }

  /// Writes `data` to a file that must not exist yet, with `mode` and the owner that `like` has
  /// (an existing file, else the folder the file goes in), flushed to the disk; a failure
  /// removes it.
  static func create(_ path: String, data: Data, mode: mode_t, ownerOf like: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw FileOperationError("create", path) }
    var failure: FileOperationError?
    do { try write(data, to: descriptor, at: 0, path) } catch { failure = error as? FileOperationError }
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

  /// Writes all of `data` to the file open as `descriptor`, from `offset` on.
  static func write(_ data: Data, to descriptor: Int32, at offset: Int, _ path: String) throws {
    try data.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        let count = retryingInterrupted {
          pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
        }
        guard count > 0 else { throw FileOperationError("write", path) }
        written += count
      }
    }
  }

  /// Calls `call` again for as long as a signal interrupts it (`EINTR`): the one place that
  /// retries interrupted calls.
  static func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
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
  package static func flushFolder(_ folder: String) throws {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { if descriptor >= 0 { close(descriptor) } }
    guard descriptor >= 0, fsync(descriptor) == 0 else {
      throw FileOperationError("flush the folder", folder)
    }
  }
}
