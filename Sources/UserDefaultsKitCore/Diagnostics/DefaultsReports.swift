import Foundation

/// A problem the library reports: a ``DefaultsError`` that no caller could be thrown (a property's
/// setter failed outside an update), or a ``DefaultsWarning``, a condition it handled on its own.
public protocol DefaultsProblem: Sendable, CustomStringConvertible {
  /// The key it concerns, if one.
  var key: String? { get }
  /// The store it concerns, as it describes itself, if one.
  var store: String? { get }
  /// The file it concerns (Linux), if one.
  var path: String? { get }
  /// What the kind and the names leave to say, in words.
  var detail: String? { get }
  /// The error underneath, kept as a value, if one.
  var underlying: (any Error)? { get }
}

extension DefaultsError: DefaultsProblem {}
extension DefaultsWarning: DefaultsProblem {}

extension DefaultsProblem {
  /// Whether `other` names the same key, store and file, says the same, and has an underlying
  /// error of the same type that describes alike: what an error's or a warning's `==` compares
  /// besides its kind.
  func hasSameNamesAndCause(as other: Self) -> Bool {
    key == other.key && store == other.store && path == other.path && detail == other.detail
      && underlying.map { "\(type(of: $0)): \($0)" } == other.underlying.map { "\(type(of: $0)): \($0)" }
  }
}

/// Where the library reports the problems it cannot throw: each one once, to every handler; with
/// none, to standard error.
public enum DefaultsReports {
  private static let handlers = Locked((next: 0, all: [Int: @Sendable (any DefaultsProblem) -> Void]()))
  /// Reports made while the library holds a lock, for after it is released.
  private static let queue = AnnouncementQueue()

  /// Calls `handler` with every problem the library reports, until the returned observation is
  /// cancelled or released.
  ///
  /// ```swift
  /// let reporting = DefaultsReports.observe { problem in print("settings: \(problem)") }
  /// ```
  public static func observe(_ handler: @escaping @Sendable (any DefaultsProblem) -> Void)
    -> DefaultsObservation
  {
    let id = handlers.withLock { handlers in
      defer { handlers.next += 1 }
      handlers.all[handlers.next] = handler
      return handlers.next
    }
    return DefaultsObservation { handlers.withLock { _ = $0.all.removeValue(forKey: id) } }
  }

  static func report(_ problem: any DefaultsProblem) {
    // NB: handlers are handlers too: never run under a library lock. Without one, at once: the
    // caller may look for the report as soon as the call that made it returns.
    if LibraryThread.current.holdsLocks {
      queue.post { deliver(problem) }
    } else {
      deliver(problem)
    }
  }

  private static func deliver(_ problem: any DefaultsProblem) {
    let current = handlers.withLock { Array($0.all.values) }
    guard !current.isEmpty else {
      FileHandle.standardError.write(Data("UserDefaultsKit: \(problem)\n".utf8))
      return
    }
    for handler in current { handler(problem) }
  }
}

extension DefaultsError {
  /// Reports the error to ``DefaultsReports/observe(_:)``.
  static func report(_ error: DefaultsError) {
    DefaultsReports.report(error)
  }

  /// An error thrown by a store while it wrote `key`, as the library throws it: one of the
  /// library's own keeps its kind, with the key and store named; any other (a store of yours may
  /// throw anything) is the ``underlying`` error of a ``Kind/writeFailed`` error.
  init(writing error: any Error, key: String, store: any DefaultsStore) {
    self.init(writing: error, keys: [key], store: store)
  }

  /// An error thrown by a store while it wrote `keys` in one write: the key is named when there is
  /// one; several are listed in the detail.
  init(writing error: any Error, keys: some Collection<String>, store: any DefaultsStore) {
    let key = keys.count == 1 ? keys.first : nil
    let listed = keys.count > 1 ? "writing \(keys.sorted().joined(separator: ", "))" : nil
    guard let known = error as? DefaultsError else {
      self.init(.writeFailed, key: key, store: "\(store)", detail: listed, underlying: error)
      return
    }
    self.init(
      known.kind, key: known.key ?? key, store: known.store ?? "\(store)", path: known.path,
      detail: known.detail ?? listed, underlying: known.underlying)
  }

  /// Reports an error thrown by a store while it wrote `key`.
  static func report(_ error: any Error, key: String, store: any DefaultsStore) {
    report(DefaultsError(writing: error, key: key, store: store))
  }
}

extension DefaultsWarning {
  /// Reports the warning to ``DefaultsReports/observe(_:)``.
  package static func report(_ warning: DefaultsWarning) {
    DefaultsReports.report(warning)
  }
}
