import Foundation
import UserDefaultsKitCore

/// A suite named on the command line, read and written through UserDefaultsKit's store.
struct Suite {
  let name: String
  let store: UserDefaultsStore

  /// Opens the suite. A name the library would misplace, a corrupt file (which the library moves
  /// aside) and the other problems it reports while opening the suite end the command.
  init(_ name: String) throws {
    LibraryReports.start()
    self.name = name
    #if canImport(Darwin)
      self.store = UserDefaultsStore.suite(name)
    #else
      // NB: a suite with a log is opened journaled, so that watching it, or writing to it, leaves
      // the log to its writers instead of folding it into the file at every change.
      self.store =
        UserDefaultsStore.hasJournal(forSuite: name)
        ? UserDefaultsStore.journaledSuite(name) : UserDefaultsStore.suite(name)
    #endif
    if let fileURL = store.fileURL, Self.isUnparsable(fileURL) {
      // NB: opening a suite checks its file only for what a crashed writer leaves (it is empty or
      // cut short); Foundation reads any other file that does not parse as an empty suite, and the
      // library moves it aside at the next write. Checking now has the library do so before the
      // command reads an empty suite or writes over it.
      store.checkForExternalChanges()
    }
    try LibraryReports.check()
  }

  /// Whether the file exists and does not parse as a property list; one that cannot be read is
  /// left to the library, which reports why when it writes.
  private static func isUnparsable(_ fileURL: URL) -> Bool {
    guard let data = try? Data(contentsOf: fileURL) else { return false }
    return (try? PropertyListSerialization.propertyList(from: data, format: nil)) == nil
  }

  /// Opens a suite that must exist: reading, deleting or exporting an unknown suite is a mistake.
  static func existing(_ name: String) throws -> Suite {
    let suite = try Suite(name)
    guard suite.exists else {
      let place = suite.store.fileURL.map { "there is no file \($0.path)" } ?? "it holds no value"
      throw ToolError("no suite '\(name)': \(place) (userdefaults list shows the suites)")
    }
    return suite
  }

  /// Whether the suite exists: it has a file or a log of changes (Linux), or holds a value (Apple
  /// platforms, where cfprefsd owns the files).
  var exists: Bool {
    guard let fileURL = store.fileURL else { return !values.isEmpty }
    #if canImport(Darwin)
      return FileManager.default.fileExists(atPath: fileURL.path)
    #else
      return FileManager.default.fileExists(atPath: fileURL.path)
        || UserDefaultsStore.hasJournal(forSuite: name)
    #endif
  }

  /// What the suite stores, without registered defaults or launch arguments.
  var values: [String: PropertyListValue] {
    store.storedValues
  }

  /// The value stored for `key`, which must exist.
  func value(forKey key: String) throws -> PropertyListValue {
    guard let value = values[key] else { throw ToolError("suite '\(name)' has no key '\(key)'") }
    return value
  }

  /// Runs `body` as one atomic update of the suite: all of its writes are stored in one write, or
  /// none when `body` throws or the write fails.
  func update(_ body: () throws -> Void) throws {
    try store.update(body)
    try LibraryReports.check()
  }
}
