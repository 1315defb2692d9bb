/// A cloud key-value store that lives in this process: for tests and previews, and the default on
/// platforms without iCloud. It can simulate every kind of external change.
///
/// ```swift
/// let cloud = InMemoryCloudStore()
/// cloud.simulateExternalChange(.serverChange, values: ["favoriteColor": .string("blue")])
/// ```
public final class InMemoryCloudStore: CloudKeyValueStore {
  private struct State {
    var values: [String: PropertyListValue]
    var isAvailable: Bool
    var handlers: [Int: @Sendable (CloudExternalChange) -> Void] = [:]
    var nextHandlerID = 0
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

  /// Makes the store available or unavailable, as signing in or out would.
  public func setAvailable(_ isAvailable: Bool) {
    state.withLock { $0.isAvailable = isAvailable }
  }

  public func value(forKey key: String) -> PropertyListValue? {
    state.withLock { $0.values[key] }
  }

  public func setValue(_ value: PropertyListValue?, forKey key: String) {
    state.withLock { $0.values[key] = value }
  }

  public func synchronize() -> Bool {
    state.withLock { $0.isAvailable }
  }

  public func observeExternalChanges(_ handler: @escaping @Sendable (CloudExternalChange) -> Void)
    -> DefaultsObservation
  {
    let id = state.withLock { state in
      defer { state.nextHandlerID += 1 }
      state.handlers[state.nextHandlerID] = handler
      return state.nextHandlerID
    }
    return DefaultsObservation { [weak self] in
      self?.state.withLock { _ = $0.handlers.removeValue(forKey: id) }
    }
  }

  /// Applies `values` as if they came from the cloud (nil removes a key), then posts an external
  /// change with `reason` for those keys. A quota violation changes no value.
  public func simulateExternalChange(
    _ reason: CloudChangeReason, values: [String: PropertyListValue?] = [:]
  ) {
    let handlers = state.withLock { state in
      if reason != .quotaViolation {
        for (key, value) in values { state.values[key] = value }
      }
      return Array(state.handlers.values)
    }
    let change = CloudExternalChange(reason: reason, keys: values.keys.sorted())
    for handler in handlers { handler(change) }
  }
}
