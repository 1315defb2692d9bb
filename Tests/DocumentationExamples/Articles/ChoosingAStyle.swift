// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKit

// "Choosing a style".

@DefaultsEntry("lastOpened", default: Date.distantPast)
var lastOpened: Date

extension DefaultsKey where Value == Int {
  static let launchCount = DefaultsKey("app_launchCount", default: 0)
}

struct Game {
  @Default(.launchCount) var launchCount
}
