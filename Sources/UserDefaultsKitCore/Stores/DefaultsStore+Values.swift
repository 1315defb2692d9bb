extension DefaultsStore {
  /// The value stored for `key`, decoded with `coding`, or `defaultValue` when nothing is stored
  /// or the stored value does not decode (which is reported to ``DefaultsErrors`` and left
  /// untouched).
  ///
  /// Decoded values are cached until the stored value changes, however it changes.
  ///
  /// ```swift
  /// let volume = store.value(forKey: "volume", default: 0.5, coding: .serializable)
  /// ```
  public func value<Value>(
    forKey key: String, default defaultValue: @autoclosure () -> Value, coding: DefaultsCoding<Value>
  ) -> Value {
    let token = storageToken(forKey: key)
    if let token, let cached = channel.cachedValue(forKey: key, token: token, as: Value.self) {
      return cached
    }
    let value = decodedValue(forKey: key, default: defaultValue(), coding: coding)
    // NB: the token was taken before the read, so a concurrent write can only make the cached
    // pair older than the token it is filed under; the next read then decodes again.
    if let token { channel.cache(value, forKey: key, token: token) }
    return value
  }

  /// Reads and decodes without any cache; a value that does not decode is reported.
  @usableFromInline
  func decodedValue<Value>(
    forKey key: String, default defaultValue: @autoclosure () -> Value, coding: DefaultsCoding<Value>
  ) -> Value {
    guard let stored = read(key) else { return defaultValue() }
    if let decoded = coding.decode(stored) { return decoded }
    DefaultsErrors.report(
      .undecodableValue(key: key, store: storeIdentifier, expectedType: "\(Value.self)", stored: stored))
    return defaultValue()
  }

  /// Stores `value` for `key`, encoded with `coding`; a value that encodes to nothing (an
  /// optional's `nil`) removes the key. Observers are told unless the stored form is unchanged.
  /// A value that cannot be encoded is reported to ``DefaultsErrors`` and nothing is written.
  ///
  /// ```swift
  /// store.setValue(0.8, forKey: "volume", coding: .serializable)
  /// ```
  public func setValue<Value>(_ value: Value, forKey key: String, coding: DefaultsCoding<Value>) {
    let encoded: PropertyListValue?
    do {
      encoded = try coding.encode(value)
    } catch {
      DefaultsErrors.report(
        .encodingFailed(key: key, store: storeIdentifier, reason: "\(Value.self): \(error)"))
      return
    }
    channel.serializingChanges {
      // NB: only observers care whether the value changed, and the read costs O(keys) on Linux
      // right after another write.
      let observed = channel.hasObservers(of: key)
      let previous = observed ? read(key) : nil
      do {
        if let encoded { try write(encoded, forKey: key) } else { try remove(key) }
      } catch let error as DefaultsError {
        DefaultsErrors.report(error)
      } catch {
        DefaultsErrors.report(.writeFailed(key: key, store: storeIdentifier, reason: "\(error)"))
      }
      if !observed || previous != encoded { channel.announceChange(of: key, to: encoded) }
    }
  }

  /// Removes the value for `key` and tells its observers.
  public func removeValue(forKey key: String) {
    channel.serializingChanges {
      let hadValue = read(key) != nil
      do {
        try remove(key)
      } catch let error as DefaultsError {
        DefaultsErrors.report(error)
      } catch {
        DefaultsErrors.report(.writeFailed(key: key, store: storeIdentifier, reason: "\(error)"))
      }
      if hadValue { channel.announceChange(of: key, to: read(key)) }
    }
  }
}
