import Benchmark
import Foundation
import Observation
import UserDefaultsKit

// Each generated accessor next to the hand-written runtime call it expands to, and an observed
// write next to an unobserved one, in the same run.

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

  Benchmark("Write Int in memory: hand-written DefaultsKey.value") { benchmark in
    for iteration in benchmark.scaledIterations { memoryKey.value = iteration }
  }
  Benchmark("Write Int in memory: @DefaultsBacked accessor") { benchmark in
    for iteration in benchmark.scaledIterations { unobserved.count = iteration }
  }
  Benchmark("Write Int in memory: @ObservableDefaults accessor, observed") { benchmark in
    for iteration in benchmark.scaledIterations { observed.count = iteration }
  }

  Benchmark.teardown = {
    UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName)
  }
}
