import Configuration
import UserDefaultsKitConfiguration

// A program that reads its settings through swift-configuration: environment variables over the
// suite `com.example.greeter`, which a user edits with `userdefaults`. With `--watch`, it prints
// the greeting again each time it changes, until interrupted:
//
//   swift run ConfigurationExample --watch &
//   swift run userdefaults write com.example.greeter greeting Bonjour
//   GREETING=Hi swift run ConfigurationExample      # the environment wins
guard #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) else {
  fatalError("swift-configuration needs macOS 15, iOS 18, watchOS 11, tvOS 18 or visionOS 2")
}
let config = ConfigReader(providers: [
  EnvironmentVariablesProvider(),
  UserDefaultsProvider(store: UserDefaultsStore.suite("com.example.greeter")),
])
print(
  "\(config.string(forKey: "greeting", default: "Hello")), \(config.string(forKey: "name", default: "world"))!"
)
if CommandLine.arguments.contains("--watch") {
  try await config.watchString(forKey: "greeting", default: "Hello") { updates in
    for await greeting in updates { print("greeting: \(greeting)") }
  }
}
