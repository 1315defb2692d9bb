import Foundation
import UserDefaultsKitCore

/// Every type and edge value the runtime promises to store exactly.
public enum RoundTripMatrix {
  public static let cases: [RoundTripCase] =
    integers + floatingPoint + foundationValues + collections + customTypes

  static let integers: [RoundTripCase] = [
    RoundTripCase("bool.true", true), RoundTripCase("bool.false", false),
    RoundTripCase("int.zero", 0), RoundTripCase("int.negative", -1),
    RoundTripCase("int.min", Int.min), RoundTripCase("int.max", Int.max),
    RoundTripCase("int.maxMinusOne", Int.max - 1),
    RoundTripCase("int8.min", Int8.min), RoundTripCase("int8.max", Int8.max),
    RoundTripCase("int16.min", Int16.min), RoundTripCase("int16.max", Int16.max),
    RoundTripCase("int32.min", Int32.min), RoundTripCase("int32.max", Int32.max),
    RoundTripCase("int64.min", Int64.min), RoundTripCase("int64.max", Int64.max),
    RoundTripCase("uint.min", UInt.min), RoundTripCase("uint.max", UInt.max),
    RoundTripCase("uint.aboveIntMax", UInt(Int.max) + 1),
    RoundTripCase("uint8.min", UInt8.min), RoundTripCase("uint8.max", UInt8.max),
    RoundTripCase("uint16.min", UInt16.min), RoundTripCase("uint16.max", UInt16.max),
    RoundTripCase("uint32.min", UInt32.min), RoundTripCase("uint32.max", UInt32.max),
    RoundTripCase("uint64.min", UInt64.min), RoundTripCase("uint64.max", UInt64.max),
  ]

  static let floatingPoint: [RoundTripCase] =
    [Float(1.5), 0.1, .nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
    .enumerated().map { RoundTripCase("float.\($0.offset)", $0.element, equal: sameBits) }
    + [
      1.5, 0.1, 0.1 + 0.2, .nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude,
      .greatestFiniteMagnitude, 1e300,
    ]
    .enumerated().map { RoundTripCase("double.\($0.offset)", Double($0.element), equal: sameBits) }
    + [CGFloat(1.5), -0.0, .infinity]
    .enumerated().map { RoundTripCase("cgfloat.\($0.offset)", $0.element, equal: sameBits) }

  static let foundationValues: [RoundTripCase] = [
    RoundTripCase("string.empty", ""),
    RoundTripCase("string.unicode", "héllo 日本 👨‍👩‍👧 \u{202E}rtl e\u{301} a\r\nb"),
    RoundTripCase("string.xml", "<&>\"' ]]>"),
    RoundTripCase("string.megabyte", String(repeating: "0123456789abcdef", count: 65_536)),
    RoundTripCase("data.empty", Data()),
    RoundTripCase("data.megabyte", Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 * 31) })),
    RoundTripCase("date.fraction", Date(timeIntervalSince1970: 1.5)),
    RoundTripCase("date.micro", Date(timeIntervalSinceReferenceDate: 0.123456)),
    RoundTripCase("date.negativeFraction", Date(timeIntervalSince1970: -0.5)),
    RoundTripCase("date.distantPast", Date.distantPast),
    RoundTripCase("date.distantFuture", Date.distantFuture),
    RoundTripCase("url.web", URL(string: "https://x.y/z?q=1#f")!),
    RoundTripCase("url.host", URL(string: "https://example.com")!),
    RoundTripCase("url.file", URL(fileURLWithPath: "/data/a b/c.txt")),
    RoundTripCase("url.relative", URL(string: "rel/p")!),
    RoundTripCase("url.mail", URL(string: "mailto:a@b.c")!),
    RoundTripCase("uuid", UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
    RoundTripCase("decimal.pi", Decimal(string: "3.14")!),
    RoundTripCase("decimal.large", Decimal(string: "12345678901234567890.123456789")!),
  ]

  static let collections: [RoundTripCase] = [
    RoundTripCase("array.int", [1, 2, 3]), RoundTripCase("array.empty", [String]()),
    RoundTripCase("array.url", [URL(string: "https://a.b/c")!, URL(fileURLWithPath: "/x y")]),
    RoundTripCase("array.int8", [Int8.min, 0, Int8.max]),
    RoundTripCase("array.date", [Date(timeIntervalSince1970: 100.25)]),
    RoundTripCase("set.string", Set(["a", "b", "c"])),
    RoundTripCase("dictionary", ["a": 1, "b": -2]),
    RoundTripCase("dictionary.nested", ["a": ["b": [1, 2]], "c": [:]]),
    RoundTripCase("array.nested", [["x": [UInt64.max]], [:]]),
    RoundTripCase("optional.some", Int?.some(5)),
    RoundTripCase("optional.array", [String]?.some(["x"])),
    RoundTripCase("point", CGPoint(x: 1.5, y: -2)),
    RoundTripCase("size", CGSize(width: 3, height: 4.25)),
    RoundTripCase("rect", CGRect(x: 1, y: 2, width: 3, height: 4)),
  ]

  static let customTypes: [RoundTripCase] = [
    RoundTripCase("enum.string", FixtureTheme.dark),
    RoundTripCase("enum.int", FixtureDirection.west),
    RoundTripCase(
      "codable", FixtureProfile(name: "Ada", scores: [1, 2], joined: Date(timeIntervalSince1970: 0.25))),
    RoundTripCase(
      "codable.optional", FixtureProfile?.some(FixtureProfile(name: "Bo", scores: [], joined: .distantPast))),
    RoundTripCase("convertible", FixtureVector(x: 3, y: -4)),
    RoundTripCase("array.enum", [FixtureTheme.light, .dark]),
  ]
}

public enum FixtureTheme: String, Sendable, DefaultsSerializable, Codable {
  case light, dark
}

public enum FixtureDirection: Int, Sendable, DefaultsSerializable {
  case north, west, south, east
}

public struct FixtureProfile: Codable, Equatable, Sendable, DefaultsSerializable {
  public var name: String
  public var scores: [Int]
  public var joined: Date
}

public struct FixtureVector: Equatable, Sendable, DefaultsConvertible {
  public var x: Int
  public var y: Int
  public func convertedObject() -> [String: Int] { ["x": x, "y": y] }
  public static func instantiate(from object: [String: Int]) -> FixtureVector? {
    guard let x = object["x"], let y = object["y"] else { return nil }
    return FixtureVector(x: x, y: y)
  }
}
