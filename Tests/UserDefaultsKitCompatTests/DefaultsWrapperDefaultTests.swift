import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompat

extension DefaultName {
  fileprivate static let numberOfPlayers: DefaultName = "NumberOfPlayers"
}

private enum Direction: Int {
  case north = 0
  case west, south, east
}

private struct Score: UserDefaultsCodable, Equatable {
  var points: Int
}

extension SIMD2: DefaultsSerializable, DefaultsConvertible where Scalar == Int {
  public func convertedObject() -> [String: Int] { ["x": x, "y": y] }
  public static func instantiate(from object: [String: Int]) -> SIMD2<Int>? {
    guard let x = object["x"], let y = object["y"] else { return nil }
    return SIMD2(x: x, y: y)
  }
}

private let gameSuite = temporarySuiteName()

private struct Game {
  @Default(key: .numberOfPlayers, defaultValue: 3, defaults: UserDefaults(suiteName: gameSuite)!)
  var playerCount: Int

  @Default(key: "StartingPosition", defaultValue: .zero, defaults: UserDefaults(suiteName: gameSuite)!)
  var startPos: CGPoint

  @Default(key: "HighScore", defaults: UserDefaults(suiteName: gameSuite)!)
  var highscore: Double?
}

@Suite("@Default")
struct DefaultWrapperTests {
  @Test("The documented Game example stores, reads and registers")
  func game() async {
    defer { removeSuite(gameSuite) }
    let defaults = UserDefaults(suiteName: gameSuite)!
    let game = Game()
    #expect(game.playerCount == 3)
    #expect(game.startPos == .zero)
    #expect(game.highscore == nil)
    #expect(defaults.integer(forKey: "NumberOfPlayers") == 3, "registered")

    game.playerCount = 4
    game.startPos = CGPoint(x: 1, y: 2)
    game.highscore = 99.5
    #expect(Game().playerCount == 4)
    #expect(Game().startPos == CGPoint(x: 1, y: 2))
    #expect(defaults.double(forKey: "HighScore") == 99.5)

    game.highscore = nil
    #expect(defaults.persistentDomain(forName: gameSuite)?["HighScore"] == nil)
  }

  @Test("registerValue: false keeps the default out of the registration domain")
  func noRegistration() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    @Default(key: "NumberOfPlayers2", defaultValue: 3, defaults: defaults, registerValue: false)
    var playerCount: Int
    #expect(playerCount == 3)
    #expect(defaults.object(forKey: "NumberOfPlayers2") == nil)
  }

  @Test("Enums with a storable raw value work without any conformance")
  func enums() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    @Default(key: "direction", defaultValue: Direction.north, defaults: defaults)
    var direction: Direction
    @Default(key: "lastDirection", defaults: defaults)
    var lastDirection: Direction?

    #expect(direction == .north)
    direction = .east
    #expect(direction == .east)
    #expect(defaults.integer(forKey: "direction") == 3)
    #expect(lastDirection == nil)
    lastDirection = .west
    #expect(lastDirection == .west)
    lastDirection = nil
    #expect(defaults.persistentDomain(forName: suite)?["lastDirection"] == nil)
  }

  @Test("Optional properties with a default never read nil")
  func optionalWithDefault() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    @Default(key: "level", defaultValue: 2, defaults: defaults)
    var level: Int?
    #expect(level == 2)
    level = 5
    #expect(level == 5)
    level = nil
    #expect(level == 2)
  }

  @Test("UserDefaultsCodable, DefaultsConvertible and CoreGraphics types")
  func customTypes() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    @Default(key: "score", defaults: defaults) var score: Score?
    @Default(key: "vector", defaultValue: SIMD2(x: 0, y: 0), defaults: defaults) var vector: SIMD2<Int>
    @Default(key: "frame", defaultValue: .zero, defaults: defaults) var frame: CGRect
    @Default(key: "scale", defaultValue: 1, defaults: defaults) var scale: CGFloat

    score = Score(points: 10)
    vector = SIMD2(x: 3, y: 4)
    frame = CGRect(x: 1, y: 2, width: 3, height: 4)
    scale = 2.5
    #expect(score == Score(points: 10))
    #expect(vector == SIMD2(x: 3, y: 4))
    #expect(defaults.object(forKey: "vector") as? [String: Int] == ["x": 3, "y": 4])
    #expect(frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(defaults.double(forKey: "scale") == 2.5)
  }

  @Test("The projected value is the key, for resetting and observing")
  func projectedValue() {
    let store = InMemoryDefaultsStore()
    @Default(key: "count", defaultValue: 0, store: store) var count: Int
    count = 5
    #expect(!$count.isDefault)
    $count.reset()
    #expect(count == 0)
  }

  @Test("The typed UserDefaults extension stores every supported type")
  func typedExtension() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    defaults.set(Direction.south, forKey: "direction")
    defaults.set(Score(points: 3), forKey: "score")
    defaults.set(CGPoint(x: 1, y: 2), forKey: "point")
    defaults.set(CGSize(width: 3, height: 4), forKey: "size")
    defaults.set(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "rect")
    defaults.set(CGFloat(1.5), forKey: "float")
    defaults.register(UInt64.max, forKey: "registered")

    let direction: Direction? = defaults.rawRepresentable(forKey: "direction")
    let score: Score? = defaults.decodable(forKey: "score")
    #expect(direction == .south)
    #expect(score == Score(points: 3))
    #expect(defaults.cgPoint(forKey: "point") == CGPoint(x: 1, y: 2))
    #expect(defaults.cgSize(forKey: "size") == CGSize(width: 3, height: 4))
    #expect(defaults.cgRect(forKey: "rect") == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(defaults.cgFloat(forKey: "float") == 1.5)
    #expect(defaults.cgPoint(forKey: "missing") == .zero)
    #expect(defaults.storedValue(UInt64.self, forKey: "registered") == .max)

    defaults.set(Score?.none, forKey: "score")
    #expect(defaults.persistentDomain(forName: suite)?["score"] == nil)
  }

  @Test("Foundation object types opt in with an empty PropertyListSerializable extension")
  func foundationObjects() {
    let store = InMemoryDefaultsStore()
    @Default(key: "number", defaultValue: NSNumber(value: 4), store: store) var number: NSNumber
    @Default(key: "text", defaultValue: NSString(string: "a"), store: store) var text: NSString
    number = NSNumber(value: 7)
    text = "b"
    #expect(number == NSNumber(value: 7))
    #expect(text == "b")
    #expect(store.read("number") == .integer(7))
  }
}
