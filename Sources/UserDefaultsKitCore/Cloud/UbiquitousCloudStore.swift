#if canImport(Darwin) || APPLE_API_TYPECHECK
  import Foundation

  /// `NSUbiquitousKeyValueStore` as a ``CloudKeyValueStore`` (watchOS 9 and later, like the
  /// store itself).
  ///
  /// ```swift
  /// let color = CloudDefaultsKey<String>("favoriteColor", default: "green", cloud: UbiquitousCloudStore.shared)
  /// ```
  @available(watchOS 9, *)
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

    public func synchronize() -> Bool {
      store.synchronize()
    }

    public func observeExternalChanges(_ handler: @escaping @Sendable (CloudExternalChange) -> Void)
      -> DefaultsObservation
    {
      let token = NotificationCenter.default.addObserver(
        forName: NSUbiquitousKeyValueStore.didChangeExternallyNotification, object: store, queue: nil
      ) { notification in
        let info = notification.userInfo
        let keys = info?[NSUbiquitousKeyValueStoreChangedKeysKey] as? [String] ?? []
        let reason: CloudChangeReason
        switch info?[NSUbiquitousKeyValueStoreChangeReasonKey] as? Int {
        case NSUbiquitousKeyValueStoreInitialSyncChange: reason = .initialSync
        case NSUbiquitousKeyValueStoreAccountChange: reason = .accountChange
        case NSUbiquitousKeyValueStoreQuotaViolationChange: reason = .quotaViolation
        default: reason = .serverChange
        }
        handler(CloudExternalChange(reason: reason, keys: keys))
      }
      let box = UncheckedToken(token)
      return DefaultsObservation { NotificationCenter.default.removeObserver(box.token) }
    }
  }

  /// A notification-center token, which is only handed back to the center.
  private struct UncheckedToken: @unchecked Sendable {
    let token: any NSObjectProtocol
    init(_ token: any NSObjectProtocol) { self.token = token }
  }
#endif
