import Foundation

/// A count that any thread may increment.
public final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  public init() {}

  public func increment() {
    lock.withLock { value += 1 }
  }

  public var count: Int { lock.withLock { value } }
}
