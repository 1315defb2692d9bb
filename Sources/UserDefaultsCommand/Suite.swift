import Foundation
import UserDefaultsKitCore

/// A suite named on the command line, read and written through UserDefaultsKit's store: a suite
/// file's, or a database's.
struct Suite {
  let name: String
  let store: any ListableDefaultsStore
  /// The store of a suite file, for what only a file has (its path and mode, its removal); nil for
  /// a database's suite.
  let fileStore: UserDefaultsStore?
  private let folder: SuiteFolder?

  /// Opens the suite of `place`. A name the library would misplace, or a file it cannot use (one
  /// that does not parse or that this user cannot read, a FIFO, a journal of a newer version, ...),
  /// ends the command before the suite's store is opened, so before it writes anything, and is said
  /// once, as the command's error; so does a database that cannot be reached.
  init(_ name: String, in place: SuitePlace) throws {
    self.name = name
    switch place {
    case .folder(let folder):
      self.folder = folder
      let file: UserDefaultsStore
      #if canImport(Darwin) || APPLE_API_TYPECHECK
        _ = try UserDefaultsStore.readStoredValues(ofSuite: name)
        file = UserDefaultsStore.suite(name)
      #else
        _ = try UserDefaultsStore.readStoredValues(ofSuite: name, in: folder.url)
        // NB: a suite with a journal is opened journaled, so that writing to it appends to the
        // journal instead of folding it into the file at every write.
        file =
          UserDefaultsStore.hasJournal(forSuite: name, in: folder.url)
          ? UserDefaultsStore.journaledSuite(name, in: folder.url)
          : UserDefaultsStore.suite(name, in: folder.url)
      #endif
      (fileStore, store) = (file, file)
    #if PostgreSQL
      case .database(let database):
        (folder, fileStore) = (nil, nil)
        store = try database.open(name)
    #endif
    }
  }

  /// Opens a suite of `place` that must exist: reading, deleting or exporting an unknown suite is
  /// a mistake.
  static func existing(_ name: String, in place: SuitePlace) throws -> Suite {
    let suite = try Suite(name, in: place)
    guard suite.exists else {
      let place = suite.fileStore?.fileURL.map { "there is no file \($0.path)" } ?? "it holds no value"
      throw ToolError("no suite '\(name)': \(place) (userdefaults list shows the suites)")
    }
    return suite
  }

  /// Whether the suite exists: it has a file or a journal (Linux), or holds a value (Apple
  /// platforms, where cfprefsd owns the files; a database).
  var exists: Bool {
    guard let fileURL = fileStore?.fileURL else { return !store.storedValues.isEmpty }
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      return FileManager.default.fileExists(atPath: fileURL.path)
    #else
      return FileManager.default.fileExists(atPath: fileURL.path)
        || folder.map { UserDefaultsStore.hasJournal(forSuite: name, in: $0.url) } == true
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

  /// Removes every value of the suite in one write (and a suite file's file and journal); returns
  /// what was removed.
  func removeAll() throws -> [String: PropertyListValue] {
    if let fileStore { return try fileStore.removeSuite() }
    var removed: [String: PropertyListValue] = [:]
    try update {
      removed = values
      for key in removed.keys { try store.remove(key) }
    }
    return removed
  }
}
