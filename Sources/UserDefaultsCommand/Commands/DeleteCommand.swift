import ArgumentParser
import UserDefaultsKitCore

struct DeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Remove a key, or a whole suite.",
    discussion: """
      Without KEY, removes every key of the suite in one write and then its file, without asking, \
      and prints what was removed.

      Examples:
        userdefaults delete com.example.app volume
        userdefaults delete com.example.app
      """)

  @OptionGroup var suite: SuiteArgument

  @Argument(help: "The key to remove; the whole suite when omitted.")
  var key: String?

  func run() throws {
    let opened = try suite.existing()
    guard let key else {
      let removed: [String: PropertyListValue]
      do {
        removed = try opened.removeAll()
      } catch {
        throw ToolError("could not remove suite '\(suite)': \(error)")
      }
      let keys = removed.keys.sorted().joined(separator: ", ")
      Output.line(
        "removed suite \(suite) (\(Output.keyCount(removed.count))\(keys.isEmpty ? "" : ": \(keys)"))")
      return
    }
    try opened.update {
      _ = try opened.value(forKey: key)
      try opened.store.remove(key)
    }
    Output.line("removed \(key) from \(suite)")
  }
}
