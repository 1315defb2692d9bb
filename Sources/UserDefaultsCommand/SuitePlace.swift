/// Where the suites a command works on live: a preferences folder (``SuiteFolder``), or a
/// PostgreSQL database (``SuiteDatabase``, in a tool built with the PostgreSQL trait). It prints as
/// the folder's path or the database's role, server and name (never a password).
enum SuitePlace: CustomStringConvertible {
  case folder(SuiteFolder)
  #if PostgreSQL
    case database(SuiteDatabase)
  #endif

  /// The names of its suites, sorted.
  func suiteNames() throws -> [String] {
    switch self {
    case .folder(let folder): return try folder.suiteNames()
    #if PostgreSQL
      case .database(let database): return try database.suiteNames()
    #endif
    }
  }

  /// ", 120 bytes" or ", no file" for a suite of a folder; nothing for a database's.
  func sizeNote(ofSuite name: String) -> String {
    guard case .folder(let folder) = self else { return "" }
    return ", " + (folder.fileSize(ofSuite: name).map { "\($0) bytes" } ?? "no file")
  }

  var description: String {
    switch self {
    case .folder(let folder): return folder.url.path
    #if PostgreSQL
      case .database(let database): return "\(database)"
    #endif
    }
  }
}
