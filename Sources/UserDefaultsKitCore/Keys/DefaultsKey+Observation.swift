extension DefaultsKey where Value: Sendable {
  /// Calls `handler` with the new value after every change of the stored value: through this key,
  /// another key or object over the same store, or (where the store can tell) another process. A
  /// write of an equal value is not a change.
  ///
  /// ```swift
  /// let observation = volumeKey.observe { volume in print("volume is now \(volume)") }
  /// ```
  ///
  /// The handler runs on the thread that made the change, after the change is stored. The value
  /// is decoded once for all the handlers of this key. Observing stops when the returned
  /// observation is cancelled or released.
  public func observe(_ handler: @escaping @Sendable (Value) -> Void) -> DefaultsObservation {
    storage.addObserver(handler)
  }

  /// The key's current value, then its value after every change.
  ///
  /// ```swift
  /// for await volume in volumeKey.values { print(volume) }
  /// ```
  public var values: AsyncStream<Value> {
    AsyncStream { continuation in
      let observation = observe { continuation.yield($0) }
      continuation.yield(value)
      continuation.onTermination = { _ in observation.cancel() }
    }
  }
}

extension DefaultsKey {
  /// Calls `handler` after every change of the stored value, as ``observe(_:)`` does, without the
  /// value: what observing several keys at once (``DefaultsKeys/observe(_:_:)``) is made of. The
  /// observation keeps the key's observers, so a key made for the call is observed too.
  ///
  /// ```swift
  /// let observation = volumeKey.observeChanges { print("volume changed") }
  /// ```
  public func observeChanges(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    let observation = storage.addObserver { _ in handler() }
    return DefaultsObservation { [storage] in
      observation.cancel()
      withExtendedLifetime(storage) {}
    }
  }
}
