// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKit

// README, "Declaring settings without macros".

extension DefaultName {
  static let volume: DefaultName = "volume"   // DefaultName is also a string literal
}

func declareKeys(myEncoder: JSONEncoder, myDecoder: JSONDecoder) {
  let volume = DefaultsKey<Double>(.volume, default: 0.5)                      // UserDefaults.standard
  let name = DefaultsKey<String?>("name", store: UserDefaultsStore.suite("com.example.app"))  // nil by default
  let profile = DefaultsKey<Profile?>("profile", default: nil, encoder: myEncoder, decoder: myDecoder)
  _ = (volume, name, profile)
}

extension DefaultsKey where Value == Int {
  static let playerCount = DefaultsKey("NumberOfPlayers", default: 3)
}
struct Game {
  @Default(.playerCount) var playerCount
}

extension SIMD2: DefaultsSerializable, DefaultsConvertible where Scalar == Int {
  public func convertedObject() -> [String: Int] { ["x": x, "y": y] }
  public static func instantiate(from object: [String: Int]) -> SIMD2<Int>? {
    guard let x = object["x"], let y = object["y"] else { return nil }
    return SIMD2(x: x, y: y)
  }
}
