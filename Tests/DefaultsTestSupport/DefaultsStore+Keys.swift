import UserDefaultsKitCore

extension DefaultsStore {
  /// Writes `value` under `key` through a key, as an application would.
  public func setValue<Value: DefaultsSerializable>(_ value: Value, forKey key: String) {
    DefaultsKey(DefaultName(key), default: value, store: self, register: false).value = value
  }

  /// Reads `key` through a key, as an application would.
  public func value<Value: DefaultsSerializable>(forKey key: String, default defaultValue: Value) -> Value {
    DefaultsKey(DefaultName(key), default: defaultValue, store: self, register: false).value
  }
}
