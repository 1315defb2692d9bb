import Foundation

extension CloudKeyValueStore {
  /// Observes the app's returns to the foreground (``ForegroundReturns``).
  public func observeForegroundReturns(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    ForegroundReturns.observe(handler)
  }
}
