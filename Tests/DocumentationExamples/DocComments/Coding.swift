// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKit

// The examples of the doc comments of value coding (DefaultsConvertible's is in the README's).

enum Automatic {
  enum Theme: String, Codable { case light, dark }

  static func encode() throws {
    let stored = try DefaultsCoding<Theme>.automatic?.encode(.dark)  // .string("dark")
    _ = stored
  }
}

enum Serializable {
  enum Theme: String, DefaultsSerializable { case light, dark }
  struct Profile: Codable, DefaultsSerializable { var name: String }
}

func makeCodings() {
  let encoder = JSONEncoder()
  encoder.dateEncodingStrategy = .iso8601
  let coding = DefaultsCoding<[Date]>.json(JSONCoding(encoder: encoder, decoder: JSONDecoder()))
  let celsius = DefaultsCoding<Measurement<UnitTemperature>>(
    encode: { .double($0.converted(to: .celsius).value) },
    decode: { $0.doubleValue.map { Measurement(value: $0, unit: .celsius) } })
  _ = (coding, celsius)
}

extension Serializable {
  static func makeDefaultsPackageCoding() {
    let profile = DefaultsKey<Profile?>(
      "profile", default: nil, store: UserDefaultsStore.standard, coding: .jsonString(.standard))
    _ = profile
  }
}

func makeOptionalCoding() {
  let coding = DefaultsCoding<[Date]?>.optional(.json(.standard))
  _ = coding
}

func makeJSONCoding() {
  let coding = JSONCoding(encoder: JSONEncoder(), decoder: JSONDecoder())
  _ = coding
}

func makePropertyListValues() {
  let value = PropertyListValue(foundationObject: UserDefaults.standard.object(forKey: "k") as Any)
  let point: PropertyListValue = .dictionary(["x": .double(1), "y": .double(2)])
  let byte = PropertyListValue(integer: UInt8.max)  // .integer(255)
  _ = (value, point, byte)
}

func jsonCodingData() throws {
  let data = try JSONCoding.standard.encode([1, 2])
  let numbers = try JSONCoding.standard.decode([Int].self, from: Data("[1,2]".utf8))
  _ = (data, numbers)
}
