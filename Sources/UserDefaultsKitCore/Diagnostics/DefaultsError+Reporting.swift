import Foundation

extension DefaultsError {
  private static let handlers = Locked((next: 0, all: [Int: @Sendable (DefaultsError) -> Void]()))

  /// Calls `handler` with every problem the library handles, until the returned observation is
  /// cancelled or released. With no handler, problems are printed to standard error.
  ///
  /// ```swift
  /// let reporting = DefaultsError.observe { error in print("settings: \(error)") }
  /// ```
  public static func observe(_ handler: @escaping @Sendable (DefaultsError) -> Void) -> DefaultsObservation {
    let id = handlers.withLock { handlers in
      defer { handlers.next += 1 }
      handlers.all[handlers.next] = handler
      return handlers.next
    }
    return DefaultsObservation { handlers.withLock { _ = $0.all.removeValue(forKey: id) } }
  }

  /// Reports made while the library holds a lock, for after it is released.
  private static let reports = AnnouncementQueue()

  static func report(_ error: DefaultsError) {
    // NB: error handlers are handlers too: never run under a library lock. Without one, at once:
    // the caller may look for the report as soon as the call that made it returns.
    if LibraryThread.current.holdsLocks {
      reports.post { deliver(error) }
    } else {
      deliver(error)
    }
  }

  private static func deliver(_ error: DefaultsError) {
    let current = handlers.withLock { Array($0.all.values) }
    guard !current.isEmpty else {
      FileHandle.standardError.write(Data("UserDefaultsKit: \(error)\n".utf8))
      return
    }
    for handler in current { handler(error) }
  }

  /// An error thrown by a store while it wrote `key`, as the library throws it: any error but one
  /// of the library's own (a store of yours may throw anything), and a value the store found it
  /// cannot store, becomes ``writeFailed(key:store:reason:)``, which names the key and the store.
  init(writing error: any Error, key: String, store: any DefaultsStore) {
    switch error as? DefaultsError {
    case .unstorableValue(let reason)?: self = .writeFailed(key: key, store: "\(store)", reason: reason)
    case let known?: self = known
    case nil: self = .writeFailed(key: key, store: "\(store)", reason: "\(error)")
    }
  }

  /// Reports an error thrown by a store while it wrote `key`.
  static func report(_ error: any Error, key: String, store: any DefaultsStore) {
    report(DefaultsError(writing: error, key: key, store: store))
  }
}
