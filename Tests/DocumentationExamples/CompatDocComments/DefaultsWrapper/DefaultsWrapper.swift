// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKitCompatDefaultsWrapper

// Not type-checked on Linux: the import of a module Linux lacks (the stand-ins declare its types).
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// The examples of the doc comments of DefaultsWrapper's spellings.

struct Game {
  @Default(key: "NumberOfPlayers", defaultValue: 3) var playerCount: Int
  @Default(key: "HighScore") var highscore: Double?
}

struct GameWithNil {
  @Default(key: "HighScore", defaultValue: .nil) var highscore: Double?
}

struct Library {
  @Default(key: "Tags", defaultValue: NSArray(array: ["swift"])) var tags: NSArray
}

extension UserDefaultsKeyName {
  static let numberOfPlayers: UserDefaultsKeyName = "NumberOfPlayers"
}

func makeDefaultName() {
  let highScore = DefaultName(name: "HighScore")
  _ = highScore
}

enum DefaultsWrapper3 {
  struct Game {
    @Defaults("NumberOfPlayers") var playerCount = 3
    @Defaults("HighScore") var highscore: Double?
  }

  struct Board {
    @Defaults("Layout") var layout: [String: Any] = ["columns": 2]
  }
}

struct Profile: UserDefaultsCodable { var name: String }

enum Direction: String { case north, east, south, west }

func storeWithFoundationSpelling() {
  UserDefaults.standard.set(Direction.west, forKey: "direction")
  UserDefaults.standard.set(CGRect(x: 0, y: 0, width: 3, height: 4), forKey: "frame")
  let direction: Direction? = UserDefaults.standard.rawReprensentable(forKey: "direction")
  let origin: SIMD2<Int>? = UserDefaults.standard.convertible(forKey: "origin")
  UserDefaults.standard.register(3, forKey: "NumberOfPlayers")
  _ = (direction, origin)
}

extension SIMD2: UserDefaultsConvertible where Scalar == Int {
  public func convertedObject() -> [String: Int] { ["x": x, "y": y] }
  public static func instanciate(from object: [String: Int]) -> SIMD2<Int>? {
    guard let x = object["x"], let y = object["y"] else { return nil }
    return .init(x: x, y: y)
  }
}

func watchVolume() {
  let volume = DefaultsValue(key: "Volume", initialValue: 0.5) { volume in
    print("volume is now \(volume)")
  }
  volume.value = 0.8
  print(volume < 1)  // true
}

#if canImport(CoreGraphics) || APPLE_API_TYPECHECK
  struct Viewport {
    @Default(key: "Zoom", defaultValue: .identity) var zoom: CGAffineTransform
  }

  func storeTransform() {
    UserDefaults.standard.set(CGAffineTransform(scaleX: 2, y: 2), forKey: "zoom")
  }
#endif

struct Score: Codable { var points: Int }

func readAnyDecodable() {
  let score: Score? = UserDefaults.standard.decodable(forKey: "score")
  _ = score
}
