extension DefaultsKey {
  /// Moves what is stored under the first earlier place that holds a value to `name`, unless
  /// `name` holds a value already: written here first, then removed there once it reads back here,
  /// so that a process stopped in between, or a write that fails, loses nothing (the value is then
  /// in both places, and the next move finds `name` taken). In one store, both in one update.
  static func moveStoredValue(
    from places: [(name: DefaultName, store: any DefaultsStore)], to name: DefaultName,
    in store: any DefaultsStore
  ) {
    do {
      let moved = try store.update {
        () -> (place: (name: DefaultName, store: any DefaultsStore), value: PropertyListValue)? in
        guard store.storedValue(forKey: name.rawValue) == nil else { return nil }
        for place in places {
          guard let stored = place.store.storedValue(forKey: place.name.rawValue) else { continue }
          try store.write(stored, forKey: name.rawValue)
          if place.store === store { try store.remove(place.name.rawValue) }
          return (place, stored)
        }
        return nil
      }
      guard let moved, moved.place.store !== store,
        store.storedValue(forKey: name.rawValue) == moved.value
      else { return }
      try moved.place.store.remove(moved.place.name.rawValue)
    } catch {
      DefaultsError.report(error, key: name.rawValue, store: store)
    }
  }
}
