// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKit

// "Linux notes". A suite in a folder of one's choice exists on Linux only.

#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  func openServerSettings() {
    let store = UserDefaultsStore.suite("settings", in: URL(fileURLWithPath: "/var/lib/myapp"))
    let port = DefaultsKey("port", default: 8080, store: store)
    _ = port
  }
#endif
