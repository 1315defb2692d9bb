// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// The article "Cloud-synced properties" (the README links it).

struct Preferences {
  @CloudDefault(CloudDefaultsKey(
    "favoriteColor", local: DefaultsKey("cachedColor", default: "Green"),      // cloud key, local cache
    policies: CloudChangePolicies(onServerChange: .cloudValue, onAccountChange: .cachedValue)))
  var favoriteColor: String
}

func simulateCloudChange() -> String {
  let cloud = InMemoryCloudStore()
  let color = CloudDefaultsKey("favoriteColor", local: DefaultsKey("cachedColor", default: "Green"), cloud: cloud)
  cloud.simulateExternalChange(.serverChange, values: ["favoriteColor": .string("Blue")])
  // color.value == "Blue"
  return color.value
}
