import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompat

// The code of DefaultsWrapper's README, as written there but for the import and the suite, and
// the behaviour that README documents.

private let suite = "UserDefaultsKitCompatTests.DefaultsWrapper.\(UUID().uuidString)"

extension DefaultName {
  static let numberOfPlayers: DefaultName = "NumberOfPlayers"
  static let startingPosition: DefaultName = "StartingPosition"
  static let highScore: DefaultName = "HighScore"
}

private struct Game {
  @Default(key: "NumberOfPlayers", defaultValue: 3, defaults: UserDefaults(suiteName: suite)!)
  var playerCount: Int

  @Default(key: "StartingPosition", defaultValue: .zero, defaults: UserDefaults(suiteName: suite)!)
  var startPos: CGPoint

  @Default(key: "HighScore", defaults: UserDefaults(suiteName: suite)!)
  var highscore: Double?
}

private struct GameWithNames {
  @Default(key: .numberOfPlayers, defaultValue: 3, defaults: UserDefaults(suiteName: suite)!)
  var playerCount: Int
}

private struct GameWithoutRegistration {
  @Default(
    key: "NumberOfPlayersUnregistered", defaultValue: 3, defaults: UserDefaults(suiteName: suite)!,
    registerValue: false)
  var playerCount: Int
}

enum Direction: Int {
  case north = 0
  case west, south, east
}

private struct Move {
  @Default(key: "Direction", defaultValue: Direction.north, defaults: UserDefaults(suiteName: suite)!)
  var direction: Direction
}

extension SIMD2: UserDefaultsConvertible where Scalar == Int {
  public func convertedObject() -> [String: Int] {
    ["x": self.x, "y": self.y]
  }

  public static func instanciate(from object: [String: Int]) -> SIMD2<Int>? {
    guard let x = object["x"], let y = object["y"] else { return nil }

    return .init(x: x, y: y)
  }
}

// The README's generic form of the same conformance, on SIMD3 because SIMD2 already has one here.
extension SIMD3: UserDefaultsConvertible where Scalar: PropertyListSerializable {
  public func convertedObject() -> [String: Scalar] {
    ["x": self.x, "y": self.y, "z": self.z]
  }

  public static func instanciate(from object: [String: Scalar]) -> Self? {
    guard let x = object["x"], let y = object["y"], let z = object["z"] else { return nil }

    return .init(x: x, y: y, z: z)
  }
}

extension NSNumber: PropertyListSerializable {}

private struct Board {
  @Default(key: "Origin", defaultValue: SIMD2<Int>(x: 0, y: 0), defaults: UserDefaults(suiteName: suite)!)
  var origin: SIMD2<Int>

  @Default(key: "Target", defaults: UserDefaults(suiteName: suite)!)
  var target: SIMD2<Int>?
}

private struct Record: UserDefaultsCodable, Equatable {
  var name: String
  var points: Int
}

@Suite("DefaultsWrapper README", .serialized)
struct DefaultsWrapperTests {
  @Test("@Default stores, reads, registers and removes as documented")
  func game() {
    let testDefaults = UserDefaults(suiteName: suite)!
    let game = Game()
    #expect(game.playerCount == 3)
    #expect(testDefaults.integer(forKey: "NumberOfPlayers") == 3, "registered by default")
    #expect(game.startPos == .zero)
    #expect(game.highscore == nil, "no default: an optional reads nil")
    game.playerCount = 4
    game.startPos = CGPoint(x: 2, y: 3)
    game.highscore = 1_000
    #expect(GameWithNames().playerCount == 4)
    #expect(
      testDefaults.dictionary(forKey: "StartingPosition")?["x"] as? Double == 2, "a readable dictionary")
    game.highscore = nil
    #expect(testDefaults.persistentDomain(forName: suite)?["HighScore"] == nil, "nil removes the value")
  }

  @Test("registerValue: false keeps the default out of the registration domain")
  func noRegistration() {
    let testDefaults = UserDefaults(suiteName: suite)!
    #expect(GameWithoutRegistration().playerCount == 3)
    #expect(testDefaults.object(forKey: "NumberOfPlayersUnregistered") == nil)
  }

  @Test("Enums with a raw value, UserDefaultsConvertible and UserDefaultsCodable")
  func customTypes() {
    let testDefaults = UserDefaults(suiteName: suite)!
    let move = Move()
    move.direction = .south
    #expect(Move().direction == .south)
    #expect(testDefaults.integer(forKey: "Direction") == 2)

    let board = Board()
    #expect(board.origin == SIMD2(x: 0, y: 0))
    board.origin = SIMD2(x: 3, y: 4)
    #expect(Board().origin == SIMD2(x: 3, y: 4))
    #expect(testDefaults.dictionary(forKey: "Origin") as? [String: Int] == ["x": 3, "y": 4])
    board.target = SIMD2(x: 1, y: 1)
    #expect(board.target == SIMD2(x: 1, y: 1))

    @Default(key: "Scale", defaultValue: SIMD3<Double>(1, 1, 1), defaults: testDefaults)
    var scale: SIMD3<Double>
    scale = SIMD3(2, 3, 4)
    #expect(scale == SIMD3(2, 3, 4))
    #expect(testDefaults.dictionary(forKey: "Scale") as? [String: Double] == ["x": 2, "y": 3, "z": 4])

    testDefaults.set(Record(name: "a", points: 1), forKey: "Record")
    let record: Record? = testDefaults.decodable(forKey: "Record")
    #expect(record == Record(name: "a", points: 1))
  }

  @Test("The UserDefaults extension keeps DefaultsWrapper's spellings")
  func userDefaultsExtension() {
    let testDefaults = UserDefaults(suiteName: suite)!
    testDefaults.set(Direction.west, forKey: "LastDirection")
    let direction: Direction? = testDefaults.rawReprensentable(forKey: "LastDirection")
    #expect(direction == .west)
    testDefaults.set(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "Frame")
    #expect(testDefaults.cgRect(forKey: "Frame") == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(testDefaults.cgSize(forKey: "Missing") == .zero)
    testDefaults.register(SIMD2<Int>(x: 9, y: 9), forKey: "RegisteredOrigin")
    #expect(testDefaults.dictionary(forKey: "RegisteredOrigin") as? [String: Int] == ["x": 9, "y": 9])
  }
}
