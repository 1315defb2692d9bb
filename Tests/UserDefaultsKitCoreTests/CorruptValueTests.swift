import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Mistyped and corrupt values")
struct CorruptValueTests {
  // NB: key names no other test registers a default for: Foundation's registration domain is the
  // process's.
  @Test("A mistyped value reads as the default, stays stored, and is reported", arguments: StoreKind.allCases)
  func mistyped(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let errors = ReportedErrors(for: store)
      try store.write(.string("many"), forKey: "mistypedCount")
      try store.write(.integer(300), forKey: "mistypedSmall")
      try store.write(.string("purple"), forKey: "mistypedTheme")
      try store.write(.data(Data("{not json".utf8)), forKey: "mistypedProfile")
      try store.write(.bool(true), forKey: "mistypedNumber")

      #expect(DefaultsKey<Int>("mistypedCount", default: 1, store: store).value == 1)
      #expect(DefaultsKey<Int8>("mistypedSmall", default: 2, store: store).value == 2)
      #expect(DefaultsKey<FixtureTheme>("mistypedTheme", default: .light, store: store).value == .light)
      #expect(DefaultsKey<FixtureProfile?>("mistypedProfile", default: nil, store: store).value == nil)
      #expect(DefaultsKey<Int>("mistypedNumber", default: 4, store: store).value == 4)

      #expect(store.read("mistypedCount") == .string("many"))
      #expect(store.read("mistypedSmall") == .integer(300))
      #expect(store.read("mistypedTheme") == .string("purple"))
      #expect(store.read("mistypedProfile") == .data(Data("{not json".utf8)))
      #expect(errors.all.count == 5, "\(errors.all)")
    }
  }

  @Test(
    "A bad value is reported once per stored value: not on every read, not after unrelated writes",
    arguments: StoreKind.allCases)
  func reportedOnce(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let errors = ReportedErrors(for: store)
      try store.write(.string("x"), forKey: "mistypedCount")
      let count = DefaultsKey<Int>("mistypedCount", default: 1, store: store)
      let other = DefaultsKey<Int>("other", default: 0, store: store)
      for value in 1...10 {
        #expect(count.value == 1)
        other.value = value
      }
      #expect(DefaultsKey<Int>("mistypedCount", default: 1, store: store).value == 1, "a second key for it")
      #expect(errors.all.count == 1)

      try store.write(.string("y"), forKey: "mistypedCount")
      #expect(count.value == 1)
      #expect(errors.all.count == 2, "another bad value is reported in turn")
    }
  }

  @Test("An object registered directly with Foundation neither crashes a read nor leaks into it")
  func nonPropertyListObject() async {
    await withTemporarySuite { store in
      struct Opaque {}
      let errors = ReportedErrors(for: store)
      store.userDefaults.register(defaults: ["opaque": Opaque()])
      #expect(DefaultsKey<Int>("opaque", default: 3, store: store, register: false).value == 3)
      #if canImport(Darwin) || APPLE_API_TYPECHECK
        // NB: reads go through `object(forKey:)`, which reads Foundation's registration domain.
        #expect(errors.warnings.map(\.kind) == [.unreadableObject], "reported as not a property-list value")
      #else
        // NB: the library reads the defaults registered through it.
        #expect(errors.all.isEmpty, "an object registered directly is read by plain reads only")
      #endif
    }
  }
}

@Suite("Suite names")
struct SuiteNameTests {
  @Test("A suite name that Foundation on Linux would turn into a stray path is reported")
  func pathLikeSuiteName() {
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK
      let name = "UserDefaultsKitTests/\(UUID().uuidString)"
      let errors = LockedArray<String>()
      let observation = DefaultsReports.observe { problem in
        if let error = problem as? DefaultsError, error.kind == .invalidSuiteName,
          error.store?.contains(name) == true
        {
          errors.append(error.summary)
        }
      }
      _ = UserDefaultsStore.suite(name)
      observation.cancel()
      #expect(errors.all.count == 1)
    #endif
  }
}
