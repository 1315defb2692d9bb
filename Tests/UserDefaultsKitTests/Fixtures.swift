import Foundation
import UserDefaultsKit

enum MacroTheme: String, DefaultsSerializable, Codable {
  case light, dark, system
}

struct MacroProfile: Codable, Equatable, DefaultsSerializable {
  var name: String
}

public let globalStore = InMemoryDefaultsStore()

extension DefaultName {
  static let globalCounter: DefaultName = "globalCounter"
}

@DefaultsEntry(.globalCounter, default: 0, store: globalStore)
var globalCounter: Int

enum StaticSettings {
  static let prefix = "static"

  @DefaultsEntry("\(prefix).flag", default: false, store: globalStore)
  static var flag: Bool

  @DefaultsEntry(store: globalStore)
  static var nickname: String?
}
