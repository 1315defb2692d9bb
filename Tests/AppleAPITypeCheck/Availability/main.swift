// Checks every API that the type-check build uses against the package's minimum Apple platform
// versions, which a compiler building for Linux does not check: the symbol graphs of the modules
// the code imports (extracted on Linux, they keep Apple availability: `Task.sleep(for:)` says macOS
// 13) give each API's introduction by USR; the build's index store gives every reference our files
// make, by USR. A reference to an API introduced after a minimum is printed, and fails the check.
//
// Usage: availability PACKAGE_JSON INDEX_STORE SYMBOL_GRAPH_FOLDER PACKAGE_ROOT
// (PACKAGE_JSON: `swift package dump-package`, whose platforms are the minimums.)
import Foundation
import IndexStore

/// A platform version, compared part by part (`10.15` < `14`).
struct Version: Comparable, CustomStringConvertible {
  let parts: [Int]

  init(_ text: String) { parts = text.split(separator: ".").map { Int($0) ?? 0 } }

  init(symbolGraph: [String: Int]) {
    parts = [symbolGraph["major"] ?? 0, symbolGraph["minor"] ?? 0, symbolGraph["patch"] ?? 0]
  }

  /// `15`, `10.15`, `17.4`: without the trailing zeros.
  var description: String {
    var shown = parts
    while shown.count > 1, shown.last == 0 { shown.removeLast() }
    return shown.map(String.init).joined(separator: ".")
  }

  static func < (lhs: Version, rhs: Version) -> Bool {
    for index in 0..<max(lhs.parts.count, rhs.parts.count) {
      let (left, right) = (lhs.parts[safe: index], rhs.parts[safe: index])
      if left != right { return left < right }
    }
    return false
  }

  static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}

extension Array where Element == Int {
  subscript(safe index: Int) -> Int { index < count ? self[index] : 0 }
}

/// USR → why it is too new, for every symbol introduced after a minimum on some platform.
func tooNewSymbols(inGraphsAt folder: URL, minimums: [String: Version]) throws -> [String: String] {
  var tooNew: [String: String] = [:]
  for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
  where file.pathExtension == "json" {
    let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
      // NB: a member a type gets from a protocol extension (`::SYNTHESIZED::`) carries the type's
      // availability; code refers to the extension's member, which has its own.
      guard let usr = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
        !usr.contains("::SYNTHESIZED::")
      else { continue }
      let name = (symbol["names"] as? [String: Any])?["title"] as? String ?? usr
      var needs: [String] = []
      for entry in symbol["availability"] as? [[String: Any]] ?? [] {
        guard let domain = entry["domain"] as? String, let minimum = minimums[domain],
          let introduced = (entry["introduced"] as? [String: Int]).map(Version.init(symbolGraph:)),
          minimum < introduced
        else { continue }
        needs.append("\(domain) \(introduced) (minimum \(minimum))")
      }
      if !needs.isEmpty { tooNew[usr] = "\(name) needs \(needs.sorted().joined(separator: ", "))" }
    }
  }
  return tooNew
}

/// The string an index store hands out.
func string(_ reference: indexstore_string_ref_t) -> String {
  guard let data = reference.data else { return "" }
  return String(decoding: UnsafeRawBufferPointer(start: data, count: reference.length), as: UTF8.self)
}

/// A closure that a C callback reaches through its context pointer.
final class Visitor<Element> {
  let visit: (Element) -> Void
  init(_ visit: @escaping (Element) -> Void) { self.visit = visit }
  var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
  static func of(_ context: UnsafeMutableRawPointer?) -> Visitor {
    Unmanaged<Visitor>.fromOpaque(context!).takeUnretainedValue()
  }
}

