extension DefaultsKeyStorage {
  /// The value the first conversion reads from `form`, which does not decode as `Value`; it is
  /// written back in the current form, only if the store still holds `form`. Nil when no
  /// conversion reads it; a conversion that throws is reported and the next is tried.
  func migratedValue(from form: PropertyListValue) -> Value? {
    for migration in migrations {
      guard case .conversion(let convert) = migration.kind else { continue }
      let converted: Value?
      do {
        converted = try convert(form)
      } catch {
        DefaultsError.report(.migrationFailed(key: name.rawValue, store: "\(store)", reason: "\(error)"))
        continue
      }
      guard let converted else { continue }
      writeBack(converted, over: form)
      return converted
    }
    return nil
  }

  /// Stores `value` in the current form, in one update that first checks that the store still
  /// holds `form`: a value written meanwhile, here or in another process, is not overwritten.
  private func writeBack(_ value: Value, over form: PropertyListValue) {
    do {
      guard let current = try coding.encode(value) else { return }
      try store.update {
        guard store.storedValue(forKey: name.rawValue) == form else { return }
        try store.write(current, forKey: name.rawValue)
      }
    } catch {
      DefaultsError.report(error, key: name.rawValue, store: store)
    }
  }
}
