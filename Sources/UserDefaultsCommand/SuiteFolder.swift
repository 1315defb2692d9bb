import Foundation
import UserDefaultsKitCore

/// The folder where suites keep their files, for the commands that look at every suite.
enum SuiteFolder {
  static var url: URL {
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Preferences")
    #else
      UserDefaultsStore.preferencesFolder
    #endif
  }

  /// The names of the suites in the folder, sorted; hidden files (the global domain, the
  /// library's lock and temporary files) are not suites.
  static func suiteNames() throws -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: url.path)
    } catch CocoaError.fileReadNoSuchFile {
      return []
    } catch {
      throw ToolError("cannot list \(url.path): \(error.localizedDescription)")
    }
    return names.filter { $0.hasSuffix(".plist") && !$0.hasPrefix(".") }
      .map { String($0.dropLast(".plist".count)) }
      .sorted()
  }

  /// The size of a suite's file in bytes, when it has one.
  static func fileSize(ofSuite name: String) -> Int? {
    let path = url.appendingPathComponent(name + ".plist").path
    return (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
  }
}
