import Foundation
import UserDefaultsKitCore

/// A suite named on the command line, read and written through UserDefaultsKit's store.
struct Suite {
  let name: String
  let folder: SuiteFolder
  let store: UserDefaultsStore

  /// Opens the suite of `folder`. A name the library would misplace, or a file it cannot use (one
  /// that does not parse or that this user cannot read, a FIFO, a journal of a newer version, ...),
  /// ends the command before the suite's store is opened, so before it writes anything, and is said
  /// once, as the command's error.
  init(_ name: String, in folder: SuiteFolder) throws {
    self.name = name
    self.folder = folder
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      _ = try UserDefaultsStore.readStoredValues(ofSuite: name)
      self.store = UserDefaultsStore.suite(name)
    #else
      _ = try UserDefaultsStore.readStoredValues(ofSuite: name, in: folder.url)
      // NB: a suite with a journal is opened journaled, so that writing to it appends to the journal
      // instead of folding it into the file at every write.
      self.store =
        UserDefaultsStore.hasJournal(forSuite: name, in: folder.url)
        ? UserDefaultsStore.journaledSuite(name, in: folder.url)
        : UserDefaultsStore.suite(name, in: folder.url)
    #endif
  }

  /// Opens a suite of `folder` that must exist: reading, deleting or exporting an unknown suite is
  /// a mistake.
  static func existing(_ name: String, in folder: SuiteFolder) throws -> Suite {
    let suite = try Suite(name, in: folder)
    guard suite.exists else {
      let place = suite.store.fileURL.map { "there is no file \($0.path)" } ?? "it holds no value"
      throw ToolError("no suite '\(name)': \(place) (userdefaults list shows the suites)")
    }
    return suite
  }

  /// Whether the suite exists: it has a file or a journal (Linux), or holds a value (Apple
  /// platforms, where cfprefsd owns the files).
  var exists: Bool {
    guard let fileURL = store.fileURL else { return !store.storedValues.isEmpty }
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      return FileManager.default.fileExists(atPath: fileURL.path)
    #else
      return FileManager.default.fileExists(atPath: fileURL.path)
        || UserDefaultsStore.hasJournal(forSuite: name, in: folder.url)
    #endif
  }

  /// What the suite stores, without registered defaults or launch arguments. Read through the
  /// open store, whose lock an update of this command already holds.
  var values: [String: PropertyListValue] { store.storedValues }

  /// The value stored for `key`, which must exist.
  func value(forKey key: String) throws -> PropertyListValue {
    guard let value = values[key] else { throw ToolError("suite '\(name)' has no key '\(key)'") }
    return value
  }

  /// Runs `body` as one atomic update of the suite: all of its writes are stored in one write, or
  /// none when `body` throws or the write fails.
  func update(_ body: () throws -> Void) throws {
    try store.update(body)
  }
}
