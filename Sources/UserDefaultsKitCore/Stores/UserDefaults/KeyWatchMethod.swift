/// How Apple platforms watch one key of a suite for changes made outside the library.
enum KeyWatchMethod: Equatable, Sendable {
  /// Key-value observing of the key: changes made by any `UserDefaults` object or process.
  case keyValueObserving
  /// `UserDefaults.didChangeNotification` of the suite's object, after which the key is read
  /// again: for keys that key-value observing would take as a key path (`app.volume` is `app`, then
  /// `volume`; `@count` is an operator) and could raise `NSUnknownKeyException` for, and keys that
  /// are not ASCII, which it does not match. Foundation posts it for writes through that object in
  /// this process only: other processes' changes of such a key go unheard.
  case changeNotification

  init(key: String) {
    let isKeyPath = key.isEmpty || key.contains(".") || key.hasPrefix("@")
    self = isKeyPath || !key.allSatisfy(\.isASCII) ? .changeNotification : .keyValueObserving
  }

  private static let reported = Locked(Set<String>())

  /// Reports, once per key and store in this process, that `key` is watched by notification: debug
  /// builds on Apple platforms call it when such a key gets its first observer.
  static func reportOnce(key: String, store: String) {
    let isFirst = reported.withLock { $0.insert("\(store)\u{0}\(key)").inserted }
    if isFirst {
      DefaultsWarning.report(DefaultsWarning(.keyNotObservableAcrossProcesses, key: key, store: store))
    }
  }
}
