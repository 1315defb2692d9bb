/// A key-value store synced through a cloud service: `NSUbiquitousKeyValueStore` on Apple
/// platforms (`UbiquitousCloudStore`), or ``InMemoryCloudStore`` for tests, previews and Linux.
///
/// ```swift
/// let cloud: any CloudKeyValueStore = InMemoryCloudStore()
/// cloud.setValue(.string("green"), forKey: "favoriteColor")
/// ```
public protocol CloudKeyValueStore: AnyObject, Sendable {
  /// The cloud's current value for `key`.
  func value(forKey key: String) -> PropertyListValue?

  /// Sets (or, with nil, removes) the value for `key`; the store uploads it when it can.
  func setValue(_ value: PropertyListValue?, forKey key: String)

  /// Exchanges changes with the cloud; false when the store is unavailable (no account, or the
  /// app lacks the iCloud key-value entitlement).
  @discardableResult
  func synchronize() -> Bool

  /// Calls `handler` for every change that arrives from outside this process, until the returned
  /// observation is cancelled or released.
  func observeExternalChanges(_ handler: @escaping @Sendable (CloudExternalChange) -> Void)
    -> DefaultsObservation
}

/// A change that reached the cloud store from outside: another device, the first sync, an
/// account switch, or a quota violation.
public struct CloudExternalChange: Sendable, Equatable {
  /// Why the values changed.
  public let reason: CloudChangeReason
  /// The keys whose values changed.
  public let keys: [String]

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
/// value, go back to its default, or ignore the event.
public enum CloudChangePolicy: Sendable, CaseIterable, Equatable {
  /// Reset the local value to the default.
  case defaultValue
  /// Keep the value cached locally, the last one this device saw.
  case cachedValue
  /// Take the cloud's value and cache it locally.
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
  public var onServerChange: CloudChangePolicy
  public var onInitialSync: CloudChangePolicy
  public var onAccountChange: CloudChangePolicy

  public init(
    onServerChange: CloudChangePolicy = .cloudValue, onInitialSync: CloudChangePolicy = .cloudValue,
    onAccountChange: CloudChangePolicy = .cachedValue
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
