import Foundation
import Testing

/// A fenced Swift code block of the documentation: the README, a DocC article, or a doc comment.
struct DocumentationExample: Sendable, CustomTestStringConvertible {
  /// Where the block starts, as `path:line` from the repository's root.
  let location: String
  /// The block's lines, without the doc-comment slashes.
  let lines: [String]

  var testDescription: String { location }

  /// Lines of a Swift package manifest (`.package(url:...)`, `.product(...)`), which no target
  /// can compile.
  var isManifestFragment: Bool {
    lines.map(Self.normalized).first { !$0.isEmpty && !$0.hasPrefix("//") }?.hasPrefix(".package(") ?? false
  }

  /// Lines compared without indentation, blank lines left out: examples are indented differently
  /// in Markdown, in doc comments and inside the context that compiles them.
  var comparedLines: [String] {
    Self.comparable(lines)
  }

  static func comparable(_ lines: [String]) -> [String] {
    lines.map(normalized).filter { !$0.isEmpty }
  }

  static func normalized(_ line: String) -> String {
    line.trimmingCharacters(in: .whitespaces)
  }
}

extension DocumentationExample {
  /// The ```swift blocks of a Markdown file.
  static func fencedBlocks(inMarkdown text: String, path: String) -> [DocumentationExample] {
    fencedBlocks(in: text.components(separatedBy: "\n").enumerated().map { ($0 + 1, $1) }, path: path)
  }

  /// The code blocks of the `///` comments of a Swift file (DocC reads an unlabelled block as
  /// Swift).
  static func fencedBlocks(inDocComments text: String, path: String) -> [DocumentationExample] {
    var blocks: [DocumentationExample] = []
    var comment: [(Int, String)] = []
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let trimmed = normalized(line)
      if trimmed.hasPrefix("///") {
        comment.append((index + 1, String(trimmed.dropFirst(3))))
      } else {
        blocks += fencedBlocks(in: comment, path: path, unlabelledIsSwift: true)
        comment = []
      }
    }
    return blocks + fencedBlocks(in: comment, path: path, unlabelledIsSwift: true)
  }

  private static func fencedBlocks(
    in lines: [(number: Int, text: String)], path: String, unlabelledIsSwift: Bool = false
  ) -> [DocumentationExample] {
    var blocks: [DocumentationExample] = []
    var open: (start: Int, isSwift: Bool, lines: [String])?
    for (number, text) in lines {
      let trimmed = normalized(text)
      guard trimmed.hasPrefix("```") else {
        open?.lines.append(text)
        continue
      }
      if let block = open {
        if block.isSwift {
          blocks.append(DocumentationExample(location: "\(path):\(block.start)", lines: block.lines))
        }
        open = nil
      } else {
        let language = normalized(String(trimmed.dropFirst(3)))
        open = (number, language == "swift" || (language.isEmpty && unlabelledIsSwift), [])
      }
    }
    return blocks
  }
}
