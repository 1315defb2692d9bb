import ArgumentParser
import UserDefaultsKitCore

struct ReadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "read",
    abstract: "Print a suite, one key of it, or every suite.",
    discussion: """
      Prints old-style property-list text, as macOS's defaults does (a string key's value is \
      printed bare), or JSON with --json. With no SUITE, prints every suite of the preferences \
      folder as one dictionary keyed by suite name.

      Examples:
        userdefaults read com.example.app
        userdefaults read com.example.app volume
        userdefaults read com.example.app --json
      """)

  @Argument(help: "The suite to print; every suite when omitted.")
  var suite: String?

  @Argument(help: "The key to print; the whole suite when omitted.")
  var key: String?

  @Flag(help: "Print JSON instead of old-style property-list text.")
  var json = false

  @OptionGroup var location: FolderOptions

  func run() throws {
    let place = try location.place()
    let value: PropertyListValue
    if let suite {
      let opened = try Suite.existing(suite, in: place)
      value = try key.map(opened.value(forKey:)) ?? .dictionary(opened.values)
    } else {
      var suites: [String: PropertyListValue] = [:]
      for name in try place.suiteNames() {
        suites[name] = .dictionary(try Suite(name, in: place).values)
      }
      value = .dictionary(suites)
    }
    if json {
      Output.line(JSONText.text(of: value))
    } else if key != nil, case .string(let text) = value {
      Output.line(text)
    } else {
      Output.line(OldStyleText.text(of: value))
    }
  }
}
