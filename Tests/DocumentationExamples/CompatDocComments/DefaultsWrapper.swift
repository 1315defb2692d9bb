// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKitCompat

// The examples of the doc comments of DefaultsWrapper's spellings.

struct Game {
  @Default(key: "NumberOfPlayers", defaultValue: 3) var playerCount: Int
}

extension NSArray: PropertyListSerializable {}

struct Profile: UserDefaultsCodable { var name: String }

enum Direction: String { case north, east, south, west }

func storeWithFoundationSpelling() {
  UserDefaults.standard.set(Direction.west, forKey: "direction")
  UserDefaults.standard.set(CGRect(x: 0, y: 0, width: 3, height: 4), forKey: "frame")
}

extension SIMD2: UserDefaultsConvertible where Scalar == Int {
  public func convertedObject() -> [String: Int] { ["x": x, "y": y] }
  public static func instanciate(from object: [String: Int]) -> SIMD2<Int>? {
    guard let x = object["x"], let y = object["y"] else { return nil }
    return .init(x: x, y: y)
  }
}
