import ArgumentParser
import Foundation

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a suite's keys and values to a file.",
    discussion: """
      The format is JSON for a FILE ending in .json, an XML property list otherwise, unless \
      --format says. XML keeps dates to the whole second; binary keeps every value exactly; JSON \
      writes dates and data as strings. The file is replaced atomically.

      Examples:
        userdefaults export com.example.app settings.plist
        userdefaults export com.example.app settings.json
        userdefaults export com.example.app backup.plist --format binary
      """)

  @Argument(help: "The suite.")
  var suite: String

  @Argument(help: "The file to write.")
  var file: String

  @Option(help: "xml, binary or json; from FILE's name when omitted.")
  var format: PropertyListFile?

  func run() throws {
    let values = try Suite.existing(suite).values
    let data = try (format ?? PropertyListFile(fileName: file)).data(of: values)
    do {
      try data.write(to: URL(fileURLWithPath: file), options: .atomic)
    } catch {
      throw ToolError("could not write \(file): \(error.localizedDescription)")
    }
  }
}
