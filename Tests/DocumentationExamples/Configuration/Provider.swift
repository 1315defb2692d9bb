// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Configuration
import UserDefaultsKitConfiguration

// The README's "Settings as configuration", the article of the same name, and the doc comments of
// UserDefaultsKitConfiguration.

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
func readConfiguration() {
  let config = ConfigReader(providers: [
    EnvironmentVariablesProvider(),
    UserDefaultsProvider(store: UserDefaultsStore.suite("com.example.server")),
  ])
  let greeting = config.string(forKey: "greeting", default: "Hello")
  let snakeCase = UserDefaultsProvider.KeyMapping.custom { $0.components.joined(separator: "_") }
  _ = (greeting, snakeCase)
}

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
func watchConfiguration(config: ConfigReader) async throws {
  try await config.watchInt(forKey: "http.timeout", default: 30) { updates in
    for await timeout in updates { print("timeout: \(timeout) s") }
  }
}
