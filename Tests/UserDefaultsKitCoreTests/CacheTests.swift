import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

/// A Codable value that counts how often it is decoded.
private struct Counted: Codable, Equatable, Sendable {
  static let decodes = LockedCounter()
  var name: String

  init(name: String) { self.name = name }

  init(from decoder: any Decoder) throws {
    Self.decodes.increment()
    name = try decoder.singleValueContainer().decode(String.self)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}

@Suite("The cache", .serialized)
struct CacheTests {
  @Test("A value at its registered default is decoded once for 1,000 reads", arguments: StoreKind.allCases)
  func registeredDefault(kind: StoreKind) async {
    await kind.withStore { store in
      let key = DefaultsKey<Counted>("counted", default: Counted(name: "default"), store: store)
      let before = Counted.decodes.count
      for _ in 0..<1_000 { #expect(key.value == Counted(name: "default")) }
      #expect(Counted.decodes.count - before <= 1)
    }
  }

  @Test("A write of another key does not make a key decode again", arguments: StoreKind.allCases)
  func unrelatedWrite(kind: StoreKind) async {
    await kind.withStore { store in
      let key = DefaultsKey<Counted>("counted", default: Counted(name: "default"), store: store)
      let other = DefaultsKey<Int>("other", default: 0, store: store)
      DefaultsKey<Counted>("counted", default: Counted(name: "default"), store: store).value = Counted(
        name: "a")
      #expect(key.value == Counted(name: "a"))
      let before = Counted.decodes.count
      for value in 1...10 {
        other.value = value
        #expect(key.value == Counted(name: "a"))
      }
      #expect(Counted.decodes.count == before)
    }
  }

  @Test("A change is decoded once for all the observers of a key", arguments: StoreKind.allCases)
  func decodedOnceForObservers(kind: StoreKind) async {
    await kind.withStore { store in
      let observed = DefaultsKey<Counted>("counted", default: Counted(name: "default"), store: store)
      let seen = LockedArray<String>()
      let observations = (0..<3).map { _ in observed.observe { seen.append($0.name) } }
      defer { for observation in observations { observation.cancel() } }
      let writer = DefaultsKey<Counted>("counted", default: Counted(name: "default"), store: store)
      let before = Counted.decodes.count
      writer.value = Counted(name: "b")
      #expect(seen.all == ["b", "b", "b"])
      #expect(Counted.decodes.count - before == 1)
      #expect(observed.value == Counted(name: "b"))
      #expect(Counted.decodes.count - before == 1, "the observers' decode serves reads too")
    }
  }
}
