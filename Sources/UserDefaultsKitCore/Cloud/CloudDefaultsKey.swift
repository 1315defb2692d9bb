/// A setting synced through a cloud key-value store and cached in a local ``DefaultsStore``.
///
/// ```swift
/// let color = CloudDefaultsKey<String>(
///   "favoriteColor", localKey: "cachedFavoriteColor", default: "green",
///   cloud: UbiquitousCloudStore.shared,
///   policies: CloudChangePolicies(onAccountChange: .defaultValue))
/// color.value = "blue"   // cached locally and sent to the cloud
/// ```
///
/// - Reads come from the local cache, which observers watch like any other key.
/// - A write goes to the cache and to the cloud.
/// - When the cloud reports an external change of the key, the policy for its reason decides what
///   happens to the cached value; a quota violation is reported to ``DefaultsErrors``.
/// - On a fresh install (nothing cached yet) a value already in the cloud is adopted, and the
///   default is never written to the cloud.
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

  /// A synced key with an explicit coding.
  public init(
    _ cloudKey: DefaultName, localKey: DefaultName? = nil, default defaultValue: Value,
    store: any DefaultsStore = UserDefaultsStore.standard, cloud: any CloudKeyValueStore,
    coding: DefaultsCoding<Value>, policies: CloudChangePolicies = CloudChangePolicies()
  ) {
    let localName = localKey ?? cloudKey
    let isFreshInstall = store.storageToken(forKey: localName.rawValue) == nil
    self.cloudKey = cloudKey
    self.local = DefaultsKey(localName, default: defaultValue, store: store, coding: coding)
    self.cloud = cloud
    self.policies = policies
    if !cloud.synchronize() {
      DefaultsErrors.report(.cloudUnavailable(key: cloudKey.rawValue))
    }
    if isFreshInstall, let cloudValue = cloud.value(forKey: cloudKey.rawValue) {
      adopt(cloudValue)
    }
    observation = cloud.observeExternalChanges { [weak self] change in self?.handle(change) }
  }

  /// The cached value; setting it writes the cache and the cloud.
  public var value: Value {
    get { local.value }
    set {
      local.value = newValue
      do {
        cloud.setValue(try local.coding.encode(newValue), forKey: cloudKey.rawValue)
      } catch {
        DefaultsErrors.report(
          .encodingFailed(key: cloudKey.rawValue, store: "cloud", reason: "\(error)"))
      }
    }
  }

  private func handle(_ change: CloudExternalChange) {
    guard change.keys.contains(cloudKey.rawValue) else { return }
    guard let policy = policies.policy(for: change.reason) else {
      DefaultsErrors.report(.cloudQuotaViolation(key: cloudKey.rawValue))
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
      DefaultsErrors.report(
        .undecodableValue(
          key: cloudKey.rawValue, store: "cloud", expectedType: "\(Value.self)", stored: cloudValue))
      return
    }
    local.value = decoded
  }
}

extension CloudDefaultsKey where Value: DefaultsSerializable {
  /// A synced key for a storable type.
  public convenience init(
    _ cloudKey: DefaultName, localKey: DefaultName? = nil, default defaultValue: Value,
    store: any DefaultsStore = UserDefaultsStore.standard,
    cloud: any CloudKeyValueStore = CloudStores.platformDefault,
    policies: CloudChangePolicies = CloudChangePolicies()
  ) {
    self.init(
      cloudKey, localKey: localKey, default: defaultValue, store: store, cloud: cloud,
      coding: .serializable, policies: policies)
  }
}

/// The cloud store used when none is named.
public enum CloudStores {
  /// `NSUbiquitousKeyValueStore.default` on Apple platforms; elsewhere, where there is no iCloud,
  /// ``InMemoryCloudStore/shared`` (values then live only in the local cache).
  public static var platformDefault: any CloudKeyValueStore {
    #if canImport(Darwin)
      UbiquitousCloudStore.shared
    #else
      InMemoryCloudStore.shared
    #endif
  }
}
