import ArgumentParser
import Foundation

/// Where the suites are. `--folder` and `--user`: the suites of another account, such as a
/// service's, for an operator; Linux only: on Apple platforms `cfprefsd` keeps every suite, and the
/// tool goes through it. `--database` (or `USERDEFAULTS_DATABASE_URL`): the suites of a PostgreSQL
/// database, shared by a fleet, in a tool built with the PostgreSQL trait.
struct FolderOptions: ParsableArguments {
  /// The variable that names a database when `--database` does not: a password stays out of the
  /// process list and the shell's history.
  static let databaseVariable = "USERDEFAULTS_DATABASE_URL"

  @Option(
    help: ArgumentHelp(
      "Use the suites of this PostgreSQL database, postgres://user@host:port/database?sslmode=require "
        + "(?host=/folder for a Unix socket); or set \(databaseVariable), which keeps a password out of "
        + "the process list.",
      valueName: "url"))
  var database: String?

  @Option(
    help: ArgumentHelp(
      "Use the suites of this preferences folder instead of your own (Linux only).", valueName: "path"))
  var folder: String?

  @Option(
    help: ArgumentHelp(
      "Use the suites of this user's preferences folder, <home>/.config (Linux only).", valueName: "name"))
  var user: String?

  func validate() throws {
    if database != nil, folder != nil || user != nil {
      throw ValidationError("give --database, or --folder or --user, not both")
    }
    guard folder != nil || user != nil else { return }
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      throw ValidationError(
        "--folder and --user are for Linux: on Apple platforms cfprefsd keeps every suite")
    #else
      if folder != nil, user != nil { throw ValidationError("give --folder or --user, not both") }
    #endif
  }

  /// Where the command works: the database `--database` or the variable names, else the folder.
  /// A database in a tool built without the PostgreSQL trait is an error, never the local files.
  func place() throws -> SuitePlace {
    let named = database ?? ProcessInfo.processInfo.environment[Self.databaseVariable]
    guard let url = named, !url.isEmpty else { return .folder(try suiteFolder()) }
    guard folder == nil, user == nil else {
      throw ToolError("\(Self.databaseVariable) names a database: unset it to use --folder or --user")
    }
    #if PostgreSQL
      return .database(try SuiteDatabase(url: url))
    #else
      throw ToolError(
        "this userdefaults was built without PostgreSQL: build it with swift build --traits PostgreSQL, "
          + "or unset \(Self.databaseVariable)")
    #endif
  }

  /// The folder the command works in. One that an option names must be a folder this user can
  /// read: a mistyped path is an error, never a new folder.
  private func suiteFolder() throws -> SuiteFolder {
    let named: URL
    if let folder {
      named = URL(fileURLWithPath: folder)
    } else if let user {
      guard let account = getpwnam(user) else { throw ToolError("no user '\(user)'") }
      named = URL(fileURLWithPath: String(cString: account.pointee.pw_dir)).appendingPathComponent(".config")
    } else {
      return .own
    }
    let whose = user.map { " (the preferences folder of user '\($0)')" } ?? ""
    var info = stat()
    guard stat(named.path, &info) == 0 else {
      throw ToolError("cannot use \(named.path)\(whose): \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw ToolError("cannot use \(named.path)\(whose): it is not a folder")
    }
    guard access(named.path, R_OK | X_OK) == 0 else {
      throw ToolError("cannot read \(named.path)\(whose): \(String(cString: strerror(errno)))")
    }
    return SuiteFolder(url: named.standardizedFileURL)
  }
}
