#if canImport(Darwin) || APPLE_API_TYPECHECK
  import Foundation

  /// `NSUbiquitousKeyValueStore` as a ``CloudKeyValueStore``.
  ///
  /// ```swift
  /// let color = CloudDefaultsKey(
  ///   "favoriteColor", local: DefaultsKey("cachedFavoriteColor", default: "green"),
  ///   cloud: UbiquitousCloudStore.shared)
  /// ```
  ///
  /// Returns to the foreground are observed through the platform's notification (the protocol's
  /// default implementation).
  public final class UbiquitousCloudStore: CloudKeyValueStore, @unchecked Sendable {
    // NB: NSUbiquitousKeyValueStore is thread-safe; this class adds no state.
    /// The app's default ubiquitous store.
    public static let shared = UbiquitousCloudStore(NSUbiquitousKeyValueStore.default)

    private let store: NSUbiquitousKeyValueStore

    public init(_ store: NSUbiquitousKeyValueStore) {
      self.store = store
    }

    public func value(forKey key: String) -> PropertyListValue? {
      store.object(forKey: key).flatMap(PropertyListValue.init(foundationObject:))
    }

    public func setValue(_ value: PropertyListValue?, forKey key: String) {
      if let value {
        store.set(value.foundationObject, forKey: key)
      } else {
        store.removeObject(forKey: key)
      }
    }

    public var keyCount: Int? {
      store.dictionaryRepresentation.count
    }

    public func synchronize() -> Bool {
      store.synchronize()
    }

    public func observeExternalChanges(_ handler: @escaping @Sendable (CloudExternalChange) -> Void)
      -> DefaultsObservation
    {
      NotificationCenter.defaultsObservation(
        of: NSUbiquitousKeyValueStore.didChangeExternallyNotification, object: store
      ) { notification in
        handler(Self.change(from: notification.userInfo))
      }
    }

    /// The change a notification describes. Apple's user info holds the reason and the changed
    /// keys each only "when present": without keys, any key may have changed; without a reason,
    /// it is a server change.
    private static func change(from info: [AnyHashable: Any]?) -> CloudExternalChange {
      let reason: CloudChangeReason
      switch info?[NSUbiquitousKeyValueStoreChangeReasonKey] as? Int {
      case NSUbiquitousKeyValueStoreInitialSyncChange: reason = .initialSync
      case NSUbiquitousKeyValueStoreAccountChange: reason = .accountChange
      case NSUbiquitousKeyValueStoreQuotaViolationChange: reason = .quotaViolation
      default: reason = .serverChange
      }
      return CloudExternalChange(
        reason: reason, keys: info?[NSUbiquitousKeyValueStoreChangedKeysKey] as? [String] ?? [])
    }
  }
#endif
