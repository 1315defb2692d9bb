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

/// Values that any thread may append.
public final class LockedArray<Element>: @unchecked Sendable {
  private var elements: [Element] = []
  private let lock = NSLock()

  public init() {}

  public func append(_ element: Element) {
    lock.withLock { elements.append(element) }
  }

  public var all: [Element] { lock.withLock { elements } }
}
