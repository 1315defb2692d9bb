import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

@Suite("Foundation's own calls")
struct FoundationOverloadTests {
  @Test("Importing UserDefaultsKit leaves UserDefaults.set(_:forKey:) to Foundation")
  func setStaysFoundations() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let defaults = UserDefaults(suiteName: suite)!
    defaults.set("text", forKey: "string")
    #expect(defaults.string(forKey: "string") == "text")
    // NB: a set overload of the library would store a Decimal as the string "3.14"; Foundation
    // stores a number.
    defaults.set(Decimal(string: "3.14")!, forKey: "decimal")
    #expect(defaults.object(forKey: "decimal") is NSNumber)
    #expect(defaults.string(forKey: "decimal") != "3.14")
  }
}
