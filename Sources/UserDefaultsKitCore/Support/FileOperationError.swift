import Foundation

/// A failed file operation with its real cause: "no space left on device (ENOSPC)", not "the file
/// is not writable".
struct FileOperationError: Error, Equatable, CustomStringConvertible {
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
