import Foundation
import UserDefaultsKitCore

/// The old-style (OpenStep) property-list text that macOS's `defaults read` prints: dictionaries
/// `{ key = value; }` with sorted keys, arrays `( a, b )`, strings quoted when they need it,
/// booleans as 1 and 0, dates as `"2026-11-25 10:30:00 +0000"`, data as `<48656c6c 6f>`.
enum OldStyleText {
  /// The value over several lines, indented by four spaces per level.
  static func text(of value: PropertyListValue) -> String {
    text(of: value, indentation: "", lineBreak: "\n")
  }

  /// The value on one line, for `find` and `watch`.
  static func line(of value: PropertyListValue) -> String {
    text(of: value, indentation: nil, lineBreak: " ")
  }

  /// `indentation` nil: one line.
  private static func text(of value: PropertyListValue, indentation: String?, lineBreak: String) -> String {
    let inner = indentation.map { $0 + "    " }
    switch value {
    case .bool(let value): return value ? "1" : "0"
    case .integer(let value): return String(value)
    case .unsignedInteger(let value): return String(value)
    case .double(let value): return String(value)
    case .string(let value): return quoted(value)
    case .data(let value): return data(value)
    case .date(let value): return quoted(DateText.oldStyle(value))
    case .array(let values):
      guard !values.isEmpty else { return "()" }
      let elements = values.map { (inner ?? "") + text(of: $0, indentation: inner, lineBreak: lineBreak) }
      return "(" + lineBreak + elements.joined(separator: "," + lineBreak) + lineBreak + (indentation ?? "")
        + ")"
    case .dictionary(let values):
      guard !values.isEmpty else { return "{}" }
      let entries = values.sorted { $0.key < $1.key }.map { key, value in
        (inner ?? "") + quoted(key) + " = " + text(of: value, indentation: inner, lineBreak: lineBreak) + ";"
      }
      return "{" + lineBreak + entries.joined(separator: lineBreak) + lineBreak + (indentation ?? "") + "}"
    }
  }

  /// A string as it stands in old-style text: bare when it is a plain word, else quoted, with
  /// backslash escapes for quotes, backslashes and control characters.
  static func quoted(_ text: String) -> String {
    if !text.isEmpty, text.unicodeScalars.allSatisfy(isBare) { return text }
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped += "\\U" + String(format: "%04x", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// The characters an unquoted old-style string may hold.
  private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || "_$+/:.-".unicodeScalars.contains(scalar))
  }

  private static func data(_ data: Data) -> String {
    let hex = data.map { String(format: "%02x", $0) }
    let groups = stride(from: 0, to: hex.count, by: 4).map { hex[$0..<min($0 + 4, hex.count)].joined() }
    return "<" + groups.joined(separator: " ") + ">"
  }
}
