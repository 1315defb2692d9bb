// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// "Stored forms". Its `Theme` is not the one of "Getting started", hence the namespace.

enum StoredForms {
  enum Theme: String, Codable { case light, dark }

  static func storeTheme() {
    let theme = DefaultsKey<Theme>("theme", default: .light)
    theme.value = .dark   // stored as the string "dark", as @AppStorage stores it
  }
}
