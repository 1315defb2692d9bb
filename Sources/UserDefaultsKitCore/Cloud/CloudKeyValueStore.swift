/// A key-value store synced through a cloud service: `NSUbiquitousKeyValueStore` on Apple
/// platforms (`UbiquitousCloudStore`), or ``InMemoryCloudStore`` for tests, previews and Linux.
///
/// ```swift
/// let cloud: any CloudKeyValueStore = InMemoryCloudStore()
/// cloud.setValue(.string("green"), forKey: "favoriteColor")
/// ```
///
/// The keys synced through one store share one coordinator, made at the store's first use: it
/// calls ``synchronize()`` then, observes external changes and returns to the foreground once for
/// the whole store, and tells each key object.
public protocol CloudKeyValueStore: AnyObject, Sendable {
  /// The cloud's current value for `key`.
  func value(forKey key: String) -> PropertyListValue?

  /// Sets (or, with nil, removes) the value for `key`; the store uploads it when it can. Synced
  /// keys call it only within ``CloudLimits``.
  func setValue(_ value: PropertyListValue?, forKey key: String)

  /// How many keys the store holds, so that a write of a key it does not hold is refused once it
  /// holds ``CloudLimits/maximumKeyCount``; nil when the store cannot tell (the default
  /// implementation), and then the count is not checked.
  var keyCount: Int? { get }

  /// Exchanges changes with the cloud; false when the store is unavailable (no account, or the
  /// app lacks the iCloud key-value entitlement).
  @discardableResult
  func synchronize() -> Bool

  /// Calls `handler` for every change that arrives from outside this process, until the returned
  /// observation is cancelled or released.
  func observeExternalChanges(_ handler: @escaping @Sendable (CloudExternalChange) -> Void)
    -> DefaultsObservation

  /// Calls `handler` each time the app returns to the foreground, until the returned observation
  /// is cancelled or released: changes made on other devices while the app was in the background
  /// are not announced as external changes, so synced keys compare their values then.
  ///
  /// The default implementation observes the platform's notification
  /// (`UIApplication.willEnterForegroundNotification`, `NSApplication.didBecomeActiveNotification`,
  /// `WKApplication.willEnterForegroundNotification`); where there is none (Linux) it never calls
  /// `handler`. ``InMemoryCloudStore`` calls it from ``InMemoryCloudStore/simulateForegroundReturn()``.
  ///
  /// ```swift
  /// let cloud: any CloudKeyValueStore = InMemoryCloudStore()
  /// let returns = cloud.observeForegroundReturns { print("back in the foreground") }
  /// ```
  func observeForegroundReturns(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation
}

extension CloudKeyValueStore {
  /// Nil: a store that does not say how many keys it holds is not checked against
  /// ``CloudLimits/maximumKeyCount``.
  public var keyCount: Int? { nil }
}

/// A change that reached the cloud store from outside: another device, the first sync, an
/// account switch, or a quota violation.
public struct CloudExternalChange: Sendable, Equatable {
  /// Why the values changed.
  public let reason: CloudChangeReason
  /// The keys whose values changed; empty when the store did not say which (Apple's notification
  /// lists them only "when present").
  public let keys: [String]

  /// A change for `reason` of `keys` (empty: the store did not say which keys).
  public init(reason: CloudChangeReason, keys: [String]) {
    self.reason = reason
    self.keys = keys
  }
}

/// The reasons `NSUbiquitousKeyValueStore` gives for an external change.
public enum CloudChangeReason: Sendable, CaseIterable, Equatable {
  /// Another device changed a value.
  case serverChange
  /// The first download after the app started using the store.
  case initialSync
  /// The user signed in to another account.
  case accountChange
  /// The app stores more than its quota; the cloud rejected values.
  case quotaViolation
}

/// What a cloud-synced property does with an external change: keep what it had, take the cloud's
/// value, go back to its default, or ignore the event. None of them writes to the cloud.
public enum CloudChangePolicy: Sendable, CaseIterable, Equatable {
  /// Reset the local value to the default.
  case defaultValue
  /// Keep the value cached locally, the last one this device saw.
  case cachedValue
  /// Take the cloud's value and cache it locally; the default when the cloud has none.
  case cloudValue
  /// Do nothing.
  case ignore
}

/// One ``CloudChangePolicy`` per reason; a quota violation is always reported and changes nothing.
///
/// ```swift
/// let policies = CloudChangePolicies(
///   onServerChange: .cloudValue, onInitialSync: .cloudValue, onAccountChange: .defaultValue)
/// ```
public struct CloudChangePolicies: Sendable, Equatable {
  /// For a value another device changed, whether the change is announced while the app runs or
  /// found at a key's first use and at each return to the foreground: Apple posts the
  /// notification only "if your app is running when iCloud delivers changes from another device".
  public var onServerChange: CloudChangePolicy
  /// For the first download from the account. A value this process wrote before it is written to
  /// the cloud again instead (unless the policy is `.ignore`): Apple says such a write "was
  /// discarded because an initial download from iCloud has not yet happened".
  public var onInitialSync: CloudChangePolicy
  /// For a switch to another account. The default, `.cloudValue`, takes the new account's value,
  /// or the default where it has none: Apple replaces the previous account's data "with data
  /// from the new account. Use the new data to configure your app."
  public var onAccountChange: CloudChangePolicy

  /// Policies for each reason; by default every change takes the cloud's value.
  public init(
    onServerChange: CloudChangePolicy = .cloudValue, onInitialSync: CloudChangePolicy = .cloudValue,
    onAccountChange: CloudChangePolicy = .cloudValue
  ) {
    self.onServerChange = onServerChange
    self.onInitialSync = onInitialSync
    self.onAccountChange = onAccountChange
  }

  /// The policy for `reason`; nil for a quota violation.
  public func policy(for reason: CloudChangeReason) -> CloudChangePolicy? {
    switch reason {
    case .serverChange: return onServerChange
    case .initialSync: return onInitialSync
    case .accountChange: return onAccountChange
    case .quotaViolation: return nil
    }
  }
}
