extension DefaultsKeyStorage {
  /// The value the first conversion reads from `form`, which does not decode as `Value`, and the
  /// form it was written back as (nil: removed, for an optional converted to nil), only if the
  /// store still held `form`. Nil when no conversion reads it; a conversion that throws is
  /// reported (once per stored value) and the next is tried.
  func migratedValue(from form: PropertyListValue) -> (value: Value, form: PropertyListValue?)? {
    for migration in migrations {
      guard case .conversion(let convert) = migration.kind else { continue }
      let converted: Value?
      do {
        converted = try convert(form)
      } catch {
        StoredValueReports.report(
          DefaultsWarning(.migrationFailed, key: name.rawValue, store: "\(store)", underlying: error),
          key: name.rawValue,
          store: store, problem: "migration: \(error)", stored: form)
        continue
      }
      guard let converted else { continue }
      return (converted, writeBack(converted, over: form))
    }
    return nil
  }

  /// Stores `value` in the current form (removes the key, when that form is nil), in one update
  /// that first checks that the store still holds `form`: a value written meanwhile, here or in
  /// another process, is not overwritten. Returns the form written.
  private func writeBack(_ value: Value, over form: PropertyListValue) -> PropertyListValue? {
    do {
      let current = try coding.encode(value)
      try store.update {
        guard store.storedValue(forKey: name.rawValue) == form else { return }
        if let current {
          try store.write(current, forKey: name.rawValue)
        } else {
          try store.remove(name.rawValue)
        }
      }
      return current
    } catch {
      DefaultsError.report(error, key: name.rawValue, store: store)
      return form
    }
  }
}
