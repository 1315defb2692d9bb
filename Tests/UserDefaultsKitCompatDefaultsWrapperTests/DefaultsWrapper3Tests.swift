import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompatDefaultsWrapper

// Code written for DefaultsWrapper 3 (its documentation and its tests), as written there but for
// the import and the suite, and what DefaultsWrapper 3 stores and returns for it, read back with
// plain `UserDefaults` calls.

extension UserDefaultsKeyName {
  fileprivate static let doubleValue: UserDefaultsKeyName = "doubleValue"
  fileprivate static let optionalDoubleValue: UserDefaultsKeyName = "optionalDoubleValue"
  fileprivate static let optionalNilDoubleValue: UserDefaultsKeyName = "optionalNilDoubleValue"

  fileprivate static let enumValue: UserDefaultsKeyName = "enumValue"
  fileprivate static let optionalEnumValue: UserDefaultsKeyName = "optionalEnumValue"
  fileprivate static let optionalNilEnumValue: UserDefaultsKeyName = "optionalNilEnumValue"

  fileprivate static let codableValue: UserDefaultsKeyName = "codableValue"
  fileprivate static let optionalCodableValue: UserDefaultsKeyName = "optionalCodableValue"
  fileprivate static let optionalNilCodableValue: UserDefaultsKeyName = "optionalNilCodableValue"

  fileprivate static let arrayValue: UserDefaultsKeyName = "arrayValue"
  fileprivate static let optionalArrayValue: UserDefaultsKeyName = "optionalArrayValue"
  fileprivate static let optionalNilArrayValue: UserDefaultsKeyName = "optionalNilArrayValue"

  fileprivate static let floatValue: UserDefaultsKeyName = "floatValue"
  fileprivate static let optionalFloatValue: UserDefaultsKeyName = "optionalFloatValue"
  fileprivate static let optionalNilFloatValue: UserDefaultsKeyName = "optionalNilFloatValue"
  fileprivate static let pointValue: UserDefaultsKeyName = "pointValue"
  fileprivate static let optionalPointValue: UserDefaultsKeyName = "optionalPointValue"
  fileprivate static let sizeValue: UserDefaultsKeyName = "sizeValue"
  fileprivate static let rectValue: UserDefaultsKeyName = "rectValue"
  fileprivate static let optionalNilRectValue: UserDefaultsKeyName = "optionalNilRectValue"

  fileprivate static let decimalValue: UserDefaultsKeyName = "decimalValue"
  fileprivate static let uuidValue: UserDefaultsKeyName = "uuidValue"
  fileprivate static let localeValue: UserDefaultsKeyName = "localeValue"

  fileprivate static let cgFloatArray: UserDefaultsKeyName = "cgFloatArray"
  fileprivate static let cgPointArray: UserDefaultsKeyName = "cgPointArray"
  fileprivate static let codableArray: UserDefaultsKeyName = "codableArray"
  fileprivate static let convertibleArray: UserDefaultsKeyName = "convertibleArray"

  fileprivate static let gridPosition: UserDefaultsKeyName = "gridPosition"
  fileprivate static let optionalGridPosition: UserDefaultsKeyName = "optionalGridPosition"
  fileprivate static let layout: UserDefaultsKeyName = "layout"
  fileprivate static let optionalLayout: UserDefaultsKeyName = "optionalLayout"
}

/// The suite of the running test, which the declarations below name as `.dw3TestSuite`: each test
/// makes its own and removes it afterwards.
private enum RunningTest {
  @TaskLocal static var suiteName = ""
}

extension UserDefaults {
  fileprivate static var dw3TestSuite: UserDefaults {
    UserDefaultsStore.suite(RunningTest.suiteName).userDefaults
  }
}

private func withTestSuite(_ body: (_ defaults: UserDefaults) throws -> Void) rethrows {
  let suiteName = temporarySuiteName()
  defer { removeSuite(suiteName) }
  try RunningTest.$suiteName.withValue(suiteName) { try body(.dw3TestSuite) }
}

private func key(_ key: UserDefaultsKeyName) -> String { key.rawValue }

private enum Direction: Int, Codable {
  case north = 0
  case west, south, east
}

private struct CodableStruct: UserDefaultsCodable, Equatable {
  var intValue: Int = 42
  var doubleValue: Double = 42

