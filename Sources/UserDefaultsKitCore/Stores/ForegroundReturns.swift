import Foundation

/// The app's returns to the foreground: the notification the app's framework posts, observed by
/// its name, so that the core depends on Foundation alone (no UIKit, AppKit or WatchKit import).
/// Changes made while the app was away (another device's, for a cloud key; a widget's or another
/// app's, for a suite of an app group) are not all announced, so synced keys and observed suites
/// compare their values then. No framework posts it on Linux.
enum ForegroundReturns {
  /// Calls `handler` at each return to the foreground, until the returned observation is cancelled
  /// or released.
  static func observe(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    NotificationCenter.defaultsObservation(of: name, object: nil) { _ in handler() }
  }

  /// What the app's framework posts when the app comes back to the foreground: Apple recommends
  /// calling a cloud store's `synchronize()` "upon returning to the foreground".
  static var name: Notification.Name {
    // Not type-checked on Linux: one name per platform, which the Linux build cannot select.
    #if os(macOS)
      // AppKit: NSApplication.didBecomeActiveNotification.
      Notification.Name("NSApplicationDidBecomeActiveNotification")
    // Not type-checked on Linux: one name per platform, which the Linux build cannot select.
    #elseif os(watchOS)
      // WatchKit: WKApplication.willEnterForegroundNotification (watchOS 7).
      Notification.Name("WKApplicationWillEnterForegroundNotification")
    #else
      // UIKit: UIApplication.willEnterForegroundNotification (iOS, tvOS, visionOS, Mac Catalyst);
      // on Linux, what tests post.
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
      token: NotificationCenter.default.addObserver(forName: name, object: object, queue: nil, using: handler)
    )
    return DefaultsObservation { NotificationCenter.default.removeObserver(token.token) }
  }
}

/// A notification-center token, which is only handed back to the center.
private struct UncheckedToken: @unchecked Sendable {
  let token: any NSObjectProtocol
}
