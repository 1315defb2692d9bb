import Foundation
import UserDefaultsKitCore

extension UserDefaults {
  /// Makes the direct writes made through this object reach the library's reads now, as the
  /// documentation tells users to: on Linux, Foundation keeps them in memory until its
  /// `synchronize()` stores them in the suite's file, which the library reads again at
  /// `checkForExternalChanges()` (by itself within 10 ms); on Apple platforms both calls are
  /// harmless.
  public func storeDirectWrites() {
    synchronize()
    UserDefaultsStore.store(for: self).checkForExternalChanges()
  }
}
