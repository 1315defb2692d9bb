/// Produces the storage token of one key (see ``DefaultsStore/storageToken(forKey:)``) with
/// everything the lookup needs prepared in advance, so that a cached read costs one call.
public struct DefaultsTokenSource: Sendable {
  @usableFromInline let produce: @Sendable () -> AnyObject?

  /// A source that calls `produce` for each token.
  public init(_ produce: @escaping @Sendable () -> AnyObject?) {
    self.produce = produce
  }

  /// The current token; nil when the value cannot be cached.
  @inlinable
  public func token() -> AnyObject? { produce() }
}

extension DefaultsStore {
  /// A source that asks ``storageToken(forKey:)`` each time.
  public func tokenSource(forKey key: String) -> DefaultsTokenSource {
    DefaultsTokenSource { [self] in storageToken(forKey: key) }
  }
}
