extension DefaultsKey {
  /// Runs the key's migrations now: moves a value from an earlier place (`previously:` names and
  /// ``DefaultsMigration/moved(from:in:)``) and converts a value stored in an older form, writing
  /// it back in the current one. Throws why a write failed; what was written before it stays.
  ///
  /// ```swift
  /// let largeText = DefaultsKey(
  ///   "largeText", default: false, store: UserDefaultsStore.suite("group.com.example.app"),
  ///   migrations: [.moved(from: "fontSize", in: UserDefaultsStore.standard), .from(Int.self) { $0 > 16 }])
  /// try largeText.migrate()   // at launch, before a widget reads the app group's suite
  /// ```
  ///
  /// Without this call a move runs when the key is made, and a conversion at the first read of
  /// the older form, so another process that reads the store (a widget, which does not declare the
  /// key's migrations) may find nothing, or the older form, until then. On Linux each write is
  /// durable when this returns. A key whose migrations are done writes nothing.
  public func migrate() throws(DefaultsError) {
    try storage.moveStoredValue()
    try storage.migrateStoredValue()
  }
}
