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
/// - When the key is made, and each time the app returns to the foreground, a value in the cloud
///   other than the local one is handled as a server change (``CloudChangePolicies/onServerChange``):
///   Apple announces another device's change only "if your app is running", so one made while the
///   app was closed or in the background is found this way. A key the cloud holds no value for
///   keeps its local value, and a default is never written to the cloud.
/// - When the cloud announces an external change of the key (or of keys it does not name), the
///   policy for its reason decides what happens to the local value. After an initial sync, a value
///   written in this process is written to the cloud again rather than replaced.
/// - Every key object of a cloud store shares one observation of the store, made with the first
///   one, which also calls `synchronize()` once; a quota violation, and an unavailable cloud (no
///   account, no entitlement), are reported to ``DefaultsReports/observe(_:)`` once. The value
///   still works locally.
/// - Nothing that breaks ``CloudLimits`` reaches the cloud store. A key longer than 64 bytes in
///   UTF-8 is reported when the key object is made (``DefaultsWarning/Kind/cloudKeyTooLong``);
///   that object then never calls the cloud store, and its value works locally only. A value too
///   large for the cloud, or a new key in a store that holds the most keys it may, is not written
///   at all: ``set(_:)`` throws why, the ``value`` setter reports it.
public final class CloudDefaultsKey<Value>: @unchecked Sendable {
  // NB: immutable after init.
  /// The key in the cloud store.
  public let cloudKey: DefaultName
  /// The local cache: read, observe and reset it like any key.
  public let local: DefaultsKey<Value>
  /// The cloud store.
  public let cloud: any CloudKeyValueStore
  /// What each kind of external change does.
  public let policies: CloudChangePolicies
  /// The coordinator of `cloud`; nil when `cloudKey` is too long for it, and then nothing calls
  /// the cloud store, as `NSUbiquitousKeyValueStore` would crash the app.
  private let coordinator: CloudStoreCoordinator?

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
    // NB: reported, not thrown: generated properties make their key objects in accessors, and an
    // app should not stop over a setting that can still work locally.
    if CloudLimits.violation(ofKey: cloudKey.rawValue) != nil {
      self.coordinator = nil
      DefaultsWarning.report(
        DefaultsWarning(
          .cloudKeyTooLong, key: cloudKey.rawValue, detail: "\(cloudKey.rawValue.utf8.count) bytes"))
      return
    }
    let coordinator = CloudStoreCoordinator.of(cloud)
    self.coordinator = coordinator
    coordinator.join(self)
    reconcile()
  }

  /// The local value; setting it writes the local key and then the cloud. A failed write (of the
  /// local key, or one the cloud would refuse) writes nothing, and is handled as a failed write of
  /// the local key's ``DefaultsKey/value``; ``set(_:)`` throws it.
  public var value: Value {
    get { local.value }
    set {
      do { try set(newValue) } catch { local.storage.reportFailure(error) }
    }
  }

  /// Stores `newValue` in the local key and sends it to the cloud, or throws why it cannot: the
  /// local key could not store it, or it breaks ``CloudLimits`` (a value too large, a new key in a
  /// full store). Then nothing is written, locally or to the cloud: a value kept only locally
  /// would be replaced by the cloud's older one when the key next compares them (at the next
  /// launch or return to the foreground). Inside an update of the local key's store, the value is
  /// sent at once, before the update stores it.
  ///
  /// With a key too long for the cloud (reported when the key object was made), `newValue` is
  /// stored locally only.
  ///
  /// ```swift
  /// let color = CloudDefaultsKey(
  ///   "favoriteColor", local: DefaultsKey("cachedFavoriteColor", default: "green", store: InMemoryDefaultsStore()),
  ///   cloud: InMemoryCloudStore())
  /// try color.set("blue")
  /// ```
  public func set(_ newValue: Value) throws(DefaultsError) {
    guard let coordinator else { return try local.set(newValue) }
    // NB: a value that does not encode fails the local write, which throws the local key's error.
    let stored = try? local.coding.encode(newValue)
    if let violation = CloudLimits.violation(writing: stored, forKey: cloudKey.rawValue, to: cloud) {
      throw violation
    }
    try local.set(newValue)
    coordinator.noteLocalWrite(of: cloudKey.rawValue)
    cloud.setValue(stored, forKey: cloudKey.rawValue)
  }

  /// Writes the local value to the cloud again; a failure is reported, as no caller waits for it.
  private func rewriteToCloud() {
    let stored: PropertyListValue?
    do {
      stored = try local.coding.encode(local.value)
    } catch {
      DefaultsError.report(
        DefaultsError(.valueNotStorable, key: cloudKey.rawValue, store: "cloud", underlying: error))
      return
    }
    if let violation = CloudLimits.violation(writing: stored, forKey: cloudKey.rawValue, to: cloud) {
      DefaultsError.report(violation)
      return
    }
    cloud.setValue(stored, forKey: cloudKey.rawValue)
  }

  /// Takes `policy`'s value: the cloud's (the default when the cloud has none), the default, or
  /// the local one.
  private func follow(_ policy: CloudChangePolicy) {
    switch policy {
    case .cloudValue:
      if let cloudValue = cloud.value(forKey: cloudKey.rawValue) {
        adopt(cloudValue)
      } else {
        resetLocal()
      }
    case .defaultValue:
      resetLocal()
    case .cachedValue, .ignore:
      break
    }
  }

  /// Removes the local value for a change the cloud announced, which no caller waits for.
  private func resetLocal() {
    do { try local.reset() } catch { local.storage.reportFailure(error) }
  }

  /// Caches a value from the cloud; one that does not decode is reported and not cached.
  private func adopt(_ cloudValue: PropertyListValue) {
    guard let decoded = local.coding.decode(cloudValue) else {
      DefaultsWarning.report(
        DefaultsWarning(
          .undecodableValue, key: cloudKey.rawValue, store: "cloud", detail: "\(Value.self)",
          value: cloudValue))
      return
    }
    local.value = decoded
  }

  /// Whether `cloudValue` is the local value's stored form (as stored, or as encoded now).
  private func isLocalValue(_ cloudValue: PropertyListValue) -> Bool {
    local.store.read(local.name.rawValue) == cloudValue
      || (try? local.coding.encode(local.value)) == cloudValue
  }
}

extension CloudDefaultsKey: CloudSyncedKey {
  var cloudKeyName: String { cloudKey.rawValue }

  var isInStepWithCloud: Bool {
    guard let cloudValue = cloud.value(forKey: cloudKey.rawValue) else { return local.isDefault }
    return isLocalValue(cloudValue)
  }

  func reconcile() {
    guard let cloudValue = cloud.value(forKey: cloudKey.rawValue), !isLocalValue(cloudValue) else { return }
    follow(policies.onServerChange)
  }

  func apply(_ reason: CloudChangeReason, rewritingLocalWrite: Bool) {
    guard let policy = policies.policy(for: reason), policy != .ignore else { return }
    if rewritingLocalWrite {
      rewriteToCloud()
    } else {
      follow(policy)
    }
  }
}

extension CloudDefaultsKey: _DefaultsSlotSetting {
  public func _observeChanges(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    local._observeChanges(handler)
  }
}

/// The cloud store used when none is named.
@usableFromInline
enum CloudStores {
  /// `NSUbiquitousKeyValueStore.default` on Apple platforms; on Linux, which has no iCloud
  /// key-value store, ``InMemoryCloudStore/shared``: values then live only in the local cache.
  @usableFromInline static var platformDefault: any CloudKeyValueStore {
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      UbiquitousCloudStore.shared
    #else
      InMemoryCloudStore.shared
    #endif
  }
}
