import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

// The values below are the exact forms sindresorhus/Defaults writes (its `Defaults+Bridge.swift`
// and `Defaults+Extensions.swift`): property-list types as themselves; a `Codable` value as the
// JSON string of `JSONEncoder()` (no sorted keys, `/` escaped, a `Date` as seconds since 2001), a
// top-level fragment included; a `RawRepresentable` that is not `Codable` as its raw value; a `UUID`
// as `uuidString`; a range as `[lower, upper]`; an array, set or dictionary element by element,
// a dictionary's keys as their descriptions.

private struct Member: Codable, Hashable, DefaultsSerializable {
  var name: String
  var joined: Date
}

private enum Appearance: String, Codable, DefaultsSerializable { case light, dark }
private enum Interval: Int, Codable {
  case tenMinutes = 10
  case halfHour = 30
}
private enum Duration: String {
  case tenMinutes = "10 Minutes"
  case oneHour = "1 Hour"
}

private let ada = Member(name: "Ada", joined: Date(timeIntervalSinceReferenceDate: 700_000_000.5))
private let adaJSON = #"{"name":"Ada","joined":700000000.5}"#
private let grace = Member(name: "Grace", joined: Date(timeIntervalSinceReferenceDate: 1))
private let graceJSON = #"{"joined":1,"name":"Grace"}"#

