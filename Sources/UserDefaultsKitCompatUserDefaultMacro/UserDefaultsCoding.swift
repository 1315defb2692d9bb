import Foundation

/// How UserDefaultMacro's `coding:` argument turns a `Codable` value into data and back.
///
/// ```swift
/// struct ISO8601JSONCoding: UserDefaultsCoding {
///   func encode<T: Encodable>(_ value: T) throws -> Data {
///     let encoder = JSONEncoder()
///     encoder.dateEncodingStrategy = .iso8601
///     return try encoder.encode(value)
///   }
///   func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
///     let decoder = JSONDecoder()
///     decoder.dateDecodingStrategy = .iso8601
///     return try decoder.decode(type, from: data)
///   }
/// }
/// ```
public protocol UserDefaultsCoding {
  /// The data of `value`.
  func encode<T: Encodable>(_ value: T) throws -> Data
  /// The value that `data` describes.
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

/// Property-list data, as `PropertyListEncoder` makes it.
///
/// ```swift
/// let data = try PlistCoding().encode(["a": 1])
/// ```
public struct PlistCoding: UserDefaultsCoding, Sendable {
  public init() {}

  public func encode<T: Encodable>(_ value: T) throws -> Data {
    try PropertyListEncoder().encode(value)
  }

  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try PropertyListDecoder().decode(type, from: data)
  }
}

// NB: UserDefaultMacro's `JSONCoding` is the library's own, which already encodes and decodes JSON.
extension JSONCoding: UserDefaultsCoding {
  /// JSON made and read by a plain `JSONEncoder` and `JSONDecoder`, as UserDefaultMacro's
  /// `JSONCoding()` does.
  public init() {
    self.init(encoder: JSONEncoder(), decoder: JSONDecoder())
  }
}

extension UserDefaultsCoding where Self == PlistCoding {
  /// Property-list data.
  public static var plist: PlistCoding { PlistCoding() }
}

extension UserDefaultsCoding where Self == JSONCoding {
  /// JSON data.
  public static var json: JSONCoding { JSONCoding() }
}

/// The coding of a property stored with `coding`: data made by it; data it cannot read reads as
/// the default; an optional's `nil` removes the key. Called by generated code.
@_documentation(visibility: private)
public func _coding<Value: Codable>(_ coding: some UserDefaultsCoding) -> DefaultsCoding<Value> {
  .data(encode: coding.encode, decode: { try coding.decode(Value.self, from: $0) })
}
