import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Round trips")
struct RoundTripTests {
  @Test("Every value of the matrix reads back exactly in the same process", arguments: StoreKind.allCases)
  func sameProcess(kind: StoreKind) async {
    await kind.withStore { store in
      for testCase in RoundTripMatrix.cases { testCase.write(to: store) }
      for testCase in RoundTripMatrix.cases {
        #expect(testCase.mismatch(in: store) == nil, "\(testCase.name)")
      }
    }
  }

  @Test("Every value of the matrix survives a writer that exits right after writing")
  func freshProcess() async throws {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let writer = try HelperProcess.run(["write", suite])
    #expect(writer.status == 0)

    let reader = try HelperProcess.run(["verify", suite])
    #expect(reader.status == 0, "mismatches in a fresh process:\n\(reader.standardOutput)")

    let store = UserDefaultsStore.suite(suite)
    for testCase in RoundTripMatrix.cases {
      #expect(testCase.mismatch(in: store) == nil, "\(testCase.name), read by the test process")
    }
  }

  @Test("Stored forms are the natural ones that plain UserDefaults code reads")
  func naturalForms() async {
    await withTemporarySuite { store in
      let defaults = store.userDefaults
      store.setValue(42, forKey: "int")
      store.setValue(Int8(-5), forKey: "int8")
      store.setValue(true, forKey: "bool")
      store.setValue(2.5, forKey: "double")
      store.setValue("text", forKey: "string")
      store.setValue(URL(string: "https://x.y/z?q=1#f")!, forKey: "url")
      store.setValue(FixtureTheme.dark, forKey: "theme")
      store.setValue(CGPoint(x: 1, y: 2), forKey: "point")
      store.setValue(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "rect")
      store.setValue(Decimal(string: "3.14")!, forKey: "decimal")
      store.setValue(["a": 1], forKey: "dictionary")

      #expect(defaults.integer(forKey: "int") == 42)
      #expect(defaults.integer(forKey: "int8") == -5)
      #expect(defaults.bool(forKey: "bool"))
      #expect(defaults.double(forKey: "double") == 2.5)
      #expect(defaults.string(forKey: "string") == "text")
      #expect(defaults.string(forKey: "url") == "https://x.y/z?q=1#f")
      #expect(defaults.string(forKey: "theme") == "dark")
      #expect(defaults.object(forKey: "point") as? [String: Double] == ["x": 1, "y": 2])
      let rect = defaults.dictionary(forKey: "rect")
      #expect(rect?["size"] as? [String: Double] == ["width": 3, "height": 4])
      #expect(defaults.string(forKey: "decimal") == "3.14")
      #expect(defaults.object(forKey: "dictionary") as? [String: Int] == ["a": 1])
    }
  }

  @Test("Values that plain UserDefaults code stored read back through the library")
  func foreignValues() async {
    await withTemporarySuite { store in
      let defaults = store.userDefaults
      defaults.set(7, forKey: "int")
      defaults.set(Int8(7), forKey: "int8")
      defaults.set(Float(1.5), forKey: "float")
      defaults.set(Int.max, forKey: "intMax")
      defaults.set(UInt64.max, forKey: "uint64Max")
      defaults.set([1, 2], forKey: "array")
      defaults.set(["k": "v"], forKey: "dictionary")
      defaults.set(Date(timeIntervalSince1970: 100), forKey: "date")
      defaults.storeDirectWrites()

      #expect(store.value(forKey: "int", default: 0) == 7)
      #expect(store.value(forKey: "int8", default: Int8(0)) == 7)
      #expect(store.value(forKey: "float", default: Float(0)) == 1.5)
      #expect(store.value(forKey: "float", default: 0.0) == 1.5)
      #expect(store.value(forKey: "intMax", default: 0) == Int.max)
      #expect(store.value(forKey: "uint64Max", default: UInt64(0)) == .max)
      #expect(store.value(forKey: "array", default: [Int]()) == [1, 2])
      #expect(
        store.value(forKey: "dictionary", default: [String: String]()) == ["k": "v"])
      #expect(
        store.value(forKey: "date", default: Date.distantPast)
          == Date(timeIntervalSince1970: 100))
    }
  }
}
