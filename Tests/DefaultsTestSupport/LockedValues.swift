import Foundation
import UserDefaultsKitCore

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

extension DefaultsProblem {
  /// The problem's kind and the key or file it concerns, `cloudKeyTooLong 'color'`: what tests
  /// compare.
  public var summary: String {
    let kind = (self as? DefaultsError)?.kind.name ?? (self as? DefaultsWarning)?.kind.name ?? "\(Self.self)"
    return kind + (key.map { " '\($0)'" } ?? path.map { " \($0)" } ?? "")
  }
}
