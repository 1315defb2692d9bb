import Foundation
import PostgresNIO
import UserDefaultsKitPostgres

/// The server `Benchmarks/postgres.sh` starts for the run, which it names in an environment
/// variable, and the bare postgres-nio calls the store's operations are measured against.
enum BenchmarkServer {
  static let variable = "USERDEFAULTSKIT_BENCHMARK_POSTGRES"

  /// The run's server, or nil when the benchmarks were not started by the script.
  static let configuration: PostgresClient.Configuration? = {
    guard let address = ProcessInfo.processInfo.environment[variable] else { return nil }
    let parts = address.split(separator: ":")
    guard parts.count == 2, let port = Int(parts[1]) else {
      fatalError("\(variable)=\(address): expected HOST:PORT")
    }
    return PostgresClient.Configuration(
      host: String(parts[0]), port: port, username: "postgres", password: nil,
      database: "userdefaultskit_benchmarks", tls: .disable)
  }()

  static let logger = Logger(label: "PostgresBenchmarks")

  /// The JSON text the store stores for `key` of `suite` (nil: no row, or a removed key), read
  /// with a bare query: what a benchmark checks it stored.
  static func storedJSON(suite: String, key: String, client: PostgresClient) async throws -> String? {
    var stored: String?
    let rows = try await client.query(
      "SELECT CAST(value AS text) FROM userdefaultskit_settings WHERE suite = \(suite) AND key = \(key)",
      logger: logger)
    for try await json in rows.decode(String?.self) { stored = json }
    return stored
  }

  /// A bare upsert of one row, as a hand-written client would send it: the floor of a write (the
  /// store's statement also returns the row it stored, for its copy in memory).
  static func upsert(suite: String, key: String, json: String) -> PostgresQuery {
    """
    INSERT INTO userdefaultskit_settings (suite, key, value, seq) VALUES (\(suite), \(key), CAST(\(json) AS jsonb), 0)
    ON CONFLICT (suite, key) DO UPDATE SET value = excluded.value
    """
  }
}

/// Stops the run when a benchmark did not do the work it names.
func expect(_ condition: Bool, _ failure: @autoclosure () -> String) {
  guard condition else { fatalError(failure()) }
}

/// A source of values that never repeats, so that no write stores an unchanged value.
final class Counter: @unchecked Sendable {
  // NB: benchmarks and their hooks run one at a time.
  private(set) var last = 0
  func next() -> Int {
    last += 1
    return last
  }
}

/// The time on a clock every process of the machine shares, for latencies across processes.
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
