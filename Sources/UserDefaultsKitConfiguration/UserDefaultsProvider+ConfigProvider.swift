import Configuration
import UserDefaultsKitCore

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
extension UserDefaultsProvider: ConfigProvider {
  public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
    let suiteKey = keyMapping.suiteKey(key)
    return try Snapshot.lookup(suiteKey, store.storedValue(suiteKey), as: type)
  }

  nonisolated(nonsending) public func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws
    -> LookupResult
  {
    try value(forKey: key, type: type)
  }

  /// Yields the key's current value, then each change the store announces (one yield per change:
  /// an announcement that leaves the value as it was yields nothing), until `updatesHandler`
  /// returns or throws, which ends the observations. The key is observed itself and as part of
  /// the suite: on Apple platforms key-value observing cannot watch a key with a `.`, whose
  /// changes by other processes the suite's observation finds (within half a second). Like
  /// swift-configuration's own providers, a consumer slower than the changes gets the newest.
  // NB: `nonisolated(nonsending)`, as swift-configuration declares its requirements (it builds
  // with NonisolatedNonsendingByDefault): the handler runs on the caller's actor.
  nonisolated(nonsending) public func watchValue<Return: ~Copyable>(
    forKey key: AbsoluteConfigKey, type: ConfigType,
    updatesHandler:
      nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>)
      async throws ->
      Return
  ) async throws -> Return {
    let suiteKey = keyMapping.suiteKey(key)
    let (stream, continuation) = AsyncStream<Result<LookupResult, any Error>>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let changes = ChangeFilter<PropertyListValue?>(
      reading: { [store] in store.storedValue(suiteKey) },
      deliver: { continuation.yield(Self.lookup(suiteKey, $0, as: type)) })
    let keyObservation = store.observe(suiteKey) { _ in changes.update() }
    let suiteObservation = store.observeStoredValues { changed in
      if changed.keys.contains(suiteKey) { changes.update() }
    }
    defer {
      keyObservation.cancel()
      suiteObservation?.cancel()
      continuation.finish()
    }
    changes.update()
    return try await updatesHandler(ConfigUpdatesAsyncSequence(stream))
  }

  /// One read of the whole suite, which later writes do not change.
  public func snapshot() -> any ConfigSnapshot {
    Snapshot(providerName: providerName, values: store.storedValues, keyMapping: keyMapping)
  }

  /// Yields a snapshot of the suite, then one after each change of it, until `updatesHandler`
  /// returns or throws, which ends the suite's observation. Changes are those of the suite's file
  /// watch on Linux (where, without inotify, only the first snapshot comes), and of a read of the
  /// suite twice a second on Apple platforms. A consumer slower than the changes gets the newest.
  nonisolated(nonsending) public func watchSnapshot<Return: ~Copyable>(
    updatesHandler:
      nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws
      -> Return
  ) async throws -> Return {
    let (stream, continuation) = AsyncStream<any ConfigSnapshot>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let changes = ChangeFilter<[String: PropertyListValue]>(
      reading: { [store] in store.storedValues },
      deliver: { [providerName, keyMapping] values in
        continuation.yield(Snapshot(providerName: providerName, values: values, keyMapping: keyMapping))
      })
    let observation = store.observeStoredValues { _ in changes.update() }
    defer {
      observation?.cancel()
      continuation.finish()
    }
    changes.update()
    return try await updatesHandler(ConfigUpdatesAsyncSequence(stream))
  }

  /// The lookup of `suiteKey`, which holds `stored`, as `type`.
  static func lookup(_ suiteKey: String, _ stored: PropertyListValue?, as type: ConfigType) -> Result<
    LookupResult, any Error
  > {
    Result { try Snapshot.lookup(suiteKey, stored, as: type) }
  }

  /// The suite's values at one moment.
  struct Snapshot: ConfigSnapshot {
    let providerName: String
    let values: [String: PropertyListValue]
    let keyMapping: KeyMapping

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
      let suiteKey = keyMapping.suiteKey(key)
      return try Self.lookup(suiteKey, values[suiteKey], as: type)
    }

    static func lookup(_ suiteKey: String, _ stored: PropertyListValue?, as type: ConfigType) throws
      -> LookupResult
    {
      guard let stored else { return LookupResult(encodedKey: suiteKey, value: nil) }
      guard let content = ConfigValueMapping.content(of: stored, as: type) else {
        throw DefaultsError(
          .notConvertible, key: suiteKey,
          detail: "holds \(stored.kind), which cannot be read as \(type.rawValue)")
      }
      return LookupResult(encodedKey: suiteKey, value: ConfigValue(content, isSecret: false))
    }
  }
}
