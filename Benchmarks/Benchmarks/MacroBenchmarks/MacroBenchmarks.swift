import Benchmark
import Foundation
import Observation
import UserDefaultsKit

// Each generated accessor next to the hand-written runtime call it expands to, and an observed
// write next to an unobserved one, in the same run. Every write stores a new value, and each write
// benchmark checks afterwards that its last value is the one stored.

let suiteName = "UserDefaultsKitMacroBenchmarks.\(ProcessInfo.processInfo.processIdentifier)"
let memory = InMemoryDefaultsStore()

@DefaultsBacked(store: UserDefaultsStore.suite(suiteName))
final class PlainSettings {
  var count = 0
}

@DefaultsBacked(prefix: "unobserved_", store: memory)
final class MemorySettings {
  var count = 0
}

@ObservableDefaults(store: memory)
final class ObservedSettings {
  var count = 0
}

/// A source of values that never repeats, so that no write stores an unchanged value.
final class Sequence: @unchecked Sendable {
  // NB: benchmarks run one at a time, on one thread.
  private(set) var last = 0
  func next() -> Int {
    last += 1
    return last
  }
}

func expectStored(_ actual: Int, _ expected: Int, _ name: String) {
  guard actual == expected else { fatalError("\(name): stored \(actual), wrote \(expected) last") }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 200_000)

  let store = UserDefaultsStore.suite(suiteName)
  let key = DefaultsKey<Int>("count", default: 0, store: store)
  let plain = PlainSettings()
  key.value = 42

  Benchmark("Read Int: hand-written DefaultsKey.value") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(key.value) }
  }
  Benchmark("Read Int: @DefaultsBacked accessor") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(plain.count) }
  }

  let memoryKey = DefaultsKey<Int>("handwritten", default: 0, store: memory)
  let unobserved = MemorySettings()
  let observed = ObservedSettings()
  let tracking = ObservedSettings()
  _ = tracking.count  // subscribes this object to the hub, as a view reading it would

  let values = Sequence()
  Benchmark(
    "Write Int in memory: hand-written DefaultsKey.value",
    closure: { benchmark in
      for _ in benchmark.scaledIterations { memoryKey.value = values.next() }
    },
    teardown: { expectStored(memoryKey.value, values.last, "hand-written write") })
  Benchmark(
    "Write Int in memory: @DefaultsBacked accessor",
    closure: { benchmark in
      for _ in benchmark.scaledIterations { unobserved.count = values.next() }
    },
    teardown: { expectStored(MemorySettings().count, values.last, "@DefaultsBacked write") })
  Benchmark(
    "Write Int in memory: @ObservableDefaults accessor, observed",
    closure: { benchmark in
      for _ in benchmark.scaledIterations { observed.count = values.next() }
    },
    teardown: { expectStored(tracking.count, values.last, "@ObservableDefaults write") })

  Benchmark.teardown = {
    UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName)
  }
}
