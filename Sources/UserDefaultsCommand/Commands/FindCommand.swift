import ArgumentParser
import UserDefaultsKitCore

struct FindCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "find",
    abstract: "Find keys and values that contain a word, in every suite.",
    discussion: """
      The match ignores case, and looks into arrays and dictionaries. Prints one line per \
      matching key: SUITE KEY = VALUE.

      Example:
        userdefaults find volume
      """)

  @Argument(help: "The text to look for.")
  var word: String

  @OptionGroup var location: FolderOptions

  func run() throws {
    let place = try location.place()
    var found = 0
    for name in try place.suiteNames() {
      for (key, value) in try Suite(name, in: place).values.sorted(by: { $0.key < $1.key })
      where contains(key) || contains(value) {
        found += 1
        Output.line("\(name) \(OldStyleText.quoted(key)) = \(OldStyleText.line(of: value))")
      }
    }
    if found == 0 { Output.note("no key or value contains '\(word)'") }
  }

  private func contains(_ text: String) -> Bool {
    text.localizedCaseInsensitiveContains(word)
  }

  private func contains(_ value: PropertyListValue) -> Bool {
    switch value {
    case .array(let values): return values.contains(where: contains)
    case .dictionary(let values): return values.contains { contains($0.key) || contains($0.value) }
    case .string(let text): return contains(text)
    default: return contains(OldStyleText.line(of: value))
    }
  }
}
