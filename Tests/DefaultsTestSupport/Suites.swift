import Foundation

/// A unique suite name for one test.
public func temporarySuiteName() -> String {
  "UserDefaultsKitTests.\(UUID().uuidString)"
}

/// Removes a suite's values and its file.
public func removeSuite(_ name: String) {
  UserDefaults(suiteName: name)?.removePersistentDomain(forName: name)
}
