import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompatDefaultsWrapper

// Code written for DefaultsWrapper 1 (its README and its tests), as written there but for the
// import and the suite, and what DefaultsWrapper 1 stores and returns for it, read back with plain
// `UserDefaults` calls.

extension DefaultName {
  fileprivate static let numberOfPlayers: DefaultName = "NumberOfPlayers"
  fileprivate static let startingPosition: DefaultName = "StartingPosition"
  fileprivate static let highScore: DefaultName = "HighScore"
  fileprivate static let direction: DefaultName = "Direction"
  fileprivate static let lastDirection: DefaultName = "LastDirection"
  fileprivate static let origin: DefaultName = "Origin"
  fileprivate static let target: DefaultName = "Target"
  fileprivate static let scale: DefaultName = "Scale"
  fileprivate static let record: DefaultName = "Record"
  fileprivate static let lastRecord: DefaultName = "LastRecord"
}

/// The suite of the running test, which the declarations below name as `.dw1TestSuite`: each test
/// makes its own and removes it afterwards.
private enum RunningTest {
  @TaskLocal static var suiteName = ""
}

extension UserDefaults {
  fileprivate static var dw1TestSuite: UserDefaults {
    UserDefaultsStore.suite(RunningTest.suiteName).userDefaults
  }
}

private func withTestSuite(_ body: (_ defaults: UserDefaults, _ suiteName: String) throws -> Void) rethrows {
  let suiteName = temporarySuiteName()
  defer { removeSuite(suiteName) }
  try RunningTest.$suiteName.withValue(suiteName) { try body(.dw1TestSuite, suiteName) }
}

/// Whether a value is stored for `key` in the suite's own domain (not merely registered).
private func isStored(_ key: String, in suiteName: String) -> Bool {
  UserDefaults.dw1TestSuite.persistentDomain(forName: suiteName)?[key] != nil
}

private struct Game {
  @Default(key: "NumberOfPlayers", defaultValue: 3, defaults: .dw1TestSuite)
  var playerCount: Int

  @Default(key: "StartingPosition", defaultValue: .zero, defaults: .dw1TestSuite)
  var startPos: CGPoint

  @Default(key: "HighScore", defaults: .dw1TestSuite)
  var highscore: Double?
}

private struct GameWithNames {
  @Default(key: .numberOfPlayers, defaultValue: 3, defaults: .dw1TestSuite)
  var playerCount: Int

  @Default(key: .highScore, defaultValue: .nil, defaults: .dw1TestSuite)
  var highscore: Double?
}

// Three declarations of one key with different defaults, which the README warns about.
private struct Lives {
  @Default(key: "Lives", defaultValue: 3, defaults: .dw1TestSuite) var lives: Int
}

private struct BonusLives {
  @Default(key: "Lives", defaultValue: 5, defaults: .dw1TestSuite) var lives: Int
}

private struct UnregisteredLives {
  @Default(key: "Lives", defaultValue: 1, defaults: .dw1TestSuite, registerValue: false) var lives: Int
}

private enum Direction: Int {
  case north = 0
  case west, south, east
}

private struct Move {
  @Default(key: .direction, defaultValue: Direction.north, defaults: .dw1TestSuite)
  var direction: Direction

  @Default(key: .lastDirection, defaults: .dw1TestSuite)
  var lastDirection: Direction?
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

// The README's generic form of the conformance, on SIMD3 because SIMD2 has one already.
extension SIMD3: UserDefaultsConvertible where Scalar: PropertyListSerializable {
  public func convertedObject() -> [String: Scalar] {
    ["x": self.x, "y": self.y, "z": self.z]
  }

  public static func instanciate(from object: [String: Scalar]) -> Self? {
    guard let x = object["x"], let y = object["y"], let z = object["z"] else { return nil }

    return .init(x: x, y: y, z: z)
  }
}

private struct Board {
  @Default(key: .origin, defaultValue: SIMD2<Int>(x: 0, y: 0), defaults: .dw1TestSuite)
  var origin: SIMD2<Int>

  @Default(key: .target, defaults: .dw1TestSuite)
  var target: SIMD2<Int>?

