import ArgumentParser

struct RenameCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Move a key's value to a new key, in one atomic write.",
    discussion: """
      NEW must not exist yet: delete it first to replace it.

      Example:
        userdefaults rename com.example.app volume volume_v2
      """)

  @OptionGroup var suite: SuiteArgument

  @Argument(help: "The key that holds the value.")
  var old: String

  @Argument(help: "The key that takes it.")
  var new: String

  func run() throws {
    let opened = try suite.existing()
    try opened.update {
      let value = try opened.value(forKey: old)
      guard old != new else { return }
      guard opened.values[new] == nil else {
        throw ToolError("suite '\(suite)' has a key '\(new)' already; delete it first to replace it")
      }
      try opened.store.write(value, forKey: new)
      try opened.store.remove(old)
    }
  }
}
