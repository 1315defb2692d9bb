import Benchmark
import Foundation
import PostgresNIO
import UserDefaultsKitPostgres

// The PostgreSQL store's operations, each beside the floor that does the same work, in the same
// run: a read beside a `UserDefaultsStore` read; a write beside a bare postgres-nio upsert of the
// same row through a `PostgresClient`; an update beside a bare transaction that takes the same
// lock; opening a 10,000-key suite beside a bare `SELECT` of its rows decoded into a dictionary;
// and the time from a commit to the observer's call in other processes. Every benchmark checks
// that it did the work it names (that the table holds what it wrote last, read with a bare query;
// that every observer heard the last change), and stops the run otherwise. Run by
// `Benchmarks/postgres.sh`, which starts the server.

let suiteName = "PostgresBenchmarks.\(ProcessInfo.processInfo.processIdentifier)"

let benchmarks: @Sendable () -> Void = {
  // NB: the store is available from macOS 15, as the task executors that run its database work are.
  guard #available(macOS 15, *) else { fatalError("PostgresBenchmarks: the store needs macOS 15") }
  registerBenchmarks()
}

@available(macOS 15, *)
private func registerBenchmarks() {
  guard let configuration = BenchmarkServer.configuration else {
    FileHandle.standardError.write(
      Data(
        ("PostgresBenchmarks: \(BenchmarkServer.variable) is not set, so no benchmark is registered: "
          + "run Benchmarks/postgres.sh, which starts a server for the run\n").utf8))
    return
  }
  // NB: the latency benchmarks start this executable again as their observing processes.
  ObservingProcess.runIfAsked(configuration: configuration)

  let client = PostgresClient(configuration: configuration)
  Task { await client.run() }
  let store = try! PostgresDefaultsStore(configuration: configuration, suite: suiteName)
  let local = UserDefaultsStore.suite(suiteName)
  readBenchmarks(store: store, local: local, client: client)
  writeBenchmarks(store: store, client: client)
  openingBenchmarks(configuration: configuration, client: client)
  notificationLatencyBenchmarks(configuration: configuration)

  Benchmark.teardown = {
    try? FileManager.default.removeItem(at: UserDefaultsStore.fileURL(forSuite: suiteName)!)
  }
}

/// A read of a key, the same key of a `UserDefaultsStore` beside it: a thousand reads a sample,
/// and the first read after a write of another key, one a sample.
@available(macOS 15, *)
private func readBenchmarks(store: PostgresDefaultsStore, local: UserDefaultsStore, client: PostgresClient) {
  let int = DefaultsKey<Int>("int", default: 0, store: store)
  let localInt = DefaultsKey<Int>("int", default: 0, store: local)
  let other = DefaultsKey<Int>("other", default: 0, store: store)
  let localOther = DefaultsKey<Int>("other", default: 0, store: local)
  try! int.set(42)
  try! localInt.set(42)
  let values = Counter()
  let localValues = Counter()
  let checkRead: Benchmark.BenchmarkTeardownHook = {
    let stored = try await BenchmarkServer.storedJSON(suite: suiteName, key: "int", client: client)
    expect(
      int.value == 42 && stored == "42",
      "read: the store read \(int.value), the table holds \(stored ?? "nil")")
  }
  let checkLocalRead: Benchmark.BenchmarkTeardownHook = {
    expect(localInt.value == 42, "read: the local suite read \(localInt.value)")
  }
  // NB: a read takes less than a clock reading; each sample times a thousand reads, and the run
  // reports the time of one (`--scale`).
  let reads = Benchmark.Configuration(
    metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 100_000)
  Benchmark(
    "read an Int: PostgreSQL store", configuration: reads,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { blackHole(int.value) }
    }, teardown: checkRead)
  Benchmark(
    "read an Int: UserDefaultsStore", configuration: reads,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { blackHole(localInt.value) }
    }, teardown: checkLocalRead)

  // NB: one read per sample, clock included, its write made before the measurement starts.
  let firstReads = Benchmark.Configuration(
    metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 1_000)
  Benchmark(
    "first read of an Int after a write of another key: PostgreSQL store", configuration: firstReads,
    closure: { benchmark in
      try other.set(values.next())
      benchmark.startMeasurement()
      blackHole(int.value)
      benchmark.stopMeasurement()
    },
    teardown: {
      let stored = try await BenchmarkServer.storedJSON(suite: suiteName, key: "other", client: client)
      expect(
        stored == "\(values.last)", "write before the read: stored \(stored ?? "nil"), wrote \(values.last)")
      try await checkRead()
    })
  Benchmark(
    "first read of an Int after a write of another key: UserDefaultsStore", configuration: firstReads,
    closure: { benchmark in
      try localOther.set(localValues.next())
      benchmark.startMeasurement()
      blackHole(localInt.value)
      benchmark.stopMeasurement()
    },
    teardown: {
      let stored = local.userDefaults.integer(forKey: "other")
      expect(
        stored == localValues.last, "local write before the read: stored \(stored), wrote \(localValues.last)"
      )
      try await checkLocalRead()
    })
}

