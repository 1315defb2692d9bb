/// A registration that lasts until it is cancelled or released: what observing a key, a store or
/// `DefaultsReports.observe` returns.
///
/// ```swift
/// let observation = volumeKey.observe { print($0) }
/// observation.cancel()
/// ```
public final class DefaultsObservation: Sendable {
  private let onCancel: Locked<(@Sendable () -> Void)?>

  /// An observation that runs `onCancel` once, when it is cancelled or released.
  public init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  /// Stops the observer. Calling it again does nothing.
  public func cancel() {
    let cancel = onCancel.withLock { handler in
      defer { handler = nil }
      return handler
    }
    cancel?()
  }

  deinit {
    cancel()
  }
}
