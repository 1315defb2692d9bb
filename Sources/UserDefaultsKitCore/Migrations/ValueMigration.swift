extension DefaultsKeyStorage {
  /// The value the first conversion reads from `form`, which does not decode as `Value`, and the
  /// form it was written back as (nil: removed, for an optional converted to nil), only if the
  /// store still held `form`. Nil when no conversion reads it; a conversion that throws is
  /// reported (once per stored value) and the next is tried; a write back that fails is reported.
  func migratedValue(from form: PropertyListValue) -> (value: Value, form: PropertyListValue?)? {
    guard let converted = convertedValue(from: form) else { return nil }
    do {
      return (converted, try writeBack(converted, over: form))
    } catch {
      DefaultsError.report(error)
      return (converted, form)
    }
  }

  /// What the first read of a stored value in an older form does, now: converts it and writes it
  /// back, or throws why it could not be written.
  func migrateStoredValue() throws(DefaultsError) {
    guard let form = store.read(name.rawValue), coding.decode(form) == nil,
      let converted = convertedValue(from: form)
    else { return }
    _ = try writeBack(converted, over: form)
  }

  /// The value the first conversion reads from `form`.
  private func convertedValue(from form: PropertyListValue) -> Value? {
    for migration in migrations {
      guard case .conversion(let convert) = migration.kind else { continue }
      do {
        if let converted = try convert(form) { return converted }
      } catch {
        StoredValueReports.report(
          DefaultsWarning(.migrationFailed, key: name.rawValue, store: "\(store)", underlying: error),
          key: name.rawValue,
          store: store, problem: "migration: \(error)", stored: form)
      }
    }
    return nil
  }

  /// Stores `value` in the current form (removes the key, when that form is nil), in one update
  /// that first checks that the store still holds `form`: a value written meanwhile, here or in
  /// another process, is not overwritten. Returns the form written.
  private func writeBack(
    _ value: Value, over form: PropertyListValue
  ) throws(DefaultsError) -> PropertyListValue? {
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
      throw DefaultsError(writing: error, key: name.rawValue, store: store)
    }
  }
}