/// A write and an update of one key, each beside the bare postgres-nio calls that do the same
/// work: the floor's rows are in a suite no store of the process has open, so that no store
/// fetches them.
@available(macOS 15, *)
private func writeBenchmarks(store: PostgresDefaultsStore, client: PostgresClient) {
  let floorSuite = "\(suiteName).floor"
  let written = DefaultsKey<Int>("written", default: 0, store: store)
  let counter = DefaultsKey<Int>("counter", default: 0, store: store)
  let values = Counter()
  let floorValues = Counter()
  let updates = Counter()
  let floorUpdates = Counter()
  let writes = Benchmark.Configuration(
    metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 2_000)

  Benchmark(
    "write an Int: PostgreSQL store", configuration: writes,
    closure: { _ in
      try written.set(values.next())
    },
    teardown: {
      let stored = try await BenchmarkServer.storedJSON(suite: suiteName, key: "written", client: client)
      expect(stored == "\(values.last)", "write: stored \(stored ?? "nil"), wrote \(values.last)")
    })
  Benchmark(
    "write an Int: floor, the same upsert through PostgresClient", configuration: writes,
    closure: { _ in
      try await client.query(
        BenchmarkServer.upsert(suite: floorSuite, key: "written", json: "\(floorValues.next())"),
        logger: BenchmarkServer.logger)
    },
    teardown: {
      let stored = try await BenchmarkServer.storedJSON(suite: floorSuite, key: "written", client: client)
      expect(
        stored == "\(floorValues.last)", "floor write: stored \(stored ?? "nil"), wrote \(floorValues.last)")
    })

  Benchmark(
    "update: key.update { $0 += 1 }: PostgreSQL store", configuration: writes,
    closure: { _ in
      _ = updates.next()
      try counter.update { $0 += 1 }
    },
    setup: {
      try counter.set(0)
    },
    teardown: {
      let stored = try await BenchmarkServer.storedJSON(suite: suiteName, key: "counter", client: client)
      expect(
        stored == "\(updates.last)", "update: stored \(stored ?? "nil") after \(updates.last) increments")
    })
  Benchmark(
    "update: floor, a transaction taking the suite's lock: BEGIN, lock, SELECT, UPDATE, COMMIT",
    configuration: writes,
    closure: { _ in
      _ = floorUpdates.next()
      try await client.withConnection { connection in
        let logger = BenchmarkServer.logger
        try await connection.query("BEGIN", logger: logger)
        try await connection.query("SELECT userdefaultskit_suite_lock(\(floorSuite))", logger: logger)
        var current = 0
        let rows = try await connection.query(
          "SELECT CAST(value AS text) FROM userdefaultskit_settings WHERE suite = \(floorSuite) AND key = 'counter'",
          logger: logger)
        for try await json in rows.decode(String.self) { current = Int(json) ?? -1 }
        try await connection.query(
          """
          UPDATE userdefaultskit_settings SET value = CAST(\("\(current + 1)") AS jsonb)
          WHERE suite = \(floorSuite) AND key = 'counter'
          """, logger: logger)
        try await connection.query("COMMIT", logger: logger)
      }
    },
    setup: {
      try await client.query(
        BenchmarkServer.upsert(suite: floorSuite, key: "counter", json: "0"), logger: BenchmarkServer.logger)
    },
    teardown: {
      let stored = try await BenchmarkServer.storedJSON(suite: floorSuite, key: "counter", client: client)
      expect(
        stored == "\(floorUpdates.last)", "floor update: stored \(stored ?? "nil") after \(floorUpdates.last)"
      )
    })
}
