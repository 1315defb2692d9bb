extension DefaultsKeyStorage {
  /// Moves what is stored at the first earlier place that holds a value to the key, unless the key
  /// holds a value already: written here first, then removed there, only if it still holds the
  /// value moved and the value reads back here. A process stopped in between, or a write that
  /// fails, leaves the value in both places, never in neither; the next move finds the key taken.
  /// In one store, both in one update. Earlier places are first looked at with plain reads, so a
  /// key whose move is done costs what a read does.
  func moveStoredValue() throws(DefaultsError) {
    // NB: the source is read before the destination's lock is taken, so that two processes
    // moving between two suites in opposite directions never wait for each other.
    let candidates = earlierPlaces.filter { $0.store.read($0.name.rawValue) != nil }
    guard
      let (place, value) = candidates.lazy.compactMap({ place in
        place.store.storedValue(forKey: place.name.rawValue).map { (place, $0) }
      }).first
    else { return }
    do {
      let sameStore = place.store === store
      let moved = try store.update { () -> Bool in
        guard store.storedValue(forKey: name.rawValue) == nil else { return false }
        if sameStore, store.storedValue(forKey: place.name.rawValue) != value { return false }
        try store.write(value, forKey: name.rawValue)
        if sameStore { try store.remove(place.name.rawValue) }
        return true
      }
      guard moved, !sameStore, store.storedValue(forKey: name.rawValue) == value else { return }
      try place.store.update {
        if place.store.storedValue(forKey: place.name.rawValue) == value {
          try place.store.remove(place.name.rawValue)
        }
      }
    } catch {
      throw DefaultsError(writing: error, key: name.rawValue, store: store)
    }
  }
}
