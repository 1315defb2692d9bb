import PostgresNIO
import UserDefaultsKitPostgres

// The examples of the PostgreSQL store's doc comments and articles, with the context they assume.
// The tests of the store run against a real server; these compile.

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
func openingTheStore(secret: String) throws {
  let configuration = PostgresClient.Configuration(
    host: "db.internal", username: "app", password: secret, database: "app",
    tls: .require(.makeClientConfiguration()))
  let store = try PostgresDefaultsStore(configuration: configuration, suite: "checkout-service")
  let maintenance = DefaultsKey("maintenanceMode", default: false, store: store)
  if maintenance.value { print("down for maintenance") }
  let observation = maintenance.observe { isOn in print("maintenance: \(isOn)") }
  observation.cancel()
}
