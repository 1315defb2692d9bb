import Foundation

/// Which suite a `UserDefaults` object reads, as far as Apple platforms let the library tell: they
/// offer no way to ask an object for its suite, so the library remembers the objects it made.
enum SuiteIdentity: Hashable, Sendable {
  /// `UserDefaults.standard`.
  case standard
  /// A suite the library made the object for.
  case named(String)
  /// Any other object: the library cannot name its suite, and gives it a store of its own.
  case unnamed(ObjectIdentifier)

  /// The identity of `object`'s suite.
  static func of(_ object: UserDefaults) -> SuiteIdentity {
    if object === UserDefaults.standard { return .standard }
    return MadeUserDefaults.suiteName(of: object).map(SuiteIdentity.named)
      ?? .unnamed(ObjectIdentifier(object))
  }
}

/// The `UserDefaults` objects the library made, with the suite each reads.
enum MadeUserDefaults {
  private struct Entry {
    weak var object: UserDefaults?
    let suiteName: String
  }

  private static let entries = Locked([ObjectIdentifier: Entry]())

  /// Remembers that `object` reads the suite `suiteName`.
  static func record(_ object: UserDefaults, suiteName: String) {
    entries.withLock { entries in
      entries = entries.filter { $0.value.object != nil }
      entries[ObjectIdentifier(object)] = Entry(object: object, suiteName: suiteName)
    }
  }

  /// The suite `object` reads, if the library made it.
  static func suiteName(of object: UserDefaults) -> String? {
    entries.withLock { entries in
      guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
      return entry.suiteName
    }
  }
}
