import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

private struct PolicyCase: Sendable, CustomTestStringConvertible {
  let reason: CloudChangeReason
  let policy: CloudChangePolicy
  var testDescription: String { "\(reason) → \(policy)" }

  static let all: [PolicyCase] = CloudChangeReason.allCases.flatMap { reason in
    CloudChangePolicy.allCases.map { PolicyCase(reason: reason, policy: $0) }
  }
}

@Suite("Cloud-synced properties")
struct CloudTests {
  private func policies(_ policy: CloudChangePolicy) -> CloudChangePolicies {
    CloudChangePolicies(onServerChange: policy, onInitialSync: policy, onAccountChange: policy)
  }

  @Test("Each external-change reason applies its policy", arguments: PolicyCase.all)
  fileprivate func reasonAndPolicy(_ testCase: PolicyCase) async {
    await StoreKind.allCases.first!.withStore { store in
      let cloud = InMemoryCloudStore()
      // NB: a key of its own, because cases run in parallel and errors are reported globally.
      let cloudKey = "color_\(testCase.reason)_\(testCase.policy)"
      let errors = LockedArray<String>()
      let reporting = DefaultsReports.observe { problem in
        if let warning = problem as? DefaultsWarning, warning.kind == .cloudQuotaViolation,
          warning.detail == cloudKey
        {
          errors.append(warning.summary)
        }
      }
      defer { reporting.cancel() }
      let color = CloudDefaultsKey(
        DefaultName(cloudKey), local: DefaultsKey("cachedColor", default: "green", store: store),
        cloud: cloud,
        policies: policies(testCase.policy))
      color.value = "red"
      #expect(cloud.storedValues[cloudKey] == .string("red"))
      #expect(store.read("cachedColor") == .string("red"))

      cloud.simulateExternalChange(testCase.reason, values: [cloudKey: .string("blue")])

      let expected: (local: String, cloud: String)
      switch (testCase.reason, testCase.policy) {
      case (.quotaViolation, _): expected = ("red", "red")
      case (_, .ignore): expected = ("red", "blue")
      // NB: "red" was written in this process, so the initial sync discarded it: it is sent again.
      case (.initialSync, _): expected = ("red", "red")
      case (_, .cloudValue): expected = ("blue", "blue")
      case (_, .defaultValue): expected = ("green", "blue")
      case (_, .cachedValue): expected = ("red", "blue")
      }
      #expect(color.value == expected.local)
      #expect(cloud.storedValues[cloudKey] == .string(expected.cloud))
      #expect(errors.all.count == (testCase.reason == .quotaViolation ? 1 : 0))
    }
  }

  @Test("A change of another key, or a removal in the cloud, is handled per key")
  func otherKeysAndRemoval() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = InMemoryCloudStore()
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      color.value = "red"
      cloud.simulateExternalChange(.serverChange, values: ["size": .integer(3)])
      #expect(color.value == "red")
      cloud.simulateExternalChange(.serverChange, values: ["color": nil])
      #expect(color.value == "green")
    }
  }

  @Test("A fresh install takes the cloud's value as its server-change policy says; no default is uploaded")
  func freshInstall() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = InMemoryCloudStore(values: ["color": .string("purple")])
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      #expect(color.value == "purple")
      #expect(cloud.storedValues["color"] == .string("purple"))

      let emptyCloud = InMemoryCloudStore()
      let size = CloudDefaultsKey(
        "size", local: DefaultsKey("size", default: 1, store: store), cloud: emptyCloud)
      #expect(size.value == 1)
      #expect(emptyCloud.storedValues.isEmpty, "the default stays local")

      let ignoring = CloudDefaultsKey(
        "shape", local: DefaultsKey("shape", default: "circle", store: store),
        cloud: InMemoryCloudStore(values: ["shape": .string("square")]),
        policies: CloudChangePolicies(onServerChange: .ignore))
      #expect(ignoring.value == "circle", "a server change it ignores takes nothing")
    }
  }

  @Test(
    "At first use, a cached value other than the cloud's follows the server-change policy",
    arguments: CloudChangePolicy.allCases)
  func firstUseWithCachedValue(policy: CloudChangePolicy) async {
    await StoreKind.inMemory.withStore { store in
      // NB: the app wrote "local" in an earlier run; another device wrote "cloud" while it was closed.
      store.setValue("local", forKey: "color")
      let cloud = InMemoryCloudStore(values: ["color": .string("cloud")])
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud,
        policies: CloudChangePolicies(onServerChange: policy))
      let expected: [CloudChangePolicy: String] = [
        .cloudValue: "cloud", .defaultValue: "green", .cachedValue: "local", .ignore: "local",
      ]
      #expect(color.value == expected[policy])
      #expect(cloud.storedValues["color"] == .string("cloud"), "reconciling never writes to the cloud")
    }
  }

  @Test("At first use, a key the cloud holds no value for keeps its cached value")
  func firstUseWithEmptyCloud() async {
    await StoreKind.inMemory.withStore { store in
      store.setValue("local", forKey: "color")
      let cloud = InMemoryCloudStore()
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      #expect(color.value == "local")
      #expect(cloud.storedValues.isEmpty)
    }
  }

  @Test("An unavailable cloud is reported, and the value still works locally")
  func unavailable() async {
    await StoreKind.inMemory.withStore { store in
      let errors = LockedArray<String>()
      let reporting = DefaultsReports.observe { problem in
        if problem.summary == "cloudUnavailable 'offline'" { errors.append(problem.summary) }
      }
      defer { reporting.cancel() }
      let cloud = InMemoryCloudStore(isAvailable: false)
      let value = CloudDefaultsKey(
        "offline", local: DefaultsKey("offline", default: 0, store: store), cloud: cloud)
      value.value = 5
      #expect(value.value == 5)
      #expect(errors.all.count == 1)
    }
  }

  @Test("Observers of the cached value hear cloud changes; @CloudDefault wraps a synced key")
  func observationAndWrapper() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = InMemoryCloudStore()
      struct Preferences {
        @CloudDefault var favoriteColor: String
      }
      let preferences = Preferences(
        favoriteColor: CloudDefault(
          CloudDefaultsKey(
            "favoriteColor", local: DefaultsKey("cachedColor", default: "Green", store: store), cloud: cloud,
            policies: CloudChangePolicies(onAccountChange: .defaultValue))))
      let seen = LockedArray<String>()
      let observation = preferences.$favoriteColor.local.observe { seen.append($0) }
      defer { observation.cancel() }
      preferences.favoriteColor = "Blue"
      cloud.simulateExternalChange(.serverChange, values: ["favoriteColor": .string("Red")])
      cloud.simulateExternalChange(.accountChange, values: ["favoriteColor": .string("Teal")])
      #expect(seen.all == ["Blue", "Red", "Green"])
    }
  }
}