  var stringValue: String = "Hello"
  var direction: Direction = .north

  var scaledValues: [Int] = [0, 10, 20, 30]
}

private struct Person: UserDefaultsCodable, Equatable {
  let firstName: String
  let lastName: String
}

/// A type converted with DefaultsWrapper 3's spelling, `instantiate(from:)`.
private struct GridPosition: UserDefaultsConvertible, Equatable {
  var column: Int
  var row: Int

  func convertedObject() -> [Int] { [column, row] }

  static func instantiate(from object: [Int]) -> GridPosition? {
    guard object.count == 2 else { return nil }
    return GridPosition(column: object[0], row: object[1])
  }
}

/// A type that implements neither spelling of the conversion back.
private struct Unconvertible: UserDefaultsConvertible {
  func convertedObject() -> Int { 0 }
}

@Suite("DefaultsWrapper 3")
struct DefaultsWrapper3Tests {
  final class TestCase {
    @Defaults(.doubleValue, defaults: .dw3TestSuite)
    var doubleValue: Double = 42
    @Defaults(.optionalDoubleValue, defaults: .dw3TestSuite)
    var optionalDoubleValue: Double? = 42
    @Defaults(.optionalNilDoubleValue, defaults: .dw3TestSuite)
    var optionalNilDoubleValue: Double?

    @Defaults(.enumValue, defaults: .dw3TestSuite)
    fileprivate var enumValue: Direction = .north
    @Defaults(.optionalEnumValue, defaults: .dw3TestSuite)
    fileprivate var optionalEnumValue: Direction? = .north
    @Defaults(.optionalNilEnumValue, defaults: .dw3TestSuite)
    fileprivate var optionalNilEnumValue: Direction?

    @Defaults(.codableValue, defaults: .dw3TestSuite)
    fileprivate var codableValue: CodableStruct = CodableStruct()
    @Defaults(.optionalCodableValue, defaults: .dw3TestSuite)
    fileprivate var optionalCodableValue: CodableStruct? = CodableStruct()
    @Defaults(.optionalNilCodableValue, defaults: .dw3TestSuite)
    fileprivate var optionalNilCodableValue: CodableStruct?

    @Defaults(.arrayValue, defaults: .dw3TestSuite)
    var arrayValue: [Int] = [1, 2, 3]
    @Defaults(.optionalArrayValue, defaults: .dw3TestSuite)
    var optionalArrayValue: [Int]? = [1, 2, 3]
    @Defaults(.optionalNilArrayValue, defaults: .dw3TestSuite)
    var optionalNilArrayValue: [Int]?
  }

  final class CGTestCase {
    @Defaults(.floatValue, defaults: .dw3TestSuite)
    var floatValue: CGFloat = .zero
    @Defaults(.optionalFloatValue, defaults: .dw3TestSuite)
    var optionalFloatValue: CGFloat? = .zero
    @Defaults(.optionalNilFloatValue, defaults: .dw3TestSuite)
    var optionalNilFloatValue: CGFloat?

    @Defaults(.pointValue, defaults: .dw3TestSuite)
    var pointValue: CGPoint = .zero
    @Defaults(.optionalPointValue, defaults: .dw3TestSuite)
    var optionalPointValue: CGPoint? = .zero
    @Defaults(.sizeValue, defaults: .dw3TestSuite)
    var sizeValue: CGSize = .zero
    @Defaults(.rectValue, defaults: .dw3TestSuite)
    var rectValue: CGRect = .zero
    @Defaults(.optionalNilRectValue, defaults: .dw3TestSuite)
    var optionalNilRectValue: CGRect?
  }

  final class FoundationTestCase {
    @Defaults(.decimalValue, defaults: .dw3TestSuite)
    var decimalValue: Decimal = .zero

    @Defaults(.uuidValue, defaults: .dw3TestSuite)
    var uuidValue: UUID = .init(uuidString: "00000000-0000-0000-0000-000000000000")!

    @Defaults(.localeValue, defaults: .dw3TestSuite)
    var localeValue: Locale = .init(identifier: "en_US_POSIX")
  }

