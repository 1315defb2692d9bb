import ArgumentParser
import Foundation
import UserDefaultsKitCore

/// The type flag of `write`, which says how the VALUE arguments are read.
enum ValueType: String, EnumerableFlag {
  case string, int, float, bool, date, data, array, dict, json

  static func help(for value: ValueType) -> ArgumentHelp? {
    switch value {
    case .string: "VALUE is a string (the default)."
    case .int: "VALUE is an integer: 42, or -7 after --."
    case .float: "VALUE is a floating-point number: 0.5, 1e-3, nan, inf."
    case .bool: "VALUE is a boolean: true, false, yes, no, 1 or 0."
    case .date: "VALUE is a date: 2026-11-25T10:30:00Z (ISO 8601) or 2026-11-25 10:30:00 +0000."
    case .data: "VALUE is bytes in hex (48656c6c6f, <48656c6c 6f>) or base64 after 'base64:'."
    case .array: "Each VALUE is a string element of an array; none makes an empty array."
    case .dict: "VALUEs are pairs of string keys and string values of a dictionary."
    case .json: "VALUE is JSON, for nested and typed values: '{\"size\": [1, 2]}'."
    }
  }

  /// The value that `arguments` stand for, or an error that says what this type takes.
  func value(from arguments: [String]) throws -> PropertyListValue {
    switch self {
    case .array: return .array(arguments.map(PropertyListValue.string))
    case .dict: return try Self.dictionary(from: arguments)
    default:
      guard arguments.count == 1, let argument = arguments.first else {
        let given = arguments.isEmpty ? "" : ": " + arguments.joined(separator: " ")
        throw ToolError("--\(rawValue) takes one VALUE, not \(arguments.count)\(given)")
      }
      return try value(from: argument)
    }
  }

  private func value(from argument: String) throws -> PropertyListValue {
    switch self {
    case .string, .array, .dict: return .string(argument)
    case .int:
      if let value = Int64(argument) { return .integer(value) }
      if let value = UInt64(argument) { return .unsignedInteger(value) }
      throw ToolError("'\(argument)' is not an integer: --int takes a whole number such as 42 or -7")
    case .float:
      guard let value = Double(argument) else {
        throw ToolError("'\(argument)' is not a number: --float takes a number such as 0.5 or 1e-3")
      }
      return .double(value)
    case .bool:
      switch argument.lowercased() {
      case "true", "yes", "1": return .bool(true)
      case "false", "no", "0": return .bool(false)
      default: throw ToolError("'\(argument)' is not a boolean: --bool takes true, false, yes, no, 1 or 0")
      }
    case .date:
      guard let date = DateText.date(from: argument) else {
        throw ToolError(
          "'\(argument)' is not a date: --date takes 2026-11-25T10:30:00Z (ISO 8601) or 2026-11-25 10:30:00 +0000"
        )
      }
      return .date(date)
    case .data:
      guard let data = Self.data(from: argument) else {
        throw ToolError(
          "'\(argument)' is not data: --data takes hex digits (48656c6c6f) or base64 after 'base64:' (base64:SGVsbG8=)"
        )
      }
      return .data(data)
    case .json:
      return try JSONText.value(from: Data(argument.utf8))
    }
  }

  private static func dictionary(from arguments: [String]) throws -> PropertyListValue {
    guard arguments.count.isMultiple(of: 2) else {
      throw ToolError("--dict takes pairs of keys and values; '\(arguments.last ?? "")' has no value")
    }
    var entries: [String: PropertyListValue] = [:]
    for index in stride(from: 0, to: arguments.count, by: 2) {
      entries[arguments[index]] = .string(arguments[index + 1])
    }
    return .dictionary(entries)
  }

  /// Hex digits, as `defaults write -data` takes them and `read` prints them (spaces, angle
  /// brackets and a 0x prefix allowed), or base64 after `base64:`: a string of hex digits is often
  /// valid base64 too, so base64 is asked for by name.
  private static func data(from argument: String) -> Data? {
    if argument.hasPrefix("base64:") {
      return Data(base64Encoded: String(argument.dropFirst("base64:".count)))
    }
    var digits = argument.filter { !$0.isWhitespace }
    if digits.hasPrefix("<"), digits.hasSuffix(">") { digits = String(digits.dropFirst().dropLast()) }
    if digits.hasPrefix("0x") { digits = String(digits.dropFirst(2)) }
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    var index = digits.startIndex
    while index < digits.endIndex {
      let next = digits.index(index, offsetBy: 2)
      guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
      bytes.append(byte)
      index = next
    }
    return Data(bytes)
  }
}
