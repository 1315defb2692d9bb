import Foundation
import Testing

/// Every code example of the documentation compiles: its lines stand, in order, in a file of
/// `Tests/DocumentationExamples`, whose targets the test build compiles (with warnings as errors).
/// Lines of context may stand between them, such as the function that holds an example's
/// statements. Only the manifest lines of the installation instructions are checked otherwise.
@Suite struct DocumentationExamplesTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let examples: [DocumentationExample] = documentationFiles().flatMap { path in
    let text = contents(of: path)
    return path.hasSuffix(".md")
      ? DocumentationExample.fencedBlocks(inMarkdown: text, path: path)
      : DocumentationExample.fencedBlocks(inDocComments: text, path: path)
  }

  /// The compiled files, each as comparable lines.
  static let compiledFiles: [(path: String, lines: [String])] = files(under: "Tests/DocumentationExamples")
    .filter { $0.hasSuffix(".swift") }
    .map { ($0, DocumentationExample.comparable(contents(of: $0).components(separatedBy: "\n"))) }

  @Test func everyExampleIsCompiled() {
    for example in Self.examples where !example.isManifestFragment {
      let wanted = example.comparedLines
      let closest = Self.compiledFiles.map { file in
        (file.path, Self.matchedCount(of: wanted, in: file.lines))
      }
      .max { $0.1 < $1.1 }
      guard let closest, closest.1 < wanted.count else { continue }
      Issue.record(
        """
        \(example.location): this example is not compiled. No file of Tests/DocumentationExamples \
        holds its lines in order; the closest, \(closest.0), lacks "\(wanted[closest.1])".
        """)
    }
  }

  @Test(arguments: examples.filter(\.isManifestFragment))
  func manifestFragmentMatchesThePackage(_ example: DocumentationExample) {
    let manifest = Self.contents(of: "Package.swift")
    let product = #/\.product\(name: "([^"]+)", package: "([^"]+)"\)/#
    let products = example.lines.flatMap { line in line.matches(of: product) }
    #expect(products.contains { $0.output.2 == "UserDefaultsKit" }, "\(example.location) names no product")
    for match in products {
      let (line, name, package) = (String(match.output.0), String(match.output.1), match.output.2)
      if package == "UserDefaultsKit" {
        #expect(Self.libraryProducts.contains(name), "\(example.location): no product '\(name)'")
      } else {
        #expect(manifest.contains(line), "\(example.location): the package does not depend on \(line)")
      }
    }
    // NB: another package's dependency line is the package's own, so that its version is one the
    // package builds with.
    let dependency = #/\.package\(url: "([^"]+)", [^)]*\)/#
    for match in example.lines.flatMap({ $0.matches(of: dependency) })
    where !match.output.1.hasSuffix("/UserDefaultsKit") {
      #expect(
        manifest.contains(String(match.output.0)), "\(example.location): not the package's \(match.output.0)")
    }
  }

  @Test func installationNamesEveryLibraryProduct() {
    let product = #/\.product\(name: "([^"]+)", package: "UserDefaultsKit"\)/#
    let named = Set(
      Self.examples.filter { $0.location.hasPrefix("README.md:") && $0.isManifestFragment }
        .flatMap(\.lines).flatMap { $0.matches(of: product).map { String($0.output.1) } })
    #expect(Self.libraryProducts.subtracting(named).isEmpty, "README's Installation names every product")
  }

  /// The library products of Package.swift.
  static let libraryProducts = Set(
    contents(of: "Package.swift").matches(of: #/\.library\(\s*name: "([^"]+)"/#).map { String($0.output.1) })

  @Test func everyKindOfDocumentationHasExamples() {
    let paths = Self.examples.map(\.location)
    #expect(paths.contains { $0.hasPrefix("README.md:") })
    #expect(paths.contains { $0.contains(".docc/") })
    #expect(paths.contains { $0.hasPrefix("Sources/UserDefaultsKitCore/") && $0.contains(".swift:") })
    for package in [
      "VADefaults", "UserDefaultMacro", "ObservableUserDefault", "DefaultsWrapper", "UserDefaultsObservation",
    ] {
      #expect(paths.contains { $0.hasPrefix("Sources/UserDefaultsKitCompat\(package)/") }, "\(package)")
    }
  }

  @Test func findsSwiftBlocksInMarkdownAndDocComments() {
    let markdown = "Text\n```swift\nlet a = 1\n```\n```sh\nswift test\n```\n  ```swift\n  let b = 2\n  ```\n"
    #expect(
      DocumentationExample.fencedBlocks(inMarkdown: markdown, path: "A.md").map(\.comparedLines) == [
        ["let a = 1"], ["let b = 2"],
      ])
    let source = "/// Doc.\n///\n/// ```swift\n/// struct A {\n///   var b = 0\n/// }\n/// ```\nstruct A {}\n"
    let blocks = DocumentationExample.fencedBlocks(inDocComments: source, path: "A.swift")
    #expect(blocks.map(\.location) == ["A.swift:3"])
    #expect(blocks.map(\.comparedLines) == [["struct A {", "var b = 0", "}"]])
  }

  @Test func anExampleMustKeepItsOrder() {
    #expect(Self.matchedCount(of: ["a", "b", "c"], in: ["a", "x", "b", "y", "c"]) == 3)
    #expect(Self.matchedCount(of: ["a", "c", "b"], in: ["a", "b", "c"]) == 2)
  }

  /// How many of `wanted`'s lines, from the first, stand in order in `lines`.
  static func matchedCount(of wanted: [String], in lines: [String]) -> Int {
    var matched = 0
    for line in lines where matched < wanted.count && line == wanted[matched] {
      matched += 1
    }
    return matched
  }

  static func documentationFiles() -> [String] {
    ["README.md"]
      + files(under: "Sources").filter {
        $0.hasSuffix(".swift") || ($0.contains(".docc/") && $0.hasSuffix(".md"))
      }
  }

  static func files(under folder: String) -> [String] {
    let root = repository.appendingPathComponent(folder)
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    return (enumerator?.allObjects as? [URL] ?? [])
      .map { folder + "/" + $0.path.dropFirst(root.path.count + 1) }
      .sorted()
  }

  static func contents(of path: String) -> String {
    (try? String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }
}
