/// How Apple platforms watch one key of a suite for changes made outside the library.
enum KeyWatchMethod: Equatable, Sendable {
  /// Key-value observing of the key: changes made by any `UserDefaults` object or process.
  case keyValueObserving
  /// `UserDefaults.didChangeNotification`, after which the key is read again: for keys that
  /// key-value observing would take as a key path (`app.volume` is `app`, then `volume`; `@count`
  /// is an operator) and could raise `NSUnknownKeyException` for, and keys that are not ASCII,
  /// which it does not match. Foundation posts it for changes made in this process only.
  case changeNotification

  init(key: String) {
    let isKeyPath = key.isEmpty || key.contains(".") || key.hasPrefix("@")
    self = isKeyPath || !key.allSatisfy(\.isASCII) ? .changeNotification : .keyValueObserving
  }
}