@Suite("Values as sindresorhus/Defaults stored them")
struct DefaultsPackageFormTests {
  @Test("Every form Defaults writes reads as the value it wrote, containers of Codable values included")
  func everyForm() async {
    await withTemporarySuite { store in
      let defaults = store.userDefaults
      defaults.set(adaJSON, forKey: "member")
      defaults.set(#""dark""#, forKey: "appearance")
      defaults.set("30", forKey: "interval")
      defaults.set("1 Hour", forKey: "duration")
      defaults.set(#""https:\/\/sindresorhus.com\/defaults?q=1""#, forKey: "url")
      defaults.set("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", forKey: "uuid")
      defaults.set([adaJSON, graceJSON], forKey: "members")
      defaults.set(["first": adaJSON], forKey: "membersByRole")
      defaults.set(["team": [graceJSON, adaJSON]], forKey: "teams")
      defaults.set([graceJSON], forKey: "memberSet")
      defaults.set([#""light""#, #""dark""#], forKey: "appearances")
      defaults.set([#""https:\/\/a.b\/c""#], forKey: "urls")
      defaults.set([3, 1, 2], forKey: "numberSet")
      defaults.set(["1": "one", "2": "two"], forKey: "names")
      defaults.set([1, 5], forKey: "range")
      defaults.set([0.5, 1.5], forKey: "closedRange")
      defaults.set(0.8, forKey: "quality")
      defaults.storeDirectWrites()

      #expect(store.value(forKey: "member", default: grace) == ada)
      #expect(DefaultsKey<Member?>("member", store: store).value == ada)
      #expect(store.value(forKey: "appearance", default: Appearance.light) == .dark)
      #expect(DefaultsKey("interval", default: Interval.tenMinutes, store: store).value == .halfHour)
      #expect(DefaultsKey("duration", default: Duration.tenMinutes, store: store).value == .oneHour)
      #expect(
        DefaultsKey<URL?>("url", store: store).value?.absoluteString
          == "https://sindresorhus.com/defaults?q=1")
      #expect(
        DefaultsKey<UUID?>("uuid", store: store).value
          == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
      #expect(store.value(forKey: "members", default: [Member]()) == [ada, grace])
      #expect(store.value(forKey: "membersByRole", default: [String: Member]()) == ["first": ada])
      #expect(store.value(forKey: "teams", default: [String: [Member]]()) == ["team": [grace, ada]])
      #expect(store.value(forKey: "memberSet", default: Set<Member>()) == [grace])
      #expect(store.value(forKey: "appearances", default: [Appearance]()) == [.light, .dark])
      #expect(store.value(forKey: "urls", default: [URL]()).map(\.absoluteString) == ["https://a.b/c"])
      #expect(store.value(forKey: "numberSet", default: Set<Int>()) == [1, 2, 3])
      #expect(store.value(forKey: "names", default: [Int: String]()) == [1: "one", 2: "two"])
      #expect(store.value(forKey: "range", default: 0..<1) == 1..<5)
      #expect(store.value(forKey: "closedRange", default: 0.0...1.0) == 0.5...1.5)
      #expect(store.value(forKey: "quality", default: 0.5) == 0.8)
    }
  }

  @Test("A value read from Defaults' JSON string is written back in the library's form, once it changes")
  func writtenBack() async throws {
    try await withTemporarySuite { store in
      store.userDefaults.set(adaJSON, forKey: "member")
      store.userDefaults.set(#""https:\/\/x.y\/z""#, forKey: "url")
      store.userDefaults.storeDirectWrites()
      let member = DefaultsKey("member", default: grace, store: store)
      let url = DefaultsKey<URL?>("url", store: store)
      #expect(member.value == ada)
      #expect(store.read("member") == .string(adaJSON), "reading changes nothing")

      try member.set(Member(name: "Ada L.", joined: ada.joined))
      try url.set(URL(string: "https://x.y/w"))
      #expect(store.read("member") == .data(try JSONCoding.standard.encode(member.value)))
      #expect(store.read("url") == .string("https://x.y/w"))
    }
  }

  @Test("Corrupt JSON strings, mistyped forms and bad ranges read as the default and stay stored")
  func corrupt() async {
    await withTemporarySuite { store in
      let defaults = store.userDefaults
      defaults.set(#"{"name":"Ada""#, forKey: "member")
      defaults.set(#"{"name":"Ada"}"#, forKey: "incomplete")
      defaults.set(#""purple""#, forKey: "appearance")
      defaults.set([adaJSON, "not json"], forKey: "members")
      defaults.set(["x": "one"], forKey: "names")
      defaults.set([5, 1], forKey: "range")
      defaults.set([1], forKey: "shortRange")
      defaults.set(#""quoted""#, forKey: "text")
      defaults.storeDirectWrites()

      #expect(store.value(forKey: "member", default: grace) == grace)
      #expect(store.value(forKey: "incomplete", default: grace) == grace, "a missing property")
      #expect(store.value(forKey: "appearance", default: Appearance.light) == .light)
      #expect(store.value(forKey: "members", default: [grace]) == [grace], "one bad element")
      #expect(store.value(forKey: "names", default: [0: "zero"]) == [0: "zero"], "a key that is no Int")
      #expect(store.value(forKey: "range", default: 0..<1) == 0..<1)
      #expect(store.value(forKey: "shortRange", default: 0..<1) == 0..<1)
      #expect(store.value(forKey: "text", default: "") == #""quoted""#, "a String is never JSON")

      #expect(store.read("member") == .string(#"{"name":"Ada""#))
      #expect(store.read("members") == .array([.string(adaJSON), .string("not json")]))
      #expect(store.read("range") == .array([.integer(5), .integer(1)]))
    }
  }

  @Test("Ranges and dictionaries with keys that are not strings store Defaults' forms")
  func writtenForms() throws {
    let store = InMemoryDefaultsStore()
    try DefaultsKey("range", default: 0..<1, store: store).set(2..<4)
    try DefaultsKey("closed", default: 0.0...1.0, store: store).set(0.5...0.5)
    try DefaultsKey("names", default: [Int: String](), store: store).set([1: "one"])
    #expect(store.read("range") == .array([.integer(2), .integer(4)]))
    #expect(store.read("closed") == .array([.double(0.5), .double(0.5)]))
    #expect(store.read("names") == .dictionary(["1": .string("one")]))
  }

  @Test("A range or an Int-keyed dictionary stored as JSON data by earlier releases still reads")
  func earlierForms() throws {
    let store = InMemoryDefaultsStore()
    store.write(.data(try JSONCoding.standard.encode(3..<7)), forKey: "range")
    store.write(.data(try JSONCoding.standard.encode([1: "one"])), forKey: "names")
    #expect(DefaultsKey("range", default: 0..<1, store: store).value == 3..<7)
    #expect(DefaultsKey("names", default: [Int: String](), store: store).value == [1: "one"])
  }

  @Test("A key with the JSON-string coding writes what Defaults reads, and reads what it wrote")
  func jsonStringCoding() throws {
    let store = InMemoryDefaultsStore()
    let member = DefaultsKey<Member?>("member", default: nil, store: store, coding: .jsonString(.standard))
    let appearance = DefaultsKey(
      "appearance", default: Appearance.light, store: store, coding: .jsonString(.standard))
    let url = DefaultsKey<URL?>("url", default: nil, store: store, coding: .jsonString(.standard))
    try member.set(ada)
    try appearance.set(.dark)
    try url.set(URL(string: "https://x.y/z"))

    // NB: what Defaults' CodableBridge does to read a stored string.
    func readAsDefaults<T: Decodable>(_ key: String, as type: T.Type) -> T? {
      guard case .string(let text) = store.read(key) else { return nil }
      return (try? JSONDecoder().decode([T].self, from: Data("[\(text)]".utf8)))?.first
    }
    #expect(readAsDefaults("member", as: Member.self) == ada)
    #expect(readAsDefaults("appearance", as: Appearance.self) == .dark)
    #expect(readAsDefaults("url", as: URL.self)?.absoluteString == "https://x.y/z")
    #expect(store.read("appearance") == .string(#""dark""#))

    store.write(.string(graceJSON), forKey: "member")
    #expect(
      DefaultsKey<Member?>("member", default: nil, store: store, coding: .jsonString(.standard)).value
        == grace)
    try member.set(nil)
    #expect(store.read("member") == nil)
  }
}