/// Every reference written in a source file under one of `folders`: file, line, column and USR.
/// Implicit references are left out: the compiler chooses them by availability (`for await` calls
/// `next(isolation:)` where it exists, `next()` before).
func references(inStoreAt path: String, under folders: [String]) throws -> [(String, Int, Int, String)] {
  var error: indexstore_error_t?
  guard let store = indexstore_store_create(path, &error) else {
    throw CheckError(description: error.map { String(cString: indexstore_error_get_description($0)) } ?? path)
  }
  defer { indexstore_store_dispose(store) }
  // NB: a file's record is shared by every unit (target build) that compiled it.
  var records: [String: String] = [:]
  let dependencies = Visitor<indexstore_unit_dependency_t?> { dependency in
    let file = string(indexstore_unit_dependency_get_filepath(dependency))
    guard indexstore_unit_dependency_get_kind(dependency) == INDEXSTORE_UNIT_DEPENDENCY_RECORD,
      folders.contains(where: file.hasPrefix)
    else { return }
    records[string(indexstore_unit_dependency_get_name(dependency))] = file
  }
  let units = Visitor<indexstore_string_ref_t> { unitName in
    guard let unit = indexstore_unit_reader_create(store, string(unitName), nil) else { return }
    defer { indexstore_unit_reader_dispose(unit) }
    _ = indexstore_unit_reader_dependencies_apply_f(unit, dependencies.context) {
      Visitor<indexstore_unit_dependency_t?>.of($0).visit($1)
      return true
    }
  }
  _ = indexstore_store_units_apply_f(store, 0, units.context) {
    Visitor<indexstore_string_ref_t>.of($0).visit($1)
    return true
  }
  var found: [(String, Int, Int, String)] = []
  for (recordName, file) in records {
    guard let record = indexstore_record_reader_create(store, recordName, nil) else { continue }
    defer { indexstore_record_reader_dispose(record) }
    let occurrences = Visitor<indexstore_occurrence_t?> { occurrence in
      let roles = indexstore_occurrence_get_roles(occurrence)
      guard roles & UInt64(INDEXSTORE_SYMBOL_ROLE_REFERENCE) != 0,
        roles & UInt64(INDEXSTORE_SYMBOL_ROLE_IMPLICIT) == 0
      else { return }
      var (line, column) = (UInt32(0), UInt32(0))
      indexstore_occurrence_get_line_col(occurrence, &line, &column)
      let usr = string(indexstore_symbol_get_usr(indexstore_occurrence_get_symbol(occurrence)))
      found.append((file, Int(line), Int(column), usr))
    }
    _ = indexstore_record_reader_occurrences_apply_f(record, occurrences.context) {
      Visitor<indexstore_occurrence_t?>.of($0).visit($1)
      return true
    }
  }
  return found
}

struct CheckError: Error, CustomStringConvertible {
  let description: String
}

/// The package's minimum versions, by the names symbol graphs give the platforms.
func minimums(inManifestAt file: URL) throws -> [String: Version] {
  let names = [
    "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
    "maccatalyst": "macCatalyst",
  ]
  let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
  var minimums: [String: Version] = [:]
  for platform in manifest?["platforms"] as? [[String: Any]] ?? [] {
    guard let name = (platform["platformName"] as? String).flatMap({ names[$0] }),
      let version = platform["version"] as? String
    else { throw CheckError(description: "unknown platform \(platform)") }
    minimums[name] = Version(version)
  }
  guard minimums.count == names.count else { throw CheckError(description: "the manifest names no minimums") }
  return minimums
}

/// The minimums of the folders whose code is declared available from macOS 15, iOS 18 and their
/// peers and no earlier: the configuration provider, its example and their tests (swift-configuration's
/// platforms, `Configuration 1.0`), and the PostgreSQL store and its tests (task executors, which
/// keep its database work off the cooperative pool). The rest of the package is checked against
/// the manifest's minimums.
let newerPlatformFolders = [
  "Sources/UserDefaultsKitConfiguration/", "Sources/ConfigurationExample/",
  "Tests/UserDefaultsKitConfigurationTests/", "Tests/DocumentationExamples/Configuration/",
  "Sources/UserDefaultsKitPostgres/", "Tests/UserDefaultsKitPostgresTests/", "Tests/PostgresTestHelper/",
  "Tests/DocumentationExamples/Postgres/",
]
let newerPlatformMinimums = [
  "macOS": Version("15"), "iOS": Version("18"), "tvOS": Version("18"), "watchOS": Version("11"),
  "visionOS": Version("2"), "macCatalyst": Version("18"),
]

let arguments = CommandLine.arguments
let graphs = URL(fileURLWithPath: arguments[3])
let tooNew = try tooNewSymbols(
  inGraphsAt: graphs, minimums: minimums(inManifestAt: URL(fileURLWithPath: arguments[1])))
let tooNewForNewerPlatforms = try tooNewSymbols(inGraphsAt: graphs, minimums: newerPlatformMinimums)
let root = URL(fileURLWithPath: arguments[4]).standardizedFileURL.path + "/"
let uses = try references(inStoreAt: arguments[2], under: [root + "Sources/", root + "Tests/"])
// NB: paths recorded otherwise than under the package's folder (a link to it) would leave nothing
// to check, and the check would pass.
guard !uses.isEmpty, !tooNew.isEmpty else {
  throw CheckError(
    description: "found \(uses.count) references and \(tooNew.count) newer APIs: nothing checked")
}
var problems = Set<String>()
for (file, line, column, usr) in uses {
  let path = file.dropFirst(root.count)
  let isNewerPlatform = newerPlatformFolders.contains { path.hasPrefix($0) }
  if let why = (isNewerPlatform ? tooNewForNewerPlatforms : tooNew)[usr] {
    problems.insert("\(path):\(line):\(column): error: \(why)")
  }
}
for problem in problems.sorted() { print(problem) }
print("\(uses.count) references checked against \(tooNew.count) APIs newer than the minimums.")
exit(problems.isEmpty ? 0 : 1)