  @Default(key: .scale, defaultValue: SIMD3<Double>(1, 1, 1), defaults: .dw1TestSuite)
  var scale: SIMD3<Double>
}

private struct Record: UserDefaultsCodable, Equatable {
  var name: String
  var points: Int
}

/// A value whose encoding fails, which stopped DefaultsWrapper's process.
private struct Unencodable: UserDefaultsCodable, Equatable {
  var isValid: Bool

  init(isValid: Bool) { self.isValid = isValid }

  func encode(to encoder: any Encoder) throws {
    guard isValid else {
      throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "invalid"))
    }
    var container = encoder.singleValueContainer()
    try container.encode(isValid)
  }

  init(from decoder: any Decoder) throws {
    isValid = try decoder.singleValueContainer().decode(Bool.self)
  }
}

private struct Scores {
  @Default(key: .record, defaultValue: Record(name: "nobody", points: 0), defaults: .dw1TestSuite)
  var record: Record

  @Default(key: .lastRecord, defaults: .dw1TestSuite)
  var lastRecord: Record?
}

private struct Canvas {
  @Default(key: "LineWidth", defaultValue: 1, defaults: .dw1TestSuite) var lineWidth: CGFloat
  @Default(key: "TileSize", defaultValue: .zero, defaults: .dw1TestSuite) var tileSize: CGSize
  @Default(key: "Frame", defaultValue: .zero, defaults: .dw1TestSuite) var frame: CGRect
  @Default(key: "Magnification", defaults: .dw1TestSuite) var magnification: CGFloat?
}

private struct Collections {
  @Default(key: "Players", defaultValue: ["Ann", "Bob"], defaults: .dw1TestSuite) var players: [String]
  @Default(key: "Ranks", defaultValue: [:], defaults: .dw1TestSuite) var ranks: [String: Int]
  @Default(key: "Photo", defaults: .dw1TestSuite) var photo: Data?
  @Default(key: "Home", defaultValue: URL(string: "https://example.com")!, defaults: .dw1TestSuite) var home:
    URL
  @Default(key: "Launched", defaultValue: Date(timeIntervalSince1970: 0), defaults: .dw1TestSuite)
  var launched: Date
}

private struct FoundationObjects {
  @Default(key: "Number", defaultValue: NSNumber(value: 4), defaults: .dw1TestSuite) var number: NSNumber
  @Default(key: "Title", defaultValue: NSString(string: "untitled"), defaults: .dw1TestSuite) var title:
    NSString
  @Default(key: "Tags", defaultValue: NSArray(array: ["a"]), defaults: .dw1TestSuite) var tags: NSArray
  @Default(key: "Sizes", defaultValue: NSDictionary(dictionary: ["s": 1]), defaults: .dw1TestSuite)
  var sizes: NSDictionary
}

@Suite("DefaultsWrapper 1")
struct DefaultsWrapper1Tests {
  @Test("The README's Game: defaults registered, values stored, nil removes")
  func readmeGame() {
    withTestSuite { defaults, suiteName in
      let game = Game()
      #expect(game.playerCount == 3)
      #expect(defaults.integer(forKey: "NumberOfPlayers") == 3, "the default is registered")
      #expect(!isStored("NumberOfPlayers", in: suiteName), "registered, not stored")
      #expect(game.startPos == .zero)
      #expect(game.highscore == nil, "no default: an optional reads nil")

      game.playerCount = 4
      game.startPos = CGPoint(x: 2, y: 3)
      game.highscore = 1_000
      #expect(defaults.integer(forKey: "NumberOfPlayers") == 4)
      #expect(defaults.dictionary(forKey: "StartingPosition") as? [String: Double] == ["x": 2, "y": 3])
      #expect(defaults.double(forKey: "HighScore") == 1_000)
      #expect(GameWithNames().playerCount == 4, "the same key through a DefaultName")

      game.highscore = nil
      #expect(!isStored("HighScore", in: suiteName))
      #expect(defaults.object(forKey: "HighScore") == nil)
      #expect(GameWithNames().highscore == nil, "`.nil` is the default of an optional")
    }
  }

