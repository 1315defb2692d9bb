import ArgumentParser
import Foundation

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Replace a suite's keys and values with a file's, all or nothing.",
    discussion: """
      FILE is a property list (XML, binary or old-style text) or JSON (for a name ending in \
      .json, or when it is no property list), with a dictionary at its top level. The suite then \
      holds exactly the file's keys, changed in one atomic write; a file that does not parse \
      changes nothing.

      Examples:
        userdefaults import com.example.app settings.plist
        userdefaults import com.example.app settings.json
      """)

  @OptionGroup var suite: SuiteArgument

  @Argument(help: "The file to read.")
  var file: String

  func run() throws {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw ToolError("could not read \(file): \(error.localizedDescription)")
    }
    let imported = try PropertyListFile.values(in: data, fileName: file)
    let opened = try suite.open()
    try opened.update {
      for key in opened.values.keys where imported[key] == nil { try opened.store.remove(key) }
      for (key, value) in imported { try opened.store.write(value, forKey: key) }
    }
    Output.line("\(suite) now holds the \(imported.count) keys of \(file)")
  }
}
