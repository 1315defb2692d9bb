import Configuration
import Synchronization
import UserDefaultsKitCore

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
extension UserDefaultsProvider: ConfigProvider {
  public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
    try snapshot().value(forKey: key, type: type)
  }

  nonisolated(nonsending) public func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws
    -> LookupResult
  {
    try value(forKey: key, type: type)
  }

  /// Yields the key's current value, then each change the store announces (one yield per change:
  /// an announcement that leaves the value as it was yields nothing), until `updatesHandler`
  /// returns, which ends the key's observation.
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
    let (stream, continuation) = AsyncStream<Result<LookupResult, any Error>>.makeStream()
    let changes = ChangeFilter<PropertyListValue?>(
      reading: { [store] in store.storedValues[suiteKey] },
      deliver: { continuation.yield(Self.lookup(suiteKey, $0, as: type)) })
    let observation = store.observe(suiteKey) { _ in changes.update() }
    changes.update()
    defer {
      observation.cancel()
      continuation.finish()
    }
    return try await updatesHandler(ConfigUpdatesAsyncSequence(stream))
  }

  /// One read of the whole suite, which later writes do not change.
  public func snapshot() -> any ConfigSnapshot {
    Snapshot(providerName: providerName, values: store.storedValues, keyMapping: keyMapping)
  }

  /// Yields a snapshot of the suite, then one after each change of it, until `updatesHandler`
  /// returns, which ends the suite's observation.
  nonisolated(nonsending) public func watchSnapshot<Return: ~Copyable>(
    updatesHandler:
      nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws
      -> Return
  ) async throws -> Return {
    let (stream, continuation) = AsyncStream<any ConfigSnapshot>.makeStream()
    let changes = ChangeFilter<[String: PropertyListValue]>(
      reading: { [store] in store.storedValues },
      deliver: { [providerName, keyMapping] values in
        continuation.yield(Snapshot(providerName: providerName, values: values, keyMapping: keyMapping))
      })
    let observation = store.observeStoredValues { _ in changes.update() }
    changes.update()
    defer {
      observation?.cancel()
      continuation.finish()
    }
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
        throw UserDefaultsProviderError.notConvertible(key: suiteKey, type: type.rawValue, stored: stored)
      }
      return LookupResult(encodedKey: suiteKey, value: ConfigValue(content, isSecret: false))
    }
  }
}

/// Passes on the latest value whenever it differs from the one passed on before: the store
/// announces a change of the suite to every observer of every key, and a watch yields once per
/// change of its own. The value is read under the lock, so that values are passed on in the order
/// they were stored.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
final class ChangeFilter<Value: Equatable & Sendable>: Sendable {
  private let last = Mutex<Value??>(nil)
  private let read: @Sendable () -> Value
  private let deliver: @Sendable (Value) -> Void

  init(reading read: @escaping @Sendable () -> Value, deliver: @escaping @Sendable (Value) -> Void) {
    self.read = read
    self.deliver = deliver
  }

  /// Reads the value, and passes it on if it changed.
  func update() {
    last.withLock { last in
      let value = read()
      guard last != .some(value) else { return }
      last = .some(value)
      deliver(value)
    }
  }
}