  @Test("The first registration wins; registerValue: false registers nothing")
  func registration() {
    withTestSuite { defaults, _ in
      #expect(UnregisteredLives().lives == 1)
      #expect(defaults.object(forKey: "Lives") == nil, "not registered")

      #expect(BonusLives().lives == 5)
      #expect(defaults.integer(forKey: "Lives") == 5)
      let lives = Lives()
      #expect(lives.lives == 5, "5 was registered first: 3 is not registered")
      #expect(defaults.integer(forKey: "Lives") == 5)
      #expect(UnregisteredLives().lives == 5, "it reads the registered value")
      lives.lives = 2
      #expect(BonusLives().lives == 2)
    }
  }

  @Test("A stored value keeps a default from being registered")
  func storedValueBeforeRegistration() {
    withTestSuite { defaults, _ in
      defaults.set(7, forKey: "Rounds")
      defaults.storeDirectWrites()
      @Default(key: "Rounds", defaultValue: 3, defaults: defaults) var rounds: Int
      #expect(rounds == 7)
      defaults.removeObject(forKey: "Rounds")
      defaults.storeDirectWrites()
      #expect(defaults.object(forKey: "Rounds") == nil, "3 was not registered")
      #expect(rounds == 3, "the declaration's own default")
    }
  }

  @Test("An optional with a default reads the default again once nil is assigned")
  func optionalWithDefault() {
    withTestSuite { defaults, suiteName in
      @Default(key: "Level", defaultValue: 2, defaults: defaults) var level: Int?
      #expect(level == 2)
      level = 5
      #expect(defaults.integer(forKey: "Level") == 5)
      level = nil
      #expect(!isStored("Level", in: suiteName))
      #expect(level == 2)
      #expect(defaults.integer(forKey: "Level") == 2, "the registered default")
    }
  }

  @Test("Enums with a raw value store it; the UserDefaults extension reads it")
  func enums() {
    withTestSuite { defaults, suiteName in
      let move = Move()
      #expect(move.direction == .north)
      #expect(defaults.integer(forKey: "Direction") == 0, "the raw value is registered")
      move.direction = .south
      #expect(defaults.integer(forKey: "Direction") == 2)
      #expect(defaults.rawReprensentable(forKey: "Direction") == Direction.south)
      #expect(Move().direction == .south)

      #expect(move.lastDirection == nil)
      move.lastDirection = .west
      #expect(defaults.integer(forKey: "LastDirection") == 1)
      move.lastDirection = nil
      #expect(!isStored("LastDirection", in: suiteName))
      #expect(defaults.rawReprensentable(forKey: "LastDirection") == Direction?.none)
    }
  }

  @Test("UserDefaultsConvertible types store their converted object")
  func convertibleTypes() {
    withTestSuite { defaults, suiteName in
      let board = Board()
      #expect(board.origin == SIMD2(x: 0, y: 0))
      #expect(defaults.dictionary(forKey: "Origin") as? [String: Int] == ["x": 0, "y": 0], "registered")
      board.origin = SIMD2(x: 3, y: 4)
      #expect(defaults.dictionary(forKey: "Origin") as? [String: Int] == ["x": 3, "y": 4])
      #expect(Board().origin == SIMD2(x: 3, y: 4))

      #expect(board.target == nil)
      board.target = SIMD2(x: 1, y: 1)
      #expect(board.target == SIMD2(x: 1, y: 1))
      board.target = nil
      #expect(!isStored("Target", in: suiteName))

      board.scale = SIMD3(2, 3, 4)
      #expect(board.scale == SIMD3(2, 3, 4))
      #expect(defaults.dictionary(forKey: "Scale") as? [String: Double] == ["x": 2, "y": 3, "z": 4])

      defaults.set(["x": 9], forKey: "Origin")
      defaults.storeDirectWrites()
      #expect(board.origin == SIMD2(x: 0, y: 0), "a dictionary without y reads as the default")
      #expect(defaults.dictionary(forKey: "Origin") as? [String: Int] == ["x": 9], "and stays as it is")
    }
  }

