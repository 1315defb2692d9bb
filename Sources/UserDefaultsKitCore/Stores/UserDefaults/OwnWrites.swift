/// The library's writes in progress on the current thread, by the store that makes them.
///
/// On Apple platforms key-value observing reports a change from inside `UserDefaults.set`, on the
/// writing thread; the store that writes announces its write itself, so it ignores that report.
/// Other stores of the same suite (another `UserDefaults` object) do not, and hear the write.
enum OwnWrites {
  @TaskLocal private static var writers: Set<ObjectIdentifier> = []

  /// Runs `body`, a write by `writer`.
  static func perform<R>(by writer: AnyObject, _ body: () throws -> R) rethrows -> R {
    try $writers.withValue(writers.union([ObjectIdentifier(writer)]), operation: body)
  }

  /// Whether `writer` is writing on this thread.
  static func inProgress(by writer: AnyObject) -> Bool {
    writers.contains(ObjectIdentifier(writer))
  }
}
