/// A setting synced through a cloud key-value store and cached in a local ``DefaultsKey``.
///
/// ```swift
/// let color = CloudDefaultsKey(
///   "favoriteColor", local: DefaultsKey("cachedFavoriteColor", default: "green", store: InMemoryDefaultsStore()),
///   cloud: InMemoryCloudStore(), policies: CloudChangePolicies(onAccountChange: .defaultValue))
/// color.value = "blue"   // cached locally and sent to the cloud
/// ```
///
/// - Reads come from the local key, which observers watch like any other key.
/// - A write goes to the local key and to the cloud, in the local key's stored form.
/// - When the cloud reports an external change of the key, the policy for its reason decides what
///   happens to the local value; a quota violation is reported to ``DefaultsError/observe(_:)``.
/// - While the local key holds its default (a fresh install, or the default chosen here), a value
///   already in the cloud is adopted if the initial-sync policy is `.cloudValue` (the default), as
///   that first sync may have come before the key was made; the default is never written to the
///   cloud.
/// - An unavailable cloud (no account, no entitlement) is reported once; the value still works
///   locally.
public final class CloudDefaultsKey<Value>: @unchecked Sendable {
  // NB: immutable after init; the observation is only held.
  /// The key in the cloud store.
  public let cloudKey: DefaultName
  /// The local cache: read, observe and reset it like any key.
  public let local: DefaultsKey<Value>
  /// The cloud store.
  public let cloud: any CloudKeyValueStore
  /// What each kind of external change does.
  public let policies: CloudChangePolicies
  private var observation: DefaultsObservation?

  /// A key synced under `cloudKey` and cached in `local`, which decides the stored form.
  public init(
    _ cloudKey: DefaultName, local: DefaultsKey<Value>,
    cloud: any CloudKeyValueStore = CloudStores.platformDefault,
    policies: CloudChangePolicies = CloudChangePolicies()
  ) {
    self.cloudKey = cloudKey
    self.local = local
    self.cloud = cloud
    self.policies = policies
    if !cloud.synchronize() {
      DefaultsError.report(.cloudUnavailable(key: cloudKey.rawValue))
    }
    if policies.onInitialSync == .cloudValue, local.isDefault,
      let cloudValue = cloud.value(forKey: cloudKey.rawValue)
    {
      adopt(cloudValue)
    }
    observation = cloud.observeExternalChanges { [weak self] change in self?.handle(change) }
  }

  /// The local value; setting it writes the local key and the cloud.
  public var value: Value {
    get { local.value }
    set {
      local.value = newValue
      do {
        cloud.setValue(try local.coding.encode(newValue), forKey: cloudKey.rawValue)
      } catch {
        DefaultsError.report(.encodingFailed(key: cloudKey.rawValue, store: "cloud", reason: "\(error)"))
      }
    }
  }

  private func handle(_ change: CloudExternalChange) {
    guard change.keys.contains(cloudKey.rawValue) else { return }
    guard let policy = policies.policy(for: change.reason) else {
      DefaultsError.report(.cloudQuotaViolation(key: cloudKey.rawValue))
      return
    }
    switch policy {
    case .cloudValue:
      if let cloudValue = cloud.value(forKey: cloudKey.rawValue) {
        adopt(cloudValue)
      } else {
        local.reset()
      }
    case .defaultValue:
      local.reset()
    case .cachedValue, .ignore:
      break
    }
  }

  /// Caches a value from the cloud; one that does not decode is reported and not cached.
  private func adopt(_ cloudValue: PropertyListValue) {
    guard let decoded = local.coding.decode(cloudValue) else {
      DefaultsError.report(
        .undecodableValue(
          key: cloudKey.rawValue, store: "cloud", expectedType: "\(Value.self)", stored: cloudValue))
      return
    }
    local.value = decoded
  }
}

extension CloudDefaultsKey: _DefaultsSlotSetting {
  public func _observeChanges(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    local._observeChanges(handler)
  }
}

/// The cloud store used when none is named.
public enum CloudStores {
  /// `NSUbiquitousKeyValueStore.default` on Apple platforms; elsewhere, where there is no iCloud
  /// key-value store (Linux, watchOS before 9), ``InMemoryCloudStore/shared``: values then live
  /// only in the local cache.
  public static var platformDefault: any CloudKeyValueStore {
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      if #available(watchOS 9, *) { return UbiquitousCloudStore.shared }
    #endif
    return InMemoryCloudStore.shared
  }
}