  final class ArrayTestCase {
    @Defaults(.cgFloatArray, defaults: .dw3TestSuite) var cgFloatArray: [CGFloat] = []
    @Defaults(.cgPointArray, defaults: .dw3TestSuite) var cgPointArray: [CGPoint] = []
    @Defaults(.codableArray, defaults: .dw3TestSuite) fileprivate var codableArray: [Person] = []
    @Defaults(.convertibleArray, defaults: .dw3TestSuite) fileprivate var convertibleArray: [GridPosition] =
      []
  }

  final class ConvertibleTestCase {
    @Defaults(.gridPosition, defaults: .dw3TestSuite)
    fileprivate var position = GridPosition(column: 0, row: 0)
    @Defaults(.optionalGridPosition, defaults: .dw3TestSuite)
    fileprivate var lastPosition: GridPosition?
    @Defaults("legacyOrigin", defaults: .dw3TestSuite)
    var legacyOrigin = SIMD2<Int>(x: 0, y: 0)
  }

  final class DictionaryTestCase {
    @Defaults(.layout, defaults: .dw3TestSuite)
    var layout: [String: Any] = ["columns": 2, "title": "Board"]
    @Defaults(.optionalLayout, defaults: .dw3TestSuite)
    var optionalLayout: [String: Any]?
  }

  /// The spellings DefaultsWrapper 3 deprecates, which DefaultsWrapper 1 code uses.
  final class DeprecatedSpellingsTestCase {
    @Default(key: "deprecatedKeyValue", defaultValue: 1, defaults: .dw3TestSuite)
    var keyValue: Int
    @Defaults("deprecatedValue", value: 2, defaults: .dw3TestSuite)
    var value: Int
    @Defaults("deprecatedOptionalValue", value: nil, defaults: .dw3TestSuite)
    fileprivate var optionalValue: Direction?
  }

  @Test("Values, optionals, enums, Codable values and arrays, as DefaultsWrapper's own test")
  func wrapper() throws {
    try withTestSuite { d in
      let c = TestCase()

      c.doubleValue = 23
      #expect(d.double(forKey: key(.doubleValue)) == 23)

      c.optionalDoubleValue = 51
      #expect(d.double(forKey: key(.optionalDoubleValue)) == 51)
      c.optionalDoubleValue = nil
      #expect(d.double(forKey: key(.optionalDoubleValue)) == 42)
      #expect(c.optionalDoubleValue == 42)

      #expect(d.object(forKey: key(.optionalNilDoubleValue)) == nil)
      c.optionalNilDoubleValue = 42
      #expect(d.double(forKey: key(.optionalNilDoubleValue)) == 42)
      c.optionalNilDoubleValue = nil
      #expect(d.object(forKey: key(.optionalNilDoubleValue)) == nil)

      c.enumValue = .south
      #expect(d.rawReprensentable(forKey: key(.enumValue)) == Direction.south)
      #expect(d.integer(forKey: key(.enumValue)) == 2)

      c.optionalEnumValue = .west
      #expect(d.rawReprensentable(forKey: key(.optionalEnumValue)) == Direction.west)
      c.optionalEnumValue = nil
      #expect(d.rawReprensentable(forKey: key(.optionalEnumValue)) == Direction.north)

      #expect(d.rawReprensentable(forKey: key(.optionalNilEnumValue)) == Direction?.none)
      c.optionalNilEnumValue = .east
      #expect(d.rawReprensentable(forKey: key(.optionalNilEnumValue)) == Direction.east)
      c.optionalNilEnumValue = nil
      #expect(d.rawReprensentable(forKey: key(.optionalNilEnumValue)) == Direction?.none)

      let csRef = CodableStruct()
      var cs1 = csRef
      cs1.intValue = 12
      c.codableValue = cs1
      #expect(d.decodable(forKey: key(.codableValue)) == cs1)
      let data = try #require(d.data(forKey: key(.codableValue)))
      #expect(try JSONDecoder().decode(CodableStruct.self, from: data) == cs1)

      var cs2 = cs1
      cs2.stringValue = "Property wrappers rock !"
      c.optionalCodableValue = cs2
      #expect(d.decodable(forKey: key(.optionalCodableValue)) == cs2)
      c.optionalCodableValue = nil
      #expect(d.decodable(forKey: key(.optionalCodableValue)) == csRef)

      var cs3 = cs2
      cs3.scaledValues = []
      #expect(d.decodable(forKey: key(.optionalNilCodableValue)) == CodableStruct?.none)
      c.optionalNilCodableValue = cs3
      #expect(d.decodable(forKey: key(.optionalNilCodableValue)) == cs3)
      c.optionalNilCodableValue = nil
      #expect(d.decodable(forKey: key(.optionalNilCodableValue)) == CodableStruct?.none)

      c.arrayValue = [4, 5, 6]
      #expect(d.array(forKey: key(.arrayValue)) as? [Int] == [4, 5, 6])

      c.optionalArrayValue = [7, 8, 9]
      #expect(d.array(forKey: key(.optionalArrayValue)) as? [Int] == [7, 8, 9])
      c.optionalArrayValue = nil
      #expect(d.array(forKey: key(.optionalArrayValue)) as? [Int] == [1, 2, 3])

      #expect(d.array(forKey: key(.optionalNilArrayValue)) as? [Int] == nil)
      c.optionalNilArrayValue = [1, 2, 3]
      #expect(d.array(forKey: key(.optionalNilArrayValue)) as? [Int] == [1, 2, 3])
      c.optionalNilArrayValue = nil
      #expect(d.array(forKey: key(.optionalNilArrayValue)) as? [Int] == nil)
    }
  }

