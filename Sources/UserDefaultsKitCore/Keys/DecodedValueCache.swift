import Foundation

/// The last decoded value of one key, filed under the storage token it was decoded from.
final class DecodedValueCache<Value>: @unchecked Sendable {
  // NB: guarded by `lock`; values are handed out as copies of what the key decoded.
  private var token: AnyObject?
  private var value: Value?
  private let lock = NSLock()

  func value(for token: AnyObject) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return self.token === token ? value : nil
  }

  func store(_ value: Value, for token: AnyObject) {
    lock.lock()
    defer { lock.unlock() }
    self.token = token
    self.value = value
  }
}
