import Foundation
import PostgresNIO
import PostgresTestSupport
import Testing
import UserDefaultsKitCore
import UserDefaultsKitPostgres

/// The server the tests run against, started once around the suite that carries
/// ``RealPostgres`` and stopped after it.
enum TestServer {
  @TaskLocal static var current: PostgresServer?

  static var server: PostgresServer {
    guard let current else { preconditionFailure("a PostgreSQL test outside the RealPostgres suite") }
    return current
  }

  /// How the store reaches the test server as `user`.
  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  static func configuration(user: String = PostgresServer.superuser) -> PostgresClient.Configuration {
    PostgresClient.Configuration(
      unixSocketPath: server.socketPath, username: user, password: nil, database: PostgresServer.databaseName)
  }

  /// A store of a new suite, unique to the test.
  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  static func store(suite: String = uniqueSuite(), user: String = PostgresServer.superuser) throws
    -> PostgresDefaultsStore
  {
    try PostgresDefaultsStore(configuration: configuration(user: user), suite: suite)
  }

  /// The JSON text the table stores for `key` of `suite`; empty when it has no row.
  static func storedJSON(suite: String, key: String) throws -> String {
    try server.psql(
      "SELECT CAST(value AS text) FROM userdefaultskit_settings WHERE suite = '\(suite)' AND key = '\(key)'"
    ).trimmingCharacters(in: .newlines)
  }

  static func uniqueSuite() -> String {
    "tests.\(UUID().uuidString)"
  }
}

/// Starts a PostgreSQL server of the tests' own around the suite it is given to. Where
/// PostgreSQL is not installed, the suite is skipped with a message that says so (unless the
/// run requires it: ``PostgresServer/requiredVariable``).
struct RealPostgres: SuiteTrait, TestScoping {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let server = try PostgresServer.start()
    defer { server.stop() }
    try await TestServer.$current.withValue(server) { try await function() }
  }
}

extension Trait where Self == RealPostgres {
  /// Runs the suite against a server of its own, or skips it where PostgreSQL is not installed.
  static var realPostgres: Self { RealPostgres() }
}

extension Trait where Self == ConditionTrait {
  static var postgresInstalled: Self {
    .enabled(if: PostgresServer.shouldRun, "PostgreSQL not installed: skipped the PostgreSQL store's tests")
  }
}
