#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  /// A key of a suite, compared as CoreFoundation compares the keys of a property list: by its
  /// characters as written. Swift's `String` equality treats "café" spelled with `é` and with
  /// `e` + a combining accent as one key; a suite's file can hold both, and the library keeps both.
  struct SuiteKey: Hashable, Sendable {
    let name: String
    private let hash: Int

    init(_ name: String) {
      self.name = name
      var hasher = Hasher()
      for byte in name.utf8 { hasher.combine(byte) }
      hash = hasher.finalize()
    }

    static func == (lhs: SuiteKey, rhs: SuiteKey) -> Bool {
      lhs.hash == rhs.hash && lhs.name.utf8.elementsEqual(rhs.name.utf8)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }
  }
#endif
