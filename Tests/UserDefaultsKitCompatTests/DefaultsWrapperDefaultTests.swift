import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompat

// DefaultsWrapper's `@Default` and `UserDefaults` extension beyond its README's examples.

private enum Heading: Int {
  case north = 0
  case west, south, east
}

private struct Score: UserDefaultsCodable, Equatable {
  var points: Int
}

@Suite("DefaultsWrapper's @Default beyond the README")
struct DefaultsWrapperDefaultTests {
  @Test("Optional enums store their raw value; nil removes it")
  func optionalEnums() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    @Default(key: "heading", defaultValue: Heading.north, defaults: defaults)
    var heading: Heading
    @Default(key: "lastHeading", defaults: defaults)
    var lastHeading: Heading?

    heading = .east
    #expect(heading == .east)
    #expect(defaults.integer(forKey: "heading") == 3)
    #expect(lastHeading == nil)
    lastHeading = .west
    #expect(lastHeading == .west)
    lastHeading = nil
    #expect(defaults.persistentDomain(forName: suite)?["lastHeading"] == nil)
  }

  @Test("An optional with a default reads the default after nil is assigned")
  func optionalWithDefault() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    @Default(key: "level", defaultValue: 2, defaults: UserDefaults(suiteName: suite)!)
    var level: Int?
    #expect(level == 2)
    level = 5
    #expect(level == 5)
    level = nil
    #expect(level == 2)
  }

  @Test("UserDefaultsCodable and CoreGraphics types")
  func customTypes() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    @Default(key: "score", defaults: defaults) var score: Score?
    @Default(key: "frame", defaultValue: .zero, defaults: defaults) var frame: CGRect
    @Default(key: "scale", defaultValue: 1, defaults: defaults) var scale: CGFloat

    score = Score(points: 10)
    frame = CGRect(x: 1, y: 2, width: 3, height: 4)
    scale = 2.5
    #expect(score == Score(points: 10))
    #expect(frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(defaults.double(forKey: "scale") == 2.5)
    #expect(defaults.cgRect(forKey: "frame") == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(defaults.cgFloat(forKey: "scale") == 2.5)
  }

  @Test("The projected value is the key, for resetting and observing")
  func projectedValue() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    @Default(key: "count", defaultValue: 0, defaults: UserDefaults(suiteName: suite)!) var count: Int
    count = 5
    #expect(!$count.isDefault)
    $count.reset()
    #expect(count == 0)
  }

  @Test("The typed UserDefaults extension stores enums and UserDefaultsCodable values")
  func typedExtension() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    defaults.set(Heading.south, forKey: "heading")
    defaults.set(Score(points: 3), forKey: "score")

    let heading: Heading? = defaults.rawRepresentable(forKey: "heading")
    let score: Score? = defaults.decodable(forKey: "score")
    #expect(heading == .south)
    #expect(score == Score(points: 3))
    #expect(defaults.cgPoint(forKey: "missing") == .zero)
    #expect(defaults.storedValue(Int.self, forKey: "heading") == 2)

    defaults.set(Score?.none, forKey: "score")
    #expect(defaults.persistentDomain(forName: suite)?["score"] == nil)
  }

  @Test("Foundation object types opt in with an empty PropertyListSerializable extension")
  func foundationObjects() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    @Default(key: "number", defaultValue: NSNumber(value: 4), defaults: defaults) var number: NSNumber
    number = NSNumber(value: 7)
    #expect(number == NSNumber(value: 7))
    #expect(defaults.integer(forKey: "number") == 7)
  }
}