  @Test("CoreGraphics values are numbers and readable dictionaries")
  func coreGraphicsTypes() {
    withTestSuite { d in
      let cg = CGTestCase()

      cg.floatValue = 42
      #expect(d.object(forKey: key(.floatValue)) as? Double == 42)

      cg.optionalFloatValue = 42
      #expect(d.object(forKey: key(.optionalFloatValue)) as? Double == 42)
      cg.optionalFloatValue = nil
      #expect(d.object(forKey: key(.optionalFloatValue)) as? Double == 0)

      #expect(d.object(forKey: key(.optionalNilFloatValue)) == nil)
      cg.optionalNilFloatValue = 42
      #expect(d.object(forKey: key(.optionalNilFloatValue)) as? Double == 42)
      cg.optionalNilFloatValue = nil
      #expect(d.object(forKey: key(.optionalNilFloatValue)) == nil)

      cg.pointValue = .init(x: 1, y: 2)
      #expect(d.dictionary(forKey: key(.pointValue)) as? [String: Double] == ["x": 1.0, "y": 2.0])
      cg.optionalPointValue = .init(x: 1, y: 2)
      cg.optionalPointValue = nil
      #expect(d.dictionary(forKey: key(.optionalPointValue)) as? [String: Double] == ["x": 0.0, "y": 0.0])

      cg.sizeValue = .init(width: 1, height: 2)
      #expect(d.dictionary(forKey: key(.sizeValue)) as? [String: Double] == ["width": 1.0, "height": 2.0])

      let rectRef = CGRect(origin: .init(x: 1, y: 2), size: .init(width: 3, height: 4))
      let rectDictRef = ["origin": ["x": 1.0, "y": 2.0], "size": ["width": 3.0, "height": 4.0]]
      cg.rectValue = rectRef
      #expect(d.dictionary(forKey: key(.rectValue)) as? [String: [String: Double]] == rectDictRef)
      #expect(d.dictionary(forKey: key(.optionalNilRectValue)) == nil)
      cg.optionalNilRectValue = rectRef
      #expect(d.dictionary(forKey: key(.optionalNilRectValue)) as? [String: [String: Double]] == rectDictRef)
      cg.optionalNilRectValue = nil
      #expect(d.dictionary(forKey: key(.optionalNilRectValue)) == nil)
    }
  }

