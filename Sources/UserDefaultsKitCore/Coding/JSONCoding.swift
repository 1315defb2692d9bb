import Foundation

/// The JSON encoder and decoder pair used for `Codable` values.
///
/// ```swift
/// let coding = JSONCoding(encoder: JSONEncoder(), decoder: JSONDecoder())
/// ```
public struct JSONCoding: @unchecked Sendable {
  // NB: JSONEncoder and JSONDecoder are not Sendable on every platform. They are never mutated
  // after they are handed to us, and encoding and decoding with them is thread-safe.
  private let encoder: JSONEncoder
  private let decoder: JSONDecoder

  /// Wraps an encoder and a decoder. Do not change their settings afterwards.
  public init(encoder: JSONEncoder, decoder: JSONDecoder) {
    self.encoder = encoder
    self.decoder = decoder
  }

  /// Sorted keys, so that an unchanged value encodes to unchanged bytes.
  public static let standard: JSONCoding = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return JSONCoding(encoder: encoder, decoder: JSONDecoder())
  }()

  /// The JSON data of `value`.
  ///
  /// ```swift
  /// let data = try JSONCoding.standard.encode([1, 2])
  /// ```
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    try encoder.encode(value)
  }

  /// The value that JSON `data` describes.
  ///
  /// ```swift
  /// let numbers = try JSONCoding.standard.decode([Int].self, from: Data("[1,2]".utf8))
  /// ```
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decoder.decode(type, from: data)
  }

  /// The value that stored JSON describes: JSON data, the form the library writes, or a JSON
  /// string, the form sindresorhus/Defaults writes for a `Codable` value (`{"name":"Ada"}`, an
  /// enum's `"dark"` in quotes, a URL's `"https:\/\/x.y"`). Nil for any other stored form, or JSON
  /// that does not describe a `T`.
  func decode<T: Decodable>(_ type: T.Type, from value: PropertyListValue) -> T? {
    switch value {
    case .data(let data): return try? decoder.decode(type, from: data)
    case .string(let text): return try? decoder.decode(type, from: Data(text.utf8))
    default: return nil
    }
  }
}
