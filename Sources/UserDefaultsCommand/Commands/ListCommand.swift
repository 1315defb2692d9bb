import ArgumentParser

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the suites of the preferences folder or the database, with their key counts and sizes.",
    discussion: """
      On Linux the folder is $XDG_CONFIG_HOME, or ~/.config, or the one --folder or --user \
      names; on macOS ~/Library/Preferences.

      Example:
        userdefaults list
      """)

  @OptionGroup var location: FolderOptions

  func run() throws {
    let place = try location.place()
    let names = try place.suiteNames()
    guard !names.isEmpty else {
      Output.note("no suites in \(place)")
      return
    }
    let width = names.map(\.count).max() ?? 0
    for name in names {
      let count = try Suite(name, in: place).values.count
      let padding = String(repeating: " ", count: width - name.count)
      Output.line("\(name)\(padding)  \(Output.keyCount(count))\(place.sizeNote(ofSuite: name))")
    }
  }
}
