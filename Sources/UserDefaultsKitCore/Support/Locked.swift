import Foundation

/// A value guarded by a lock. `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18.
package final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result, Failure>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
