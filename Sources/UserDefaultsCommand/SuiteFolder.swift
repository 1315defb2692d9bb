import Foundation
import UserDefaultsKitCore

/// The folder where the suites a command works on keep their files: the current user's
/// preferences folder, or the one `--folder` or `--user` names (``FolderOptions``).
struct SuiteFolder {
  let url: URL

  /// The current user's preferences folder.
  static var own: SuiteFolder {
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      SuiteFolder(
        url: FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Preferences"))
    #else
      SuiteFolder(url: UserDefaultsStore.preferencesFolder)
    #endif
  }

  /// The names of the suites in the folder, sorted; hidden files (the global domain, the
  /// library's lock and temporary files) are not suites.
  func suiteNames() throws -> [String] {
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
  func fileSize(ofSuite name: String) -> Int? {
    let path = url.appendingPathComponent(name + ".plist").path
    return (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
  }
}
