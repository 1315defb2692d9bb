import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

private enum Theme: String, DefaultsSerializable { case light, dark }
private struct Profile: Codable, Equatable, DefaultsSerializable { var name: String }

@Suite("An optional setting needs no default")
struct OptionalSettingTests {
  @Test("A key without default: reads nil, stores, reads back, and nil removes it")
  func keyWithoutDefault() throws {
    let store = InMemoryDefaultsStore()
    let nickname = DefaultsKey<String?>("nickname", store: store)
    #expect(nickname.value == nil && nickname.isDefault)
    #expect(store.read("nickname") == nil, "nil registers nothing")
    try nickname.set("Ada")
    #expect(nickname.value == "Ada" && store.read("nickname") == .string("Ada"))
    try nickname.set(nil)
    #expect(store.read("nickname") == nil)
  }

  @Test("A RawRepresentable or Codable type that declares DefaultsSerializable, stored as with a default")
  func declaredTypes() throws {
    let store = InMemoryDefaultsStore()
    let theme = DefaultsKey<Theme?>("theme", store: store)
    let profile = DefaultsKey<Profile?>("profile", store: store)
    try theme.set(.dark)
    try profile.set(Profile(name: "Ada"))
    #expect(store.read("theme") == .string("dark"))
    #expect(DefaultsKey<Theme?>("theme", default: nil, store: store).value == .dark, "the same form")
    #expect(DefaultsKey<Profile?>("profile", default: nil, store: store).value == Profile(name: "Ada"))
  }

  @Test("@Default over a key without default")
  func propertyWrapper() {
    let store = InMemoryDefaultsStore()
    @Default(DefaultsKey<String?>("nickname", store: store)) var nickname
    #expect(nickname == nil)
    nickname = "Ada"
    #expect(store.read("nickname") == .string("Ada"))
    #expect($nickname.value == "Ada")
  }
}
