import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompatUserDefaultsObservation

/// The prefix an app's cloud keys share, known at run time only: the macro cannot check the keys
/// made with it.
enum CloudKeys {
  static let prefix = "com.example.userdefaultskit.compat-tests.settings."
}

@ObservableUserDefaults
class LongCloudKeys {
  @CloudProperty(key: "com.example.settings.appearance.favoriteBackgroundColor.version2")  // 64 bytes
  var longest = "Green"

  // 73 bytes: reported at the property's first use.
  @CloudProperty(key: CloudKeys.prefix + "favoriteBackgroundColor", userDefaultKey: "derivedColor")
  var derived = "Green"

  @UserDefaultsStore
  var store: any DefaultsStore = InMemoryDefaultsStore()
}

@Suite("@CloudProperty keys and the cloud's key length")
struct CloudKeyLengthTests {
  // NB: the key object of a key too long for the cloud never calls its cloud store, so this runs
  // on Apple platforms too, where the store is iCloud, which a test process cannot use.
  @Test("A key over 64 bytes made at run time is reported at first use; the property works locally")
  func derivedKeyTooLong() {
    let cloudKey = CloudKeys.prefix + "favoriteBackgroundColor"
    let reported = LockedArray<DefaultsWarning>()
    let observation = DefaultsReports.observe { problem in
      if let warning = problem as? DefaultsWarning, warning.kind == .cloudKeyTooLong, warning.key == cloudKey
      {
        reported.append(warning)
      }
    }
    defer { observation.cancel() }
    let settings = LongCloudKeys()
    #expect(settings.derived == "Green")
    settings.derived = "Blue"
    #expect(settings.derived == "Blue")
    #expect(settings.store.read("derivedColor") == .string("Blue"))
    #expect(reported.all == [DefaultsWarning(.cloudKeyTooLong, key: cloudKey, detail: "73 bytes")])
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK
      #expect(InMemoryCloudStore.shared.value(forKey: cloudKey) == nil)
    #endif
  }

  // NB: @CloudProperty uses the platform's cloud store, iCloud on Apple platforms (see
  // UserDefaultsObservationTests).
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test("A literal key of 64 bytes syncs")
    func longestLiteralKey() {
      let settings = LongCloudKeys()
      settings.longest = "Blue"
      #expect(
        InMemoryCloudStore.shared.value(
          forKey: "com.example.settings.appearance.favoriteBackgroundColor.version2")
          == .string("Blue"))
      #expect(InMemoryCloudStore.shared.refusedWrites.isEmpty)
    }
  #endif
}