  @Test("UserDefaultsCodable types are stored as JSON data")
  func codableTypes() throws {
    try withTestSuite { defaults, suiteName in
      let scores = Scores()
      #expect(scores.record == Record(name: "nobody", points: 0))
      scores.record = Record(name: "Ann", points: 12)
      let data = try #require(defaults.data(forKey: "Record"))
      #expect(try JSONDecoder().decode(Record.self, from: data) == Record(name: "Ann", points: 12))
      #expect(defaults.decodable(forKey: "Record") == Record(name: "Ann", points: 12))
      // NB: an early DefaultsWrapper 1 read any Decodable type this way.
      defaults.set(try JSONEncoder().encode(PlainScore(points: 5)), forKey: "PlainScore")
      let plain: PlainScore? = defaults.decodable(forKey: "PlainScore")
      #expect(plain == PlainScore(points: 5))

      #expect(scores.lastRecord == nil)
      scores.lastRecord = Record(name: "Bob", points: 3)
      #expect(Scores().lastRecord == Record(name: "Bob", points: 3))
      scores.lastRecord = nil
      #expect(!isStored("LastRecord", in: suiteName), "nil removes the key, rather than storing null")

      defaults.set(try JSONEncoder().encode(Record(name: "Cy", points: 1)), forKey: "Record")
      defaults.storeDirectWrites()
      #expect(scores.record == Record(name: "Cy", points: 1), "JSON data written by other code reads")

      @Default(key: "Unencodable", defaultValue: Unencodable(isValid: true), defaults: defaults)
      var unencodable: Unencodable
      unencodable = Unencodable(isValid: false)
      #expect(unencodable == Unencodable(isValid: true), "not written, and the process goes on")
    }
  }

