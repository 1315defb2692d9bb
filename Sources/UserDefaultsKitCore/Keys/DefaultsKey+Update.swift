extension DefaultsKey {
  /// Changes the value atomically: reads the latest stored value, lets `body` change it, and
  /// writes the result once, with no other write to the store in between (for a suite on Linux,
  /// from any process that uses the library). Throws `body`'s error, or the ``DefaultsError``
  /// that kept the value from being stored; either way nothing is written.
  ///
  /// ```swift
  /// let launches = DefaultsKey("launches", default: 0)
  /// try launches.update { $0 += 1 }
  /// ```
  ///
  /// `$property.update { ... }` does the same for a `@Default` property. To change several
  /// settings in one atomic write, use ``DefaultsStore/update(_:)``.
  public func update<R>(_ body: (inout Value) throws -> R) throws -> R {
    try store.update {
      var value = self.value
      let result = try body(&value)
      try set(value)
      return result
    }
  }
}