  @Test("Decimal, UUID and Locale")
  func foundationTypes() throws {
    try withTestSuite { d in
      let fnd = FoundationTestCase()

      fnd.decimalValue = 42
      #expect(d.decimal(forKey: key(.decimalValue)) == Decimal(42))
      fnd.decimalValue = Decimal(string: "3.14159265358979323846")!
      #expect(d.string(forKey: key(.decimalValue)) == "3.14159265358979323846", "its exact digits")
      #expect(d.decimal(forKey: key(.decimalValue)) == Decimal(string: "3.14159265358979323846")!)

      d.set(try JSONEncoder().encode(Decimal(string: "2.5")!), forKey: key(.decimalValue))
      d.storeDirectWrites()
      #expect(fnd.decimalValue == Decimal(string: "2.5")!, "the JSON data DefaultsWrapper stored")
      #expect(d.decimal(forKey: key(.decimalValue)) == Decimal(string: "2.5")!)

      let uuid = UUID()
      fnd.uuidValue = uuid
      #expect(d.string(forKey: key(.uuidValue)) == uuid.uuidString)
      #expect(d.uuid(forKey: key(.uuidValue)) == uuid)

      let locale = Locale(identifier: "eu")
      fnd.localeValue = locale
      let data = try #require(d.data(forKey: key(.localeValue)))
      #expect(try JSONDecoder().decode(Locale.self, from: data) == locale)
      #expect(d.locale(forKey: key(.localeValue)) == locale)

      #expect(d.decimal(forKey: "noDecimal") == .zero)
      #expect(d.uuid(forKey: "noUUID") == nil)
      #expect(d.locale(forKey: "noLocale") == nil)
    }
  }

  @Test("Arrays of CoreGraphics, Codable and convertible values")
  func arrays() throws {
    try withTestSuite { d in
      let arr = ArrayTestCase()

      arr.cgFloatArray = [1, 2]
      #expect(d.array(forKey: key(.cgFloatArray)) as? [Double] == [1, 2])

      arr.cgPointArray = [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)]
      #expect(
        d.array(forKey: key(.cgPointArray)) as? [[String: Double]] == [
          ["x": 1.0, "y": 2.0], ["x": 3.0, "y": 4.0],
        ])

