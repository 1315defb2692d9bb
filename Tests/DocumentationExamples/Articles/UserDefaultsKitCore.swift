// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// The landing page of UserDefaultsKitCore's documentation.

func countLaunch() throws {
  let launches = DefaultsKey("launchCount", default: 0, store: UserDefaultsStore.suite("com.example.app"))
  try launches.update { $0 += 1 }
  let observation = launches.observe { print("launched \($0) times") }
  observation.cancel()
}
