import Benchmark
import Foundation
import UserDefaultsKitCore

// Each library operation sits next to the hand-written UserDefaults call it replaces, measured in
// the same run; the README reports their ratio.

struct Small: Codable, Equatable, DefaultsSerializable {
  var id: Int
  var name: String
  var enabled: Bool
}

let suiteName = "UserDefaultsKitBenchmarks.\(ProcessInfo.processInfo.processIdentifier)"

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 200_000)

  let store = UserDefaultsStore.suite(suiteName)
  let defaults = store.userDefaults
  let int = DefaultsKey<Int>("int", default: 0, store: store)
  let string = DefaultsKey<String>("string", default: "", store: store)
  let small = DefaultsKey<Small?>("small", store: store)
  int.value = 42
  string.value = "hello, world"
  small.value = Small(id: 7, name: "seven", enabled: true)
  let decoder = JSONDecoder()

  Benchmark("Read Int: raw integer(forKey:)") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(defaults.integer(forKey: "int")) }
  }
  Benchmark("Read Int: library") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(int.value) }
  }
  Benchmark("Read String: raw string(forKey:)") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(defaults.string(forKey: "string")) }
  }
  Benchmark("Read String: library") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(string.value) }
  }
  Benchmark("Read Codable: raw data(forKey:) + JSONDecoder") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(defaults.data(forKey: "small").flatMap { try? decoder.decode(Small.self, from: $0) })
    }
  }
  Benchmark("Read Codable: library") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(small.value) }
  }

  for keyCount in [10, 1_000, 10_000] {
    let writeSuite = "\(suiteName).writes\(keyCount)"
    let writeStore = UserDefaultsStore.suite(writeSuite)
    let writeDefaults = writeStore.userDefaults
    let counter = DefaultsKey<Int>("counter", default: 0, store: writeStore)
    let configuration = Benchmark.Configuration(maxDuration: .seconds(3), maxIterations: 2_000)
    // One persistent-domain write fills the suite; 10,000 separate sets would take minutes.
    let fill: Benchmark.BenchmarkSetupHook = {
      let filler = Dictionary(uniqueKeysWithValues: (0..<keyCount).map { ("filler\($0)", $0) })
      writeDefaults.setPersistentDomain(filler, forName: writeSuite)
      writeDefaults.synchronize()
    }

    Benchmark(
      "Write Int, \(keyCount) keys: raw set(_:forKey:)", configuration: configuration,
      closure: { benchmark in
        for iteration in benchmark.scaledIterations { writeDefaults.set(iteration, forKey: "counter") }
      }, setup: fill)
    Benchmark(
      "Write Int, \(keyCount) keys: raw set(_:forKey:) + synchronize()", configuration: configuration,
      closure: { benchmark in
        for iteration in benchmark.scaledIterations {
          writeDefaults.set(iteration, forKey: "counter")
          writeDefaults.synchronize()
        }
      }, setup: fill)
    Benchmark(
      "Write Int, \(keyCount) keys: library (durable)", configuration: configuration,
      closure: { benchmark in
        for iteration in benchmark.scaledIterations { counter.value = iteration }
      }, setup: fill)
  }

  Benchmark.teardown = {
    for name in [suiteName] + [10, 1_000, 10_000].map({ "\(suiteName).writes\($0)" }) {
      UserDefaults(suiteName: name)?.removePersistentDomain(forName: name)
    }
  }
}
