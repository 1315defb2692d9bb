import Foundation
import UserDefaultsKitCore

/// The preferences folder of this test run: a new temporary folder, removed when the run ends.
/// Every store the tests make lives in it, and the helper processes they start use it too, so a
/// test run never touches the user's own preferences.
public enum TestPreferences {
  public static let folder: URL = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("UserDefaultsKitTests-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }()

  /// The problems the library reported during the run. Collecting them keeps them off standard
  /// error, where a provoked problem would look like a failure; tests assert the ones they expect.
  static let reported = ErrorCollector()
}

/// Called by the test bundle's start-up hook, before any test runs.
@_cdecl("userDefaultsKitTestsUsePrivatePreferencesFolder")
public func userDefaultsKitTestsUsePrivatePreferencesFolder() {
  #if !canImport(Darwin)
    UserDefaultsStore.preferencesFolder = TestPreferences.folder
  #endif
  TestPreferences.reported.start()
  atexit { try? FileManager.default.removeItem(at: TestPreferences.folder) }
}

final class ErrorCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var observation: DefaultsObservation?
  private var errors: [DefaultsError] = []

  func start() {
    let observation = DefaultsError.observe { [weak self] error in self?.append(error) }
    lock.withLock { self.observation = observation }
  }

  private func append(_ error: DefaultsError) {
    lock.withLock { errors.append(error) }
  }
}

/// A unique suite name for one test.
public func temporarySuiteName() -> String {
  "UserDefaultsKitTests.\(UUID().uuidString)"
}

/// Removes a suite's file, in the test run's preferences folder.
public func removeSuite(_ name: String) {
  guard let url = UserDefaultsStore.fileURL(forSuite: name) else {
    UserDefaults(suiteName: name)?.removePersistentDomain(forName: name)
    return
  }
  try? FileManager.default.removeItem(at: url)
}