  @Test("CoreGraphics values are stored as numbers and readable dictionaries")
  func coreGraphicsTypes() {
    withTestSuite { defaults, suiteName in
      let canvas = Canvas()
      canvas.lineWidth = 2.5
      canvas.tileSize = CGSize(width: 3, height: 4)
      canvas.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
      #expect(defaults.object(forKey: "LineWidth") as? Double == 2.5, "a CGFloat is a Double")
      #expect(defaults.dictionary(forKey: "TileSize") as? [String: Double] == ["width": 3, "height": 4])
      #expect(
        defaults.dictionary(forKey: "Frame") as? [String: [String: Double]] == [
          "origin": ["x": 1, "y": 2], "size": ["width": 3, "height": 4],
        ])
      #expect(defaults.cgFloat(forKey: "LineWidth") == 2.5)
      #expect(defaults.cgSize(forKey: "TileSize") == CGSize(width: 3, height: 4))
      #expect(defaults.cgRect(forKey: "Frame") == CGRect(x: 1, y: 2, width: 3, height: 4))

      #expect(canvas.magnification == nil)
      canvas.magnification = 1.5
      #expect(defaults.double(forKey: "Magnification") == 1.5)
      canvas.magnification = nil
      #expect(!isStored("Magnification", in: suiteName))
    }
  }

  @Test("Property-list types: collections, data, URLs and dates")
  func propertyListTypes() {
    withTestSuite { defaults, _ in
      let collections = Collections()
      #expect(defaults.stringArray(forKey: "Players") == ["Ann", "Bob"], "registered")
      collections.players.append("Cy")
      collections.ranks = ["Ann": 1]
      collections.photo = Data([1, 2])
      collections.home = URL(string: "https://example.com/home")!
      collections.launched = Date(timeIntervalSince1970: 100)
      #expect(defaults.stringArray(forKey: "Players") == ["Ann", "Bob", "Cy"])
      #expect(defaults.dictionary(forKey: "Ranks") as? [String: Int] == ["Ann": 1])
      #expect(defaults.data(forKey: "Photo") == Data([1, 2]))
      #expect(Collections().home == URL(string: "https://example.com/home")!)
      #expect(defaults.object(forKey: "Launched") as? Date == Date(timeIntervalSince1970: 100))
    }
  }

  @Test("Foundation object types conform to PropertyListSerializable")
  func foundationObjects() {
    withTestSuite { defaults, _ in
      let objects = FoundationObjects()
      #expect(objects.number == NSNumber(value: 4))
      objects.number = NSNumber(value: 7)
      objects.title = NSString(string: "Scores")
      objects.tags = NSArray(array: ["a", "b"])
      objects.sizes = NSDictionary(dictionary: ["s": 1, "m": 2])
      #expect(defaults.integer(forKey: "Number") == 7)
      #expect(defaults.string(forKey: "Title") == "Scores")
      #expect(defaults.stringArray(forKey: "Tags") == ["a", "b"])
      #expect(defaults.dictionary(forKey: "Sizes") as? [String: Int] == ["s": 1, "m": 2])
      #expect(FoundationObjects().tags == NSArray(array: ["a", "b"]))
      #expect(FoundationObjects().sizes == NSDictionary(dictionary: ["s": 1, "m": 2]))

      objects.tags = NSArray(array: ["c", UUID()])
      #expect(
        defaults.stringArray(forKey: "Tags") == ["a", "b"], "a UUID is no property-list object: not written")
    }
  }

  @Test("A stored value of another type reads as the default and is left as it is")
  func wrongStoredType() {
    withTestSuite { defaults, _ in
      defaults.set("hard", forKey: "Difficulty")
      @Default(key: "Difficulty", defaultValue: 1, defaults: defaults) var difficulty: Int
      #expect(difficulty == 1)
      #expect(defaults.string(forKey: "Difficulty") == "hard")
    }
  }

  @Test("The UserDefaults extension: set, read and register each type")
  func userDefaultsExtension() {
    withTestSuite { defaults, suiteName in
      defaults.set(Direction.west, forKey: "Heading")
      #expect(defaults.integer(forKey: "Heading") == 1)
      defaults.set(Record(name: "Ann", points: 1), forKey: "Best")
      #expect(defaults.decodable(forKey: "Best") == Record(name: "Ann", points: 1))
      defaults.set(SIMD2<Int>(x: 5, y: 6), forKey: "Corner")
      #expect(defaults.dictionary(forKey: "Corner") as? [String: Int] == ["x": 5, "y": 6])
      defaults.set(CGFloat(1.5), forKey: "Width")
      defaults.set(CGPoint(x: 1, y: 2), forKey: "Point")
      #expect(defaults.cgFloat(forKey: "Width") == 1.5)
      #expect(defaults.cgPoint(forKey: "Point") == CGPoint(x: 1, y: 2))
      #expect(defaults.cgPoint(forKey: "Missing") == .zero)
      #expect(defaults.cgFloat(forKey: "Missing") == 0)

      defaults.set(Direction?.none, forKey: "Heading")
      #expect(!isStored("Heading", in: suiteName), "nil removes the key")

      defaults.register(Direction.east, forKey: "Wind")
      defaults.register(Record(name: "Bob", points: 2), forKey: "Worst")
      defaults.register(SIMD2<Int>(x: 9, y: 9), forKey: "Center")
      defaults.register(CGSize(width: 1, height: 2), forKey: "Tile")
      defaults.register(CGRect(x: 0, y: 0, width: 1, height: 1), forKey: "Bounds")
      defaults.register(CGFloat(3), forKey: "Depth")
      defaults.register(CGPoint(x: 7, y: 8), forKey: "Anchor")
      defaults.register(10, forKey: "Continues")
      #expect(defaults.integer(forKey: "Wind") == 3)
      #expect(defaults.decodable(forKey: "Worst") == Record(name: "Bob", points: 2))
      #expect(defaults.dictionary(forKey: "Center") as? [String: Int] == ["x": 9, "y": 9])
      #expect(defaults.cgSize(forKey: "Tile") == CGSize(width: 1, height: 2))
      #expect(defaults.cgRect(forKey: "Bounds") == CGRect(x: 0, y: 0, width: 1, height: 1))
      #expect(defaults.cgFloat(forKey: "Depth") == 3)
      #expect(defaults.cgPoint(forKey: "Anchor") == CGPoint(x: 7, y: 8))
      #expect(defaults.integer(forKey: "Continues") == 10)
      #expect(!isStored("Continues", in: suiteName), "registered, not stored")
    }
  }

  @Test("register(_:forKey:) keeps a value that is not a property-list object, as Foundation does")
  func registerAnyObject() {
    withTestSuite { defaults, _ in
      struct Opaque: Equatable { var id = 1 }
      defaults.register(Opaque(), forKey: "Opaque")
      #expect(defaults.object(forKey: "Opaque") as? Opaque == Opaque())
    }
  }

  @Test("DefaultName has DefaultsWrapper 1's initializer")
  func defaultName() {
    #expect(DefaultName(name: "HighScore") == .highScore)
    #expect(DefaultName.highScore.description == "HighScore")
  }
}

/// A plain `Codable` type, not `UserDefaultsCodable`.
private struct PlainScore: Codable, Equatable {
  var points: Int
}
