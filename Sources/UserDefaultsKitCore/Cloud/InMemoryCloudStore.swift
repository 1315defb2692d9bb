/// A cloud key-value store that lives in this process: for tests and previews, and the default on
/// platforms without iCloud. It can simulate every kind of external change, and a return to the
/// foreground. It keeps to ``CloudLimits`` as iCloud does: a write that breaks them is refused,
/// listed in ``refusedWrites`` and reported.
///
/// ```swift
/// let cloud = InMemoryCloudStore()
/// cloud.simulateExternalChange(.serverChange, values: ["favoriteColor": .string("blue")])
/// ```
public final class InMemoryCloudStore: CloudKeyValueStore {
  private struct State {
    var values: [String: PropertyListValue]
    var isAvailable: Bool
    var changeHandlers: [Int: @Sendable (CloudExternalChange) -> Void] = [:]
    var foregroundHandlers: [Int: @Sendable () -> Void] = [:]
    var nextHandlerID = 0
    var refusedWrites: [DefaultsError] = []
  }

  private let state: Locked<State>

  /// The store used where no other is named and the platform has no iCloud.
  public static let shared = InMemoryCloudStore()

  /// A store holding `values`; `isAvailable: false` behaves like a missing account or entitlement.
  public init(values: [String: PropertyListValue] = [:], isAvailable: Bool = true) {
    self.state = Locked(State(values: values, isAvailable: isAvailable))
  }

  /// The values the cloud holds.
  public var storedValues: [String: PropertyListValue] { state.withLock { $0.values } }

  /// Why each write that broke ``CloudLimits`` was refused, in order: a synced key never sends
  /// one, so tests expect none.
  public var refusedWrites: [DefaultsError] { state.withLock { $0.refusedWrites } }

  public var keyCount: Int? { state.withLock { $0.values.count } }

  /// Makes the store available or unavailable, as signing in or out would.
  public func setAvailable(_ isAvailable: Bool) {
    state.withLock { $0.isAvailable = isAvailable }
  }

  public func value(forKey key: String) -> PropertyListValue? {
    state.withLock { $0.values[key] }
  }

  /// Sets (or, with nil, removes) the value for `key`, or, if that breaks ``CloudLimits``, refuses
  /// it: `NSUbiquitousKeyValueStore` would crash for a long key and reject the rest, so the write
  /// changes nothing, is listed in ``refusedWrites`` and is reported.
  public func setValue(_ value: PropertyListValue?, forKey key: String) {
    let refusal: DefaultsError? = state.withLock { state in
      if let violation = CloudLimits.violation(
        writing: value, forKey: key, holdsKey: { state.values[key] != nil }, keyCount: { state.values.count })
      {
        state.refusedWrites.append(violation)
        return violation
      }
      state.values[key] = value
      return nil
    }
    if let refusal { DefaultsError.report(refusal) }
  }

  public func synchronize() -> Bool {
    state.withLock { $0.isAvailable }
  }

  public func observeExternalChanges(_ handler: @escaping @Sendable (CloudExternalChange) -> Void)
    -> DefaultsObservation
  {
    add(handler, to: \.changeHandlers)
  }

  /// Calls `handler` at each ``simulateForegroundReturn()``; the app's real returns to the
  /// foreground are not observed, as nothing changes this store while the app is away.
  public func observeForegroundReturns(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    add(handler, to: \.foregroundHandlers)
  }

  /// Keeps `handler` in `handlers` until the returned observation ends.
  private func add<Handler>(
    _ handler: Handler, to handlers: WritableKeyPath<State, [Int: Handler]> & Sendable
  ) -> DefaultsObservation {
    let id = state.withLock { state in
      defer { state.nextHandlerID += 1 }
      state[keyPath: handlers][state.nextHandlerID] = handler
      return state.nextHandlerID
    }
    return DefaultsObservation { [weak self] in
      self?.state.withLock { _ = $0[keyPath: handlers].removeValue(forKey: id) }
    }
  }

  /// Applies `values` as if they came from the cloud (nil removes a key), then posts an external
  /// change with `reason` for those keys. A quota violation changes no value.
  ///
  /// - Parameters:
  ///   - reason: Why the values changed.
  ///   - values: The cloud's new values (nil removes a key).
  ///   - listsKeys: Whether the change names the keys in `values`; Apple's notification names them
  ///     only "when present", so pass false to simulate a change that names none.
  public func simulateExternalChange(
    _ reason: CloudChangeReason, values: [String: PropertyListValue?] = [:], listsKeys: Bool = true
  ) {
    let handlers = state.withLock { state in
      if reason != .quotaViolation {
        for (key, value) in values { state.values[key] = value }
      }
      return Array(state.changeHandlers.values)
    }
    let change = CloudExternalChange(reason: reason, keys: listsKeys ? values.keys.sorted() : [])
    for handler in handlers { handler(change) }
  }

  /// Behaves as if the app came back to the foreground, after other devices may have changed
  /// values (set them with ``setValue(_:forKey:)`` first): cloud-synced keys compare their
  /// values with the cloud's.
  ///
  /// ```swift
  /// let cloud = InMemoryCloudStore()
  /// cloud.setValue(.string("blue"), forKey: "favoriteColor")  // changed on another device
  /// cloud.simulateForegroundReturn()
  /// ```
  public func simulateForegroundReturn() {
    let handlers = state.withLock { Array($0.foregroundHandlers.values) }
    for handler in handlers { handler() }
  }
}
