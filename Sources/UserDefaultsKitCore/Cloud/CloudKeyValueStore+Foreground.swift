import Foundation

extension CloudKeyValueStore {
  /// Observes the platform's return-to-foreground notification, by its name, so that the core
  /// depends on Foundation alone (no UIKit, AppKit or WatchKit import); never calls `handler`
  /// where there is none (Linux).
  public func observeForegroundReturns(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      NotificationCenter.defaultsObservation(of: .appReturnsToForeground, object: nil) { _ in handler() }
    #else
      DefaultsObservation {}
    #endif
  }
}

#if canImport(Darwin) || APPLE_API_TYPECHECK
  extension Notification.Name {
    /// What the app's framework posts when the app comes back to the foreground: Apple recommends
    /// calling `synchronize()` "upon returning to the foreground".
    static var appReturnsToForeground: Notification.Name {
      #if os(macOS)
        // AppKit: NSApplication.didBecomeActiveNotification.
        Notification.Name("NSApplicationDidBecomeActiveNotification")
      #elseif os(watchOS)
        // WatchKit: WKApplication.willEnterForegroundNotification (watchOS 7).
        Notification.Name("WKApplicationWillEnterForegroundNotification")
      #else
        // UIKit: UIApplication.willEnterForegroundNotification (iOS, tvOS, visionOS, Mac Catalyst).
        Notification.Name("UIApplicationWillEnterForegroundNotification")
      #endif
    }
  }

  extension NotificationCenter {
    /// Calls `handler` for each `name` notification from `object` posted to the default center,
    /// until the returned observation is cancelled or released.
    static func defaultsObservation(
      of name: Notification.Name, object: AnyObject?, handler: @escaping @Sendable (Notification) -> Void
    ) -> DefaultsObservation {
      let token = UncheckedToken(
        token: NotificationCenter.default.addObserver(
          forName: name, object: object, queue: nil, using: handler))
      return DefaultsObservation { NotificationCenter.default.removeObserver(token.token) }
    }
  }

  /// A notification-center token, which is only handed back to the center.
  private struct UncheckedToken: @unchecked Sendable {
    let token: any NSObjectProtocol
  }
#endif
