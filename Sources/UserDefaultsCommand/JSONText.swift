import Foundation
import UserDefaultsKitCore

/// Property-list values as JSON and back. JSON has no dates or data: they are written as ISO 8601
/// and base64 strings, and read back as strings. Written by hand rather than with JSONEncoder,
/// which writes 2.0 as 2 (read back as an integer) and empty collections over several lines.
enum JSONText {
  static func text(of value: PropertyListValue) -> String {
    text(of: value, indentation: "")
  }

  private static func text(of value: PropertyListValue, indentation: String) -> String {
    let inner = indentation + "  "
    switch value {
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .unsignedInteger(let value): return String(value)
    case .double(let value): return value.isFinite ? String(value) : quoted(String(value))
    case .string(let value): return quoted(value)
    case .data(let value): return quoted(value.base64EncodedString())
    case .date(let value): return quoted(DateText.iso8601(value))
    case .array(let values):
      guard !values.isEmpty else { return "[]" }
      let elements = values.map { inner + text(of: $0, indentation: inner) }
      return "[\n" + elements.joined(separator: ",\n") + "\n" + indentation + "]"
    case .dictionary(let values):
      guard !values.isEmpty else { return "{}" }
      let entries = values.sorted { $0.key < $1.key }.map { key, value in
        inner + quoted(key) + ": " + text(of: value, indentation: inner)
      }
      return "{\n" + entries.joined(separator: ",\n") + "\n" + indentation + "}"
    }
  }

  private static func quoted(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      case _ where scalar.value < 0x20: escaped += "\\u" + String(format: "%04x", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// The value of a JSON text; `null` has no property-list form.
  static func value(from data: Data) throws -> PropertyListValue {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    } catch {
      throw ToolError("not valid JSON: \(Self.reason(of: error))")
    }
    // NB: JSONSerialization keeps 1 and 1.0 apart (JSONDecoder reads both as integers), and
    // PropertyListValue(foundationObject:) tells booleans from numbers by their CoreFoundation type.
    guard let value = PropertyListValue(foundationObject: object) else {
      throw ToolError("JSON null cannot be stored in a property list; remove a key with 'delete' instead")
    }
    return value
  }

  private static func reason(of error: any Error) -> String {
    (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
  }
}
