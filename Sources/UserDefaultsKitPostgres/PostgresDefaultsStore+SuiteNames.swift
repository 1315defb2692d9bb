import PostgresNIO
import UserDefaultsKitCore

extension PostgresDefaultsStore {
  /// The database `configuration` names, as messages name it: role, server and database, never a
  /// password.
  package static func place(of configuration: PostgresClient.Configuration) -> String {
    "PostgreSQL(\(SharedDatabase.identity(of: configuration)))"
  }

  /// The names of the suites of the database `configuration` names that hold a value, sorted: for
  /// the tool's `list`, `find` and `read` of every suite. Creates the table on the database's first
  /// use, as opening a store does. Throws when the database does not answer within `timeout`.
  package static func suiteNames(
    configuration: PostgresClient.Configuration, timeout: Duration = .seconds(10)
  ) throws(DefaultsError) -> [String] {
    let place = place(of: configuration)
    do {
      let database = try SharedDatabase.database(for: configuration, timeout: timeout)
      let (client, logger) = (database.client, database.logger)
      return try database.bridge.wait(timeout: timeout) {
        var names: [String] = []
        let rows = try await client.query(
          "SELECT DISTINCT suite FROM userdefaultskit_settings WHERE value IS NOT NULL ORDER BY suite",
          logger: logger)
        for try await name in rows.decode(String.self) { names.append(name) }
        return names
      }
    } catch {
      throw failure(error, store: place, doing: "listing the suites")
    }
  }
}
