import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

/// `NSUbiquitousKeyValueStore`'s limits: a key over 64 bytes of UTF-8 crashes the app, and values
/// over 1 MB or a 1,025th key are rejected. Nothing that breaks them reaches a cloud store, and
/// the in-memory store refuses them as iCloud would, so that these tests would see such a call.
// NB: errors are reported globally and tests run in parallel: each test uses keys of its own.
@Suite("Cloud limits")
struct CloudLimitsTests {
  /// `count` keys (`prefix0`, `prefix1`, ...) with values, as other devices may have written them.
  private func keys(_ count: Int, prefix: String) -> [String: PropertyListValue] {
    Dictionary(uniqueKeysWithValues: (0..<count).map { ("\(prefix)\($0)", .integer(Int64($0))) })
  }

  @Test(
    "A key of 64 bytes of UTF-8 syncs",
    arguments: [String(repeating: "k", count: 64), String(repeating: "\u{E9}", count: 32)])
  func longestKey(_ cloudKey: String) async throws {
    try await StoreKind.inMemory.withStore { store in
      let reported = ReportedErrors(matching: "'\(cloudKey)'")
      let cloud = InMemoryCloudStore()
      let color = CloudDefaultsKey(
        DefaultName(cloudKey), local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      try color.set("red")
      #expect(cloud.storedValues[cloudKey] == .string("red"))
      cloud.simulateExternalChange(.serverChange, values: [cloudKey: .string("blue")])
      #expect(color.value == "blue")
      #expect(reported.all.isEmpty)
      #expect(cloud.refusedWrites.isEmpty)
    }
  }

  @Test(
    "A key over 64 bytes is reported when made; it never calls the cloud store and works locally",
    arguments: [
      String(repeating: "k", count: 65),
      String(repeating: "\u{E9}", count: 33),  // 33 characters, 66 bytes
      String(repeating: "\u{E9}", count: 32) + "k",
    ])
  func tooLongKey(_ cloudKey: String) async throws {
    try await StoreKind.inMemory.withStore { store in
      let reported = ReportedErrors(matching: "'\(cloudKey)'")
      let cloud = RecordingCloudStore()
      let color = CloudDefaultsKey(
        DefaultName(cloudKey), local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      #expect(reported.warnings.map(\.summary) == ["cloudKeyTooLong '\(cloudKey)'"])
      #expect(reported.warnings.first?.detail == "\(cloudKey.utf8.count) bytes")

      color.value = "red"
      #expect(color.value == "red")
      try color.set("blue")
      #expect(store.read("color") == .string("blue"))
      cloud.inner.simulateExternalChange(.serverChange, values: [cloudKey: .string("teal")])
      cloud.inner.simulateForegroundReturn()
      #expect(color.value == "blue", "the key object does not follow the cloud")
      #expect(cloud.calls.isEmpty)
      #expect(reported.all.count == 1, "reported once, when the key object was made")

      let fitting = CloudDefaultsKey(
        "size", local: DefaultsKey("size", default: 1, store: store), cloud: cloud)
      fitting.value = 2
      #expect(cloud.calls.contains("setValue(size)"), "the store records the calls of a key that fits")
    }
  }

  @Test("A value too large for the cloud is thrown or reported, and written nowhere")
  func valueTooLarge() async throws {
    try await StoreKind.inMemory.withStore { store in
      let reported = ReportedErrors(matching: "'cloudLimitsBlob'")
      let cloud = InMemoryCloudStore()
      let blob = CloudDefaultsKey(
        "cloudLimitsBlob", local: DefaultsKey("blob", default: Data(), store: store, register: false),
        cloud: cloud)
      // NB: the stored form, a binary property list, is a few dozen bytes longer than the data.
      let tooLarge = Data(count: CloudLimits.maximumValueBytes)

      let error = #expect(throws: DefaultsError.self) { try blob.set(tooLarge) }
      guard let error, error.kind == .cloudValueTooLarge, error.key == "cloudLimitsBlob",
        let bytes = error.detail.flatMap({ Int($0.prefix { $0 != " " }) })
      else {
        Issue.record("\(String(describing: error))")
        return
      }
      #expect(bytes > CloudLimits.maximumValueBytes)
      blob.value = tooLarge
      #expect(reported.errors == [error])
      #expect(blob.value == Data())
      #expect(store.read("blob") == nil, "nothing is written locally either")
      #expect(cloud.storedValues.isEmpty)

      let fitting = Data(count: CloudLimits.maximumValueBytes - 100)
      try blob.set(fitting)
      #expect(cloud.storedValues["cloudLimitsBlob"] == .data(fitting))
      #expect(store.read("blob") == .data(fitting))
      #expect(cloud.refusedWrites.isEmpty)
    }
  }

  @Test("A new key in a store that holds 1,024 is refused; the keys it holds still change")
  func keyCount() async throws {
    try await StoreKind.inMemory.withStore { store in
      let cloud = InMemoryCloudStore(values: keys(CloudLimits.maximumKeyCount, prefix: "key"))
      let extra = CloudDefaultsKey(
        "cloudLimitsExtra", local: DefaultsKey("extra", default: 0, store: store, register: false),
        cloud: cloud)
      #expect(
        throws: DefaultsError(.cloudKeyLimitReached, key: "cloudLimitsExtra", detail: "it holds 1024 keys")
      ) {
        try extra.set(1)
      }
      #expect(extra.value == 0)
      #expect(store.read("extra") == nil, "nothing is written locally either")
      #expect(cloud.keyCount == 1_024)

      let held = CloudDefaultsKey("key7", local: DefaultsKey("seven", default: 0, store: store), cloud: cloud)
      #expect(held.value == 7)
      try held.set(70)
      #expect(cloud.storedValues["key7"] == .integer(70))

      cloud.setValue(nil, forKey: "key0")  // another device removes a key
      try extra.set(1)
      #expect(cloud.storedValues["cloudLimitsExtra"] == .integer(1))
      #expect(cloud.refusedWrites.isEmpty)
    }
  }

  @Test("A value written again after an initial sync that filled the store is reported, not sent")
  func rewriteIntoAFullStore() async {
    await StoreKind.inMemory.withStore { store in
      let reported = ReportedErrors(matching: "'cloudLimitsSynced'")
      let cloud = InMemoryCloudStore()
      let color = CloudDefaultsKey(
        "cloudLimitsSynced", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      color.value = "red"
      // NB: the download discards this process's write and brings the account's 1,024 keys.
      var download: [String: PropertyListValue?] = keys(CloudLimits.maximumKeyCount, prefix: "synced")
      download["cloudLimitsSynced"] = .some(nil)
      cloud.simulateExternalChange(.initialSync, values: download)

      #expect(
        reported.errors == [
          DefaultsError(.cloudKeyLimitReached, key: "cloudLimitsSynced", detail: "it holds 1024 keys")
        ])
      #expect(color.value == "red", "the local value is kept")
      #expect(cloud.storedValues["cloudLimitsSynced"] == nil)
      #expect(cloud.refusedWrites.isEmpty)
    }
  }

  @Test("The in-memory store refuses, lists and reports each write iCloud would not take")
  func inMemoryStoreRefuses() {
    let reported = ReportedErrors(matching: "'directStore")
    let cloud = InMemoryCloudStore(values: keys(CloudLimits.maximumKeyCount - 1, prefix: "directStoreKey"))
    let longKey = "directStore" + String(repeating: "k", count: 54)
    cloud.setValue(.bool(true), forKey: longKey)
    cloud.setValue(nil, forKey: longKey)
    cloud.setValue(.data(Data(count: CloudLimits.maximumValueBytes)), forKey: "directStoreBig")
    cloud.setValue(.integer(1), forKey: "directStoreFirst")  // the 1,024th key
    cloud.setValue(.integer(2), forKey: "directStoreSecond")
    cloud.setValue(.integer(3), forKey: "directStoreFirst")  // a key it holds

    #expect(cloud.refusedWrites.count == 4)
    let tooLong = DefaultsError(.cloudKeyTooLong, key: longKey, detail: "65 bytes")
    #expect(Array(cloud.refusedWrites.prefix(2)) == [tooLong, tooLong])
    let tooLarge = cloud.refusedWrites.dropFirst(2).first
    #expect(tooLarge?.summary == "cloudValueTooLarge 'directStoreBig'")
    #expect(tooLarge?.detail.flatMap { Int($0.prefix { $0 != " " }) } ?? 0 > CloudLimits.maximumValueBytes)
    #expect(
      cloud.refusedWrites.last
        == DefaultsError(.cloudKeyLimitReached, key: "directStoreSecond", detail: "it holds 1024 keys"))
    #expect(cloud.storedValues["directStoreFirst"] == .integer(3))
    #expect(cloud.storedValues[longKey] == nil && cloud.storedValues["directStoreBig"] == nil)
    #expect(cloud.storedValues["directStoreSecond"] == nil)
    #expect(cloud.keyCount == 1_024)
    #expect(reported.errors == cloud.refusedWrites && reported.warnings.isEmpty)

    cloud.setValue(nil, forKey: "directStoreFirst")
    cloud.setValue(.integer(2), forKey: "directStoreSecond")
    #expect(cloud.storedValues["directStoreSecond"] == .integer(2), "a removal makes room")
  }
}
