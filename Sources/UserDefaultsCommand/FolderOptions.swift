import ArgumentParser
import Foundation

/// `--folder` and `--user`: the suites of another account, such as a service's, for an operator.
/// Linux only: on Apple platforms `cfprefsd` keeps every suite, and the tool goes through it.
struct FolderOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Use the suites of this preferences folder instead of your own (Linux only).", valueName: "path"))
  var folder: String?

  @Option(
    help: ArgumentHelp(
      "Use the suites of this user's preferences folder, <home>/.config (Linux only).", valueName: "name"))
  var user: String?

  func validate() throws {
    guard folder != nil || user != nil else { return }
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      throw ValidationError(
        "--folder and --user are for Linux: on Apple platforms cfprefsd keeps every suite")
    #else
      if folder != nil, user != nil { throw ValidationError("give --folder or --user, not both") }
    #endif
  }

  /// The folder the command works in. One that an option names must be a folder this user can
  /// read: a mistyped path is an error, never a new folder.
  func suiteFolder() throws -> SuiteFolder {
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
