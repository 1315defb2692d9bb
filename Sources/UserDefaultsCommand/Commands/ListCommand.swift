import ArgumentParser

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the suites of the preferences folder, with their key counts and sizes.",
    discussion: """
      On Linux the folder is $XDG_CONFIG_HOME, or ~/.config; on macOS ~/Library/Preferences.

      Example:
        userdefaults list
      """)

  func run() throws {
    let names = try SuiteFolder.suiteNames()
    guard !names.isEmpty else {
      Output.note("no suites in \(SuiteFolder.url.path)")
      return
    }
    let width = names.map(\.count).max() ?? 0
    for name in names {
      let count = try Suite(name).values.count
      let size = SuiteFolder.fileSize(ofSuite: name).map { "\($0) bytes" } ?? "no file"
      let padding = String(repeating: " ", count: width - name.count)
      Output.line("\(name)\(padding)  \(Output.keyCount(count)), \(size)")
    }
  }
}
