// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// "Migrating from Defaults".

extension DefaultsKey where Value == Double {
  static let quality = DefaultsKey("quality", default: 0.8)             // Defaults.Keys.quality
}
extension DefaultsKey where Value == String? {
  static let nickname = DefaultsKey<String?>("nickname")                 // Key<String?>("nickname")
}
extension DefaultsKey where Value == Bool {
  static let isUnicorn = DefaultsKey("isUnicorn", default: true, store: UserDefaultsStore.suite("com.unicorn.app"))
}

struct Player {
  @Default(.quality) var quality                                          // @Default(.quality)
}

func play() throws {
  DefaultsKey.quality.value += 0.1                                        // Defaults[.quality] += 0.1
  try DefaultsKey.quality.reset()                                         // Defaults.reset(.quality)
  let observation = DefaultsKeys.observe([DefaultsKey.quality, DefaultsKey.isUnicorn]) {  // observe(keys:)
    print("quality or unicorn changed")
  }
  observation.cancel()
}

struct Renderer {
  @UserDefaultsKit.Default(.quality) var quality
}
enum RenderLevel: Int, UserDefaultsKit.DefaultsSerializable { case low, high }

struct Profile: Codable, DefaultsSerializable { var name: String }

func keepDefaultsForm() {
  let profile = DefaultsKey<Profile?>(
    "profile", default: nil, store: UserDefaultsStore.standard, coding: .jsonString(.standard))
  _ = profile
}
