import ArgumentParser

struct WriteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "write",
    abstract: "Store a value for a key, making the suite if needed.",
    discussion: """
      VALUE is a string unless a type flag says otherwise. A value that does not parse as its \
      type is an error, and nothing is written. A value that starts with '-' follows '--', \
      which ends the options.

      Examples:
        userdefaults write com.example.app name "Ada Lovelace"
        userdefaults write com.example.app launchCount --int 3
        userdefaults write com.example.app offset --int -- -5
        userdefaults write com.example.app volume --float 0.8
        userdefaults write com.example.app lastOpened --date 2026-11-25T10:30:00Z
        userdefaults write com.example.app token --data 48656c6c6f
        userdefaults write com.example.app tags --array red green
        userdefaults write com.example.app window --json '{"size": [800, 600], "visible": true}'
      """)

  @OptionGroup var suite: SuiteArgument

  @Argument(help: "The key.")
  var key: String

  @Flag(help: "The type of VALUE.")
  var type: ValueType = .string

  @Argument(help: "The value: one, or for --array and --dict several (after '--' when one starts with '-').")
  var values: [String] = []

  func run() throws {
    let value = try type.value(from: values)
    let opened = try suite.open()
    try opened.update { try opened.store.write(value, forKey: key) }
  }
}
