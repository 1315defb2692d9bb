import Foundation
import UserDefaultsKitCore

/// How a value is stored in the table's `jsonb` column: plain JSON where JSON tells the type, a
/// one-member object tagged with the type's name where it cannot (see the article *The PostgreSQL
/// store*):
///
/// | Value | Stored as |
/// |---|---|
/// | `.bool(true)` | `true` |
/// | `.integer(-3)`, `.unsignedInteger(UInt64.max)` | `-3`, `18446744073709551615` |
/// | `.double(1.0)` | `{"double": 1.0}`; `{"double": "nan"}`, `"inf"`, `"-inf"`, `"-0"` |
/// | `.string("a")` | `"a"` |
/// | `.date(...)` | `{"date": "2026-11-27T14:33:27.25Z"}` (UTC, the fraction exact) |
/// | `.data(...)` | `{"data": "<base64>"}` |
/// | `.array([...])` | `[...]`, each element mapped the same way |
/// | `.dictionary([...])` | `{...}`; `{"dictionary": {...}}` when it has one member named `double`, `date`, `data` or `dictionary` |
enum StoredJSON {
  /// The names of the tagged forms: an object with exactly one member of these names is a tag.
  static let tags: Set<String> = ["double", "date", "data", "dictionary"]

  /// The JSON text of `value`; throws for a string that holds a NUL character, which PostgreSQL's
  /// text (and so `jsonb`) cannot hold.
  static func text(of value: PropertyListValue) throws(DefaultsError) -> String {
    let json = try node(of: value)
    do {
      let data = try JSONEncoder().encode(json)
      return String(decoding: data, as: UTF8.self)
    } catch {
      throw DefaultsError(.valueNotStorable, detail: "no JSON form", underlying: error)
    }
  }

  /// The value that `text` stores, or why it is not one.
  static func value(ofText text: String) throws -> PropertyListValue {
    let node = try JSONDecoder().decode(Node.self, from: Data(text.utf8))
    return try value(of: node)
  }

  /// Fails for text PostgreSQL cannot store.
  static func checkStorable(_ text: String, what: String) throws(DefaultsError) {
    if text.utf8.contains(0) {
      throw DefaultsError(
        .valueNotStorable, detail: "\(what) holds a NUL character, which PostgreSQL text cannot hold")
    }
  }

  private static func node(of value: PropertyListValue) throws(DefaultsError) -> Node {
    switch value {
    case .bool(let value): return .bool(value)
    case .integer(let value): return .integer(value)
    case .unsignedInteger(let value): return .unsignedInteger(value)
    case .double(let value): return .object(["double": doubleNode(value)])
    case .string(let value):
      try checkStorable(value, what: "a string")
      return .string(value)
    case .data(let value): return .object(["data": .string(value.base64EncodedString())])
    case .date(let value): return .object(["date": .string(DateText.text(of: value))])
    case .array(let elements):
      var nodes: [Node] = []
      for element in elements { nodes.append(try node(of: element)) }
      return .array(nodes)
    case .dictionary(let members):
      var nodes: [String: Node] = [:]
      for (key, member) in members {
        try checkStorable(key, what: "a dictionary key")
        nodes[key] = try node(of: member)
      }
      if nodes.count == 1, let key = nodes.keys.first, tags.contains(key) {
        return .object(["dictionary": .object(nodes)])
      }
      return .object(nodes)
    }
  }

  private static func doubleNode(_ value: Double) -> Node {
    if value.isNaN { return .string("nan") }
    if value.isInfinite { return .string(value < 0 ? "-inf" : "inf") }
    // NB: numeric, which jsonb holds numbers as, has no negative zero.
    if value == 0, value.sign == .minus { return .string("-0") }
    return .double(value)
  }

  private static func value(of node: Node) throws -> PropertyListValue {
    switch node {
    case .bool(let value): return .bool(value)
    case .integer(let value): return .integer(value)
    case .unsignedInteger(let value): return .unsignedInteger(value)
    // NB: a number with a fraction is a floating-point number even untagged, as written by hand.
    case .double(let value): return .double(value)
    case .string(let value): return .string(value)
    case .array(let nodes): return .array(try nodes.map(value(of:)))
    case .object(let members):
      if members.count == 1, let only = members.first, tags.contains(only.key) {
        return try tagged(only.key, only.value)
      }
      return .dictionary(try members.mapValues(value(of:)))
    }
  }

  private static func tagged(_ tag: String, _ member: Node) throws -> PropertyListValue {
    switch (tag, member) {
    case ("double", .double(let value)): return .double(value)
    case ("double", .integer(let value)): return .double(Double(value))
    case ("double", .unsignedInteger(let value)): return .double(Double(value))
    case ("double", .string(let text)):
      let special: [String: Double] = ["nan": .nan, "inf": .infinity, "-inf": -.infinity, "-0": -0.0]
      if let value = special[text] ?? Double(text) { return .double(value) }
    case ("date", .string(let text)):
      if let date = DateText.date(from: text) { return .date(date) }
    case ("data", .string(let text)):
      if let data = Data(base64Encoded: text) { return .data(data) }
    case ("dictionary", .object(let members)):
      return .dictionary(try members.mapValues(value(of:)))
    default: break
    }
    throw MappingError(detail: "{\"\(tag)\": ...} does not hold a \(tag) as the mapping writes one")
  }

  /// A stored JSON value that the mapping does not read.
  struct MappingError: Error, CustomStringConvertible {
    let detail: String
    var description: String { detail }
  }

  /// A JSON value, numbers kept as integers where their text is one.
  enum Node: Codable {
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case double(Double)
    case string(String)
    case array([Node])
    case object([String: Node])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Int64.self) {
        self = .integer(value)
      } else if let value = try? container.decode(UInt64.self) {
        self = .unsignedInteger(value)
      } else if let value = try? container.decode(Double.self) {
        self = .double(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([Node].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: Node].self))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .bool(let value): try container.encode(value)
      case .integer(let value): try container.encode(value)
      case .unsignedInteger(let value): try container.encode(value)
      case .double(let value): try container.encode(value)
      case .string(let value): try container.encode(value)
      case .array(let value): try container.encode(value)
      case .object(let value): try container.encode(value)
      }
    }
  }
}
