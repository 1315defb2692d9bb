// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// The examples of the doc comments of cloud-synced settings.

struct Preferences {
  @CloudDefault(CloudDefaultsKey("favoriteColor", local: DefaultsKey("cachedColor", default: "Green")))
  var favoriteColor: String
}

func syncColor() {
  let color = CloudDefaultsKey(
    "favoriteColor", local: DefaultsKey("cachedFavoriteColor", default: "green", store: InMemoryDefaultsStore()),
    cloud: InMemoryCloudStore(), policies: CloudChangePolicies(onAccountChange: .defaultValue))
  color.value = "blue"   // cached locally and sent to the cloud
}

func setColor() throws {
  let color = CloudDefaultsKey(
    "favoriteColor", local: DefaultsKey("cachedFavoriteColor", default: "green", store: InMemoryDefaultsStore()),
    cloud: InMemoryCloudStore())
  try color.set("blue")
}

func writeToTheCloud() {
  let cloud: any CloudKeyValueStore = InMemoryCloudStore()
  cloud.setValue(.string("green"), forKey: "favoriteColor")
}

func observeForegroundReturns() {
  let cloud: any CloudKeyValueStore = InMemoryCloudStore()
  let returns = cloud.observeForegroundReturns { print("back in the foreground") }
  _ = returns
}

func choosePolicies() {
  let policies = CloudChangePolicies(
    onServerChange: .cloudValue, onInitialSync: .cloudValue, onAccountChange: .defaultValue)
  _ = policies
}

func simulateServerChange() {
  let cloud = InMemoryCloudStore()
  cloud.simulateExternalChange(.serverChange, values: ["favoriteColor": .string("blue")])
}

func simulateForegroundReturn() {
  let cloud = InMemoryCloudStore()
  cloud.setValue(.string("blue"), forKey: "favoriteColor")  // changed on another device
  cloud.simulateForegroundReturn()
}

func checkKeyLength() {
  let fits = "favoriteColor".utf8.count <= CloudLimits.maximumKeyBytes  // true
  _ = fits
}

// Apple platforms only: UbiquitousCloudStore wraps NSUbiquitousKeyValueStore.
#if canImport(Darwin) || APPLE_API_TYPECHECK
  func syncThroughICloud() {
    let color = CloudDefaultsKey(
      "favoriteColor", local: DefaultsKey("cachedFavoriteColor", default: "green"),
      cloud: UbiquitousCloudStore.shared)
    _ = color
  }
#endif
