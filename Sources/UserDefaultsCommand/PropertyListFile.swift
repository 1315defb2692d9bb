import ArgumentParser
import Foundation
import UserDefaultsKitCore

/// The file formats of `export` and `import`.
enum PropertyListFile: String, ExpressibleByArgument, CaseIterable {
  /// An XML property list: readable and editable, but it keeps dates to the whole second and loses
  /// the sign of -0.0 (CoreFoundation's XML writer).
  case xml
  /// A binary property list: every value exactly, as the library stores suites on Linux.
  case binary
  /// JSON: dates and data become strings (see ``JSONText``).
  case json

  /// The format a file name suggests: JSON for `.json`, else an XML property list.
  init(fileName: String) {
    self = fileName.lowercased().hasSuffix(".json") ? .json : .xml
  }

  func data(of values: [String: PropertyListValue]) throws -> Data {
    switch self {
    case .json: return Data((JSONText.text(of: .dictionary(values)) + "\n").utf8)
    case .xml, .binary:
      let format: PropertyListSerialization.PropertyListFormat = self == .xml ? .xml : .binary
      let object = PropertyListValue.dictionary(values).foundationObject
      return try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
    }
  }

  /// The dictionary a file holds: a property list in any format (XML, binary, old-style text), or
  /// JSON. Anything else, or a top level that is not a dictionary, is an error.
  static func values(in data: Data, fileName: String) throws -> [String: PropertyListValue] {
    let value: PropertyListValue
    if PropertyListFile(fileName: fileName) == .json {
      value = try JSONText.value(from: data)
    } else if let object = try? PropertyListSerialization.propertyList(from: data, format: nil) {
      guard let parsed = PropertyListValue(foundationObject: object) else {
        throw ToolError("\(fileName) holds a value that is not a property-list value")
      }
      value = parsed
    } else {
      do {
        value = try JSONText.value(from: data)
      } catch {
        throw ToolError("\(fileName) is neither a property list nor JSON")
      }
    }
    guard case .dictionary(let values) = value else {
      throw ToolError("\(fileName) does not hold a dictionary of keys and values at its top level")
    }
    return values
  }
}
