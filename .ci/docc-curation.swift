// Fails when a DocC archive leaves a public symbol uncurated: every page must be reachable from the
// module's landing page through Topics sections, and the landing page's own sections must be the
// ones its catalog writes (DocC adds an automatic section, such as "Structures", for a symbol no
// Topics section names; a protocol requirement's page lists its default implementations). The one
// automatic section allowed is "Extended Modules": the standard
// types the module extends, under module names that differ between platforms.
//
// Usage: swift .ci/docc-curation.swift <archive.doccarchive>...
import Foundation

struct Page {
  var url: String
  var title: String
  /// A member that a protocol's extension gives a type, which DocC makes a page for but lists on
  /// no page when the protocol is hidden (an underscored one, such as `_DefaultsSerializableInteger`,
  /// which gives `Int` its `toDefaults()`); the conformance itself is listed.
  var isSynthesized: Bool
  var sections: [(title: String, generated: Bool, identifiers: [String])]
}

func pages(in archive: URL) throws -> [String: Page] {
  let root = archive.appendingPathComponent("data/documentation")
  guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
    throw CocoaError(.fileReadNoSuchFile)
  }
  var pages: [String: Page] = [:]
  for case let file as URL in files where file.pathExtension == "json" {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
    guard let url = (object["identifier"] as? [String: Any])?["url"] as? String else { continue }
    let metadata = object["metadata"] as? [String: Any] ?? [:]
    let title = metadata["title"] as? String ?? url
    let isSynthesized = (metadata["externalID"] as? String)?.contains("::SYNTHESIZED::") ?? false
    // NB: a protocol requirement's page lists the default implementations of it.
    let listed = ["topicSections", "defaultImplementationsSections"].flatMap {
      object[$0] as? [[String: Any]] ?? []
    }
    let sections = listed.map { section in
      (
        title: section["title"] as? String ?? "",
        generated: section["generated"] as? Bool ?? false,
        identifiers: section["identifiers"] as? [String] ?? []
      )
    }
    pages[url] = Page(url: url, title: title, isSynthesized: isSynthesized, sections: sections)
  }
  return pages
}

var failures: [String] = []
for path in CommandLine.arguments.dropFirst() {
  let archive = URL(fileURLWithPath: path)
  let all = try pages(in: archive)
  guard let module = all.values.first(where: { $0.url.split(separator: "/").count == 4 }) else {
    failures.append("\(path): no module page")
    continue
  }
  for section in module.sections where section.generated && section.title != "Extended Modules" {
    let names = section.identifiers.map { all[$0]?.title ?? $0 }
    failures.append("\(module.title): uncurated, in the automatic section \"\(section.title)\": \(names)")
  }
  var reached: Set<String> = [module.url]
  var queue = [module.url]
  while let url = queue.popLast() {
    for section in all[url]?.sections ?? [] {
      for identifier in section.identifiers where all[identifier] != nil && !reached.contains(identifier) {
        reached.insert(identifier)
        queue.append(identifier)
      }
    }
  }
  for page in all.values where !reached.contains(page.url) && !page.isSynthesized {
    failures.append("\(module.title): \(page.url) is reachable from no Topics section")
  }
  print("\(module.title): \(all.count) pages, \(reached.count) reachable from the landing page")
}
for failure in failures.sorted() { print("error: \(failure)") }
exit(failures.isEmpty ? 0 : 1)
