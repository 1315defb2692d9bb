import ArgumentParser
import Foundation
import UserDefaultsKitCore

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a suite's keys and values to a file.",
    discussion: """
      The format is JSON for a FILE ending in .json, an XML property list otherwise, unless \
      --format says. XML keeps dates to the whole second; binary keeps every value exactly; JSON \
      writes dates and data as strings. The file is replaced atomically and is on disk when the \
      command ends.

      Examples:
        userdefaults export com.example.app settings.plist
        userdefaults export com.example.app settings.json
        userdefaults export com.example.app backup.plist --format binary
      """)

  @OptionGroup var suite: SuiteArgument

  @Argument(help: "The file to write.")
  var file: String

  @Option(help: "xml, binary or json; from FILE's name when omitted.")
  var format: PropertyListFile?

  func run() throws {
    let opened = try suite.existing()
    let data = try (format ?? PropertyListFile(fileName: file)).data(of: opened.values)
    let suiteMode = opened.fileStore?.fileURL.flatMap {
      try? FileManager.default.attributesOfItem(atPath: $0.path)[.posixPermissions] as? Int
    }
    try Self.replace(URL(fileURLWithPath: file), with: data, mode: suiteMode ?? 0o600)
  }

  /// Replaces the regular file at `url` (the file a link points to, when it is a link) with `data`
  /// durably, as the library writes a suite, with `mode`, which keeps a suite's settings as private
  /// as the suite; refuses anything that is not a regular file.
  private static func replace(_ url: URL, with data: Data, mode: Int) throws {
    var target = url
    for _ in 0..<16 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target.path) else {
        break
      }
      target =
        URL(fileURLWithPath: destination, relativeTo: target.deletingLastPathComponent()).standardizedFileURL
    }
    let type = try? FileManager.default.attributesOfItem(atPath: target.path)[.type] as? FileAttributeType
    guard type == nil || type == .typeRegular else {
      throw ToolError("could not write \(url.path): it is not a regular file")
    }
    let folder = target.deletingLastPathComponent()
    let existing = type != nil
    do {
      try DurableFile.replace(
        target.path, through: folder.appendingPathComponent(".\(target.lastPathComponent).export").path,
        with: data, mode: mode_t(mode), ownerOf: existing ? target.path : folder.path)
      try DurableFile.flushFolder(folder.path)
    } catch {
      throw ToolError("could not write \(url.path): \(error)")
    }
  }
}