      arr.codableArray = [.init(firstName: "John", lastName: "Doe")]
      let data = try #require(d.data(forKey: key(.codableArray)), "one JSON document for the array")
      #expect(
        try JSONDecoder().decode([Person].self, from: data) == [.init(firstName: "John", lastName: "Doe")])

      arr.convertibleArray = [GridPosition(column: 1, row: 2), GridPosition(column: 3, row: 4)]
      #expect(d.array(forKey: key(.convertibleArray)) as? [[Int]] == [[1, 2], [3, 4]])
      d.set([[1, 2], [3]], forKey: key(.convertibleArray))
      d.storeDirectWrites()
      #expect(
        arr.convertibleArray == [], "an element that does not convert back: the default, not a shorter array")
      #expect(d.array(forKey: key(.convertibleArray)) as? [[Int]] == [[1, 2], [3]], "left as it is")
    }
  }

  @Test("UserDefaultsConvertible in either spelling")
  func convertibleTypes() {
    withTestSuite { d in
      let c = ConvertibleTestCase()
      #expect(d.array(forKey: key(.gridPosition)) as? [Int] == [0, 0], "the default is registered")
      c.position = GridPosition(column: 4, row: 5)
      #expect(d.array(forKey: key(.gridPosition)) as? [Int] == [4, 5])
      #expect(d.convertible(forKey: key(.gridPosition)) == GridPosition(column: 4, row: 5))
      #expect(GridPosition.instanciate(from: [6, 7]) == GridPosition(column: 6, row: 7))

      c.lastPosition = GridPosition(column: 1, row: 1)
      #expect(ConvertibleTestCase().lastPosition == GridPosition(column: 1, row: 1))
      c.lastPosition = nil
      #expect(d.object(forKey: key(.optionalGridPosition)) == nil)

      c.legacyOrigin = SIMD2(x: 3, y: 4)
      #expect(d.dictionary(forKey: "legacyOrigin") as? [String: Int] == ["x": 3, "y": 4])
      #expect(SIMD2<Int>.instantiate(from: ["x": 5, "y": 6]) == SIMD2(x: 5, y: 6))
    }
  }

  @Test("A convertible type stored as a dictionary of any values, and a set of them, as apps declare")
  func dictionaryConvertibles() {
    withTestSuite { d in
      let rules: Set<Rule> = [
        Rule(id: "com.example.app", behavior: 2), Rule(id: "com.example.other", behavior: 0),
      ]
      d.set(rules, forKey: "rules")
      let stored = d.array(forKey: "rules") as? [[String: Any]]
      #expect(stored?.count == 2 && stored?.contains { $0["id"] as? String == "com.example.app" } == true)
      let read: Set<Rule>? = d.convertible(forKey: "rules")
      #expect(read == rules)
      let rule = Rule(id: "single", behavior: 1)
      d.set(rule, forKey: "rule")
      #expect(d.dictionary(forKey: "rule")?["behavior"] as? Int == 1)
      #expect(d.convertible(forKey: "rule") == rule)
    }
  }

  @Test("A convertible type that implements neither spelling stops, naming the type")
  func neitherSpelling() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Unconvertible.instantiate(from: 0)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("Unconvertible conforms to UserDefaultsConvertible but implements neither"))
  }

  @Test("A dictionary of property-list objects")
  func dictionaries() {
    withTestSuite { d in
      let c = DictionaryTestCase()
      #expect(c.layout["columns"] as? Int == 2)
      c.layout = ["columns": 3, "names": ["a", "b"]]
      #expect(d.dictionary(forKey: key(.layout))?["columns"] as? Int == 3)
      #expect(DictionaryTestCase().layout["names"] as? [String] == ["a", "b"])

      c.layout = ["when": Date(), "opaque": UUID()]
      #expect(
        d.dictionary(forKey: key(.layout))?["columns"] as? Int == 3,
        "not written: a UUID is no property-list object")

      #expect(c.optionalLayout == nil)
      c.optionalLayout = ["rows": 1]
      #expect(d.dictionary(forKey: key(.optionalLayout))?["rows"] as? Int == 1)
      c.optionalLayout = nil
      #expect(d.object(forKey: key(.optionalLayout)) == nil)
    }
  }

  @Test("The spellings DefaultsWrapper 3 deprecates")
  func deprecatedSpellings() {
    withTestSuite { d in
      let c = DeprecatedSpellingsTestCase()
      #expect(c.keyValue == 1)
      #expect(c.value == 2)
      #expect(d.integer(forKey: "deprecatedValue") == 2, "registered")
      #expect(c.optionalValue == nil)
      c.optionalValue = .east
      #expect(d.integer(forKey: "deprecatedOptionalValue") == 3)
    }
  }

  @Test("DefaultsValue compares as its value and calls back after each change")
  func defaultsValue() async {
    let suiteName = temporarySuiteName()
    defer { removeSuite(suiteName) }
    let changes = LockedArray<Double>()

    let doubleValue = DefaultsValue(
      key: "defaultsValueDouble", initialValue: Double(42), defaults: .init(suiteName: suiteName)!
    ) { value in
      changes.append(value)
    }

    let doubleValueCopy = doubleValue

    doubleValue.value = 21

    #expect(doubleValue == 21)
    #expect(doubleValue < 42)

    doubleValueCopy.value = 42

    #expect(21 < doubleValue)
    #expect(42 == doubleValue)

    doubleValueCopy.value = 42
    // NB: the callbacks wait on the main queue; this runs after them.
    await MainActor.run {}
    #expect(changes.all == [21, 42], "an equal value is no change")
    #expect(Set([doubleValue, doubleValueCopy]).count == 1)
  }

  @Test("The UserDefaults extension of DefaultsWrapper 3")
  func userDefaultsExtension() {
    withTestSuite { d in
      d.register(GridPosition(column: 0, row: 0), forKey: "simd")
      #expect(d.convertible(forKey: "simd") == GridPosition(column: 0, row: 0))
      d.set(GridPosition(column: 1, row: 1), forKey: "simd")
      #expect(d.convertible(forKey: "simd") == GridPosition(column: 1, row: 1))
      d.removeObject(forKey: "simd")
      #expect(d.convertible(forKey: "simd") == GridPosition(column: 0, row: 0))

      d.set(Decimal(string: "9.99")!, forKey: "price")
      d.set(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, forKey: "id")
      d.set(Locale(identifier: "fr_FR"), forKey: "locale")
      #expect(d.decimal(forKey: "price") == Decimal(string: "9.99")!)
      #expect(d.uuid(forKey: "id") == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
      #expect(d.locale(forKey: "locale") == Locale(identifier: "fr_FR"))

      d.register(Decimal(1), defaultName: "registeredPrice")
      d.register(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, defaultName: "registeredID")
      d.register(Locale(identifier: "de_DE"), defaultName: "registeredLocale")
      #expect(d.decimal(forKey: "registeredPrice") == 1)
      #expect(d.uuid(forKey: "registeredID") == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
      #expect(d.locale(forKey: "registeredLocale") == Locale(identifier: "de_DE"))
    }
  }

  #if canImport(CoreGraphics) || APPLE_API_TYPECHECK
    final class AppleCGTestCase {
      @Defaults("vectorValue", defaults: .dw3TestSuite)
      var vectorValue: CGVector = .zero
      @Defaults("transformValue", defaults: .dw3TestSuite)
      var transformValue: CGAffineTransform = .identity
      @Defaults("optionalTransformValue", defaults: .dw3TestSuite)
      var optionalTransformValue: CGAffineTransform? = .identity
      @Defaults("optionalNilTransformValue", defaults: .dw3TestSuite)
      var optionalNilTransformValue: CGAffineTransform?
    }

    @Test("CGVector is a dictionary; CGAffineTransform is DefaultsWrapper's array")
    func appleCoreGraphicsTypes() {
      withTestSuite { d in
        let cg = AppleCGTestCase()
        cg.vectorValue = .init(dx: 1, dy: 2)
        #expect(d.dictionary(forKey: "vectorValue") as? [String: Double] == ["dx": 1.0, "dy": 2.0])

        let transRef = CGAffineTransform(a: 1.0, b: 2.0, c: 3.0, d: 4.0, tx: 5.0, ty: 6.0)
        let transArrayRef = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
        let identityArrayRef = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]

        cg.transformValue = transRef
        #expect(d.array(forKey: "transformValue") as? [Double] == transArrayRef)
        cg.optionalTransformValue = transRef
        cg.optionalTransformValue = nil
        #expect(d.array(forKey: "optionalTransformValue") as? [Double] == identityArrayRef)
        #expect(d.array(forKey: "optionalNilTransformValue") == nil)
        cg.optionalNilTransformValue = transRef
        #expect(d.array(forKey: "optionalNilTransformValue") as? [Double] == transArrayRef)
        cg.optionalNilTransformValue = nil
        #expect(d.array(forKey: "optionalNilTransformValue") == nil)

        d.set(CGAffineTransform(scaleX: 1, y: 2), forKey: "cgaffinetransform")
        #expect(d.array(forKey: "cgaffinetransform") as? [Double] == [1, 0, 0, 2, 0, 0])
        #expect(d.cgAffineTransform(forKey: "cgaffinetransform") == CGAffineTransform(scaleX: 1, y: 2))
        #expect(d.cgAffineTransform(forKey: "not a key") == .identity)
        d.set(["a": 2.0, "b": 0.0, "c": 0.0, "d": 2.0, "tx": 0.0, "ty": 0.0], forKey: "dictionaryTransform")
        #expect(d.cgAffineTransform(forKey: "dictionaryTransform") == CGAffineTransform(scaleX: 2, y: 2))
        d.set(CGVector(dx: 1, dy: 2), forKey: "cgvector")
        #expect(d.cgVector(forKey: "cgvector") == CGVector(dx: 1, dy: 2))
        #expect(d.cgVector(forKey: "not a key") == .zero)
      }
    }
  #endif
}

/// An app's rule, stored as a dictionary of any values, as such apps declare theirs.
private final class Rule: Hashable, UserDefaultsConvertible {
  let id: String
  let behavior: Int

  init(id: String, behavior: Int) {
    self.id = id
    self.behavior = behavior
  }

  func convertedObject() -> [String: Any] { ["id": id, "behavior": behavior] }

  static func instantiate(from object: [String: Any]) -> Rule? {
    guard let id = object["id"] as? String, let behavior = object["behavior"] as? Int else { return nil }
    return Rule(id: id, behavior: behavior)
  }

  static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.id == rhs.id && lhs.behavior == rhs.behavior }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Sets of convertible values, as apps declare them.
extension Set: UserDefaultsConvertible where Element: UserDefaultsConvertible {
  public func convertedObject() -> [Element.PropertyListSerializableType] { map { $0.convertedObject() } }

  public static func instantiate(from object: [Element.PropertyListSerializableType]) -> Set<Element>? {
    Set(object.compactMap(Element.instantiate(from:)))
  }
}
