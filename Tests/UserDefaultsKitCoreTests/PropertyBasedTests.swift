import DefaultsTestSupport
import Foundation
import PropertyBased
import Testing
import UserDefaultsKitCore

/// Random values written and read back through both stores: what holds for the matrix's edge
/// values must hold for any value.
@Suite("Property-based round trips")
struct PropertyBasedTests {
  private func roundTrip<Value: DefaultsSerializable & Sendable>(
    _ value: Value, in store: any DefaultsStore
  ) -> Value? {
    let key = "value.\(UUID().uuidString)"
    store.setValue(value, forKey: key)
    return DefaultsKey<Value?>(DefaultName(key), default: nil, store: store).value
  }

  @Test(arguments: StoreKind.allCases)
  func integers(kind: StoreKind) async {
    await kind.withStore { store in
      await propertyCheck(input: Gen.int(), Gen.uint64(), Gen.int8()) { int, uint64, int8 in
        #expect(roundTrip(int, in: store) == int)
        #expect(roundTrip(uint64, in: store) == uint64)
        #expect(roundTrip(int8, in: store) == int8)
      }
    }
  }

  @Test(arguments: StoreKind.allCases)
  func floatingPoint(kind: StoreKind) async {
    await kind.withStore { store in
      await propertyCheck(
        input: Gen.double(in: -1e300...1e300), Gen.float(in: -1e30...1e30)
      ) { double, float in
        #expect(roundTrip(double, in: store)?.bitPattern == double.bitPattern)
        #expect(roundTrip(float, in: store)?.bitPattern == float.bitPattern)
      }
    }
  }

  @Test(arguments: StoreKind.allCases)
  func stringsAndDictionaries(kind: StoreKind) async {
    let text = Gen.unicodeScalar(in: "\u{20}"..."\u{2FFF}").map { Character($0) }.string(of: 0...40)
    let dictionary = zip(Gen.letterOrNumber.string(of: 1...8), Gen.int()).dictionary(ofAtMost: 0...6)
    await kind.withStore { store in
      await propertyCheck(input: text, dictionary) { text, dictionary in
        #expect(roundTrip(text, in: store) == text)
        #expect(roundTrip([text], in: store) == [text])
        #expect(roundTrip(dictionary, in: store) == dictionary)
      }
    }
  }

  @Test(arguments: StoreKind.allCases)
  func dates(kind: StoreKind) async {
    await kind.withStore { store in
      await propertyCheck(input: Gen.dateTime(inYear: 1600...2400), Gen.double(in: 0..<1)) { date, fraction in
        let precise = date.addingTimeInterval(fraction)
        #expect(roundTrip(precise, in: store) == precise)
      }
    }
  }
}
