import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

extension DefaultName {
  fileprivate static let volume: DefaultName = "volume"
}

@Suite("Keys")
struct DefaultsKeyTests {
  @Test(
    "A key reads its default, writes, resets and knows whether it holds the default",
    arguments: StoreKind.allCases)
  func readWriteReset(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let volume = DefaultsKey<Double>(.volume, default: 0.5, store: store)
      #expect(volume.value == 0.5)
      #expect(volume.isDefault)

      volume.value = 0.8
      #expect(volume.value == 0.8)
      #expect(!volume.isDefault)
      #expect(store.read("volume") == .double(0.8))

      try volume.reset()
      #expect(volume.value == 0.5)
      #expect(volume.isDefault)
      #expect(store.read("volume") == .double(0.5), "the registered default remains")
    }
  }

  @Test("DefaultName is a string literal, an interpolation and a raw value")
  func defaultNames() {
    let prefix = "app"
    let interpolated: DefaultName = "\(prefix).count"
    #expect(interpolated.rawValue == "app.count")
    #expect(DefaultName(rawValue: "volume") == .volume)
    #expect(DefaultName("x").description == "x")
  }

  @Test("Defaults are registered so plain UserDefaults reads see them, unless opted out")
  func registration() async {
    await withTemporarySuite { store in
      _ = DefaultsKey<Int>("registeredSeven", default: 7, store: store)
      _ = DefaultsKey<Int>("neverRegistered", default: 9, store: store, register: false)
      #expect(store.userDefaults.integer(forKey: "registeredSeven") == 7)
      #expect(store.userDefaults.object(forKey: "neverRegistered") == nil)
    }
  }

  @Test("A default registered through one suite is read through every suite, as Foundation reads it")
  func registrationIsTheProcesss() async {
    await withTemporarySuite { first in
      await withTemporarySuite { second in
        _ = DefaultsKey<Int>("registeredThroughFirst", default: 1, store: first)
        let other = DefaultsKey<Int>("registeredThroughFirst", default: 2, store: second, register: false)
        #expect(other.value == 1, "Foundation's registration domain is the process's")
        #expect(second.userDefaults.integer(forKey: "registeredThroughFirst") == 1, "as a plain read")
        #expect(!other.isDefault)
        other.value = 2
        #expect(
          other.value == 2 && first.read("registeredThroughFirst") == .integer(1), "a stored value wins")
      }
    }
  }

  @Test("Optional keys read nil, and assigning nil removes the key", arguments: StoreKind.allCases)
  func optionalRemoval(kind: StoreKind) async {
    await kind.withStore { store in
      // NB: names no other test registers a default for: Foundation's registration domain is the
      // process's.
      let name = DefaultsKey<String?>("optionalName", default: nil, store: store)
      let link = DefaultsKey<URL?>("optionalLink", default: nil, store: store)
      #expect(name.value == nil)
      name.value = "Ada"
      link.value = URL(string: "https://example.com/a")
      #expect(name.value == "Ada")
      name.value = nil
      link.value = nil
      #expect(name.value == nil)
      #expect(link.value == nil)
      #expect(store.read("optionalName") == nil)
      #expect(store.read("optionalLink") == nil)
    }
  }

  @Test("An optional with a default never reads nil; nil removes the stored value")
  func optionalWithDefault() async {
    await StoreKind.inMemory.withStore { store in
      let level = DefaultsKey<Int?>("level", default: 3, store: store)
      #expect(level.value == 3)
      level.value = 5
      #expect(level.value == 5)
      level.value = nil
      #expect(level.value == 3)
    }
  }

  @Test("Codable values can use a custom encoder and decoder", arguments: StoreKind.allCases)
  func customJSON(kind: StoreKind) async throws {
    struct Event: Codable, Equatable, Sendable { var at: Date }
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    try await kind.withStore { store in
      let event = DefaultsKey<Event?>(
        "event", default: nil, store: store, encoder: encoder, decoder: decoder)
      event.value = Event(at: Date(timeIntervalSince1970: 60))
      #expect(event.value == Event(at: Date(timeIntervalSince1970: 60)))
      guard case .data(let data) = try #require(store.read("event")) else {
        Issue.record("not stored as data")
        return
      }
      #expect(String(decoding: data, as: UTF8.self) == #"{"at":"1970-01-01T00:01:00Z"}"#)
      event.value = nil
      #expect(store.read("event") == nil, "nil removes the key, it does not store JSON null")
    }
  }

  @Test("A key with a value that cannot be stored reports it and writes nothing")
  func unencodableValue() async {
    await StoreKind.inMemory.withStore { store in
      let errors = ReportedErrors(for: store)
      let list = DefaultsKey<[Int?]>("list", default: [], store: store)
      list.value = [1, nil]
      #expect(store.read("list") == .array([]), "only the registered default")
      #expect(errors.all.count == 1)
    }
  }

  @Test("Launch arguments override a suite, as Foundation does, and read as typed values")
  func launchArgumentsAreReadAsNumbers() {
    #expect(PropertyListValue.string("42").exactInteger(as: Int.self) == 42)
    #expect(PropertyListValue.string(" 0.5").doubleValue == 0.5)
    #expect(Bool.fromDefaults(.string("YES")) == true)
    #expect(Int.fromDefaults(.bool(true)) == nil)
  }
}
