import Foundation

/// Everything a ``DefaultsKey`` holds, in one object, so that copying a key costs one retain; and
/// the key's last decoded value, filed under the storage token it was decoded from.
final class DefaultsKeyStorage<Value>: @unchecked Sendable {
  // NB: the cached pair is guarded by `lock`; everything else is immutable.
  let name: DefaultName
  let defaultValue: Value
  let store: any DefaultsStore
  let coding: DefaultsCoding<Value>
  let tokenSource: DefaultsTokenSource
  private var cachedToken: AnyObject?
  private var cachedValue: Value?
  private let lock = NSLock()

  init(name: DefaultName, defaultValue: Value, store: any DefaultsStore, coding: DefaultsCoding<Value>) {
    self.name = name
    self.defaultValue = defaultValue
    self.store = store
    self.coding = coding
    self.tokenSource = store.tokenSource(forKey: name.rawValue)
  }

  func cachedValue(for token: AnyObject) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return cachedToken === token ? cachedValue : nil
  }

  func cache(_ value: Value, for token: AnyObject) {
    lock.lock()
    defer { lock.unlock() }
    cachedToken = token
    cachedValue = value
  }
}
