import Benchmark
import Foundation
import PostgresNIO
import UserDefaultsKitPostgres

/// Opening a suite of 10,000 keys while the process already uses the database (its pool and its
/// listening connection are up, as they are for every suite after the first), beside a bare
/// `SELECT` of the suite's rows through the same kind of client, decoded into a dictionary.
@available(macOS 15, *)
func openingBenchmarks(configuration: PostgresClient.Configuration, client: PostgresClient) {
  let suite = "\(suiteName).large"
  let keys = 10_000
  let opens = Benchmark.Configuration(
    metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 200)
  // NB: one statement writes the rows; the trigger numbers each, as it does a store's writes.
  let fill: Benchmark.BenchmarkSetupHook = {
    try await client.query(
      """
      INSERT INTO userdefaultskit_settings (suite, key, value, seq)
      SELECT \(suite), 'key' || i, to_jsonb(i), 0 FROM generate_series(0, \(keys - 1)) AS i
      ON CONFLICT (suite, key) DO UPDATE SET value = excluded.value
      """, logger: BenchmarkServer.logger)
  }

  Benchmark(
    "open a 10,000-key suite and read one key: PostgreSQL store", configuration: opens,
    closure: { benchmark in
      benchmark.startMeasurement()
      let opened = try PostgresDefaultsStore(configuration: configuration, suite: suite)
      let value = DefaultsKey<Int>("key1234", default: -1, store: opened).value
      benchmark.stopMeasurement()
      expect(
        value == 1234 && opened.storedValues.count == keys,
        "open: read \(value), \(opened.storedValues.count) keys")
    }, setup: fill)
  Benchmark(
    "open a 10,000-key suite and read one key: floor, SELECT decoded into a dictionary", configuration: opens,
    closure: { benchmark in
      benchmark.startMeasurement()
      var values: [String: Any] = [:]
      let rows = try await client.query(
        "SELECT key, CAST(value AS text) FROM userdefaultskit_settings WHERE suite = \(suite)",
        logger: BenchmarkServer.logger)
      for try await (key, json) in rows.decode((String, String).self) {
        values[key] = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
      }
      let value = values["key1234"] as? Int
      benchmark.stopMeasurement()
      expect(value == 1234 && values.count == keys, "floor open: read \(value ?? -1), \(values.count) keys")
    }, setup: fill)
}
