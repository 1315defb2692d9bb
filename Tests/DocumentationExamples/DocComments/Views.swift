// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// The example of `@ObservedDefault`'s doc comment (UserDefaultsKit): SwiftUI, so Apple platforms
// only, type-checked on Linux against the stand-ins of Tests/AppleAPITypeCheck.
#if canImport(SwiftUI) || APPLE_API_TYPECHECK
  // Not type-checked on Linux: the import itself; the type-check's stand-ins declare SwiftUI's names.
  #if canImport(SwiftUI)
    import SwiftUI
  #endif

  extension DefaultsKey where Value == Bool {
    static let showsBadge = DefaultsKey("showsBadge", default: true)
  }

  struct BadgeSetting: View {
    @ObservedDefault(.showsBadge) private var showsBadge

    var body: some View {
      Toggle("Badge", isOn: $showsBadge)
    }
  }
#endif
