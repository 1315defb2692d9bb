import Foundation

/// Everything a ``DefaultsKey`` holds, in one object, so that copying a key costs one retain; and
/// the key's last decoded value, filed under the storage token it was decoded from.
///
/// The read path is inlinable, so that a client module specializes it for its value type.
@usableFromInline
final class DefaultsKeyStorage<Value>: @unchecked Sendable {
  // NB: the cached pair is guarded by `lock`; everything else is immutable.
  @usableFromInline let name: DefaultName
  @usableFromInline let defaultValue: Value
  @usableFromInline let store: any DefaultsStore
  @usableFromInline let coding: DefaultsCoding<Value>
  @usableFromInline let tokenSource: DefaultsTokenSource
  @usableFromInline var cachedToken: AnyObject?
  @usableFromInline var cachedValue: Value?
  @usableFromInline let lock = NSLock()

  init(name: DefaultName, defaultValue: Value, store: any DefaultsStore, coding: DefaultsCoding<Value>) {
    self.name = name
    self.defaultValue = defaultValue
    self.store = store
    self.coding = coding
    self.tokenSource = store.tokenSource(forKey: name.rawValue)
  }

  @inlinable
  func cachedValue(for token: AnyObject) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return cachedToken === token ? cachedValue : nil
  }

  @inlinable
  func cache(_ value: Value, for token: AnyObject) {
    lock.lock()
    defer { lock.unlock() }
    cachedToken = token
    cachedValue = value
  }
}
