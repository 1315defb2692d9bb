import AllocatedMemory
import Benchmark
import Foundation
import Synchronization
import UserDefaultsKitCore

// Each library operation sits next to the hand-written UserDefaults call it replaces, measured in
// the same run; the README reports their ratio, and, for reads, the ratio to a physical floor (a
// dictionary lookup behind a lock, what an in-memory cache costs at best). Every write stores a
// value that differs from the one before (Foundation skips an unchanged value). Every benchmark
// checks afterwards that it did the work it names: a read, that the library and the raw call
// return the same value; a write, that the value it wrote last is the one stored.

struct Small: Codable, Equatable, DefaultsSerializable {
  var id: Int
  var name: String
  var enabled: Bool
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

let suiteName = "UserDefaultsKitBenchmarks.\(ProcessInfo.processInfo.processIdentifier)"

/// A value the benchmarks' hooks share.
final class Shared<Value>: @unchecked Sendable {
  // NB: benchmarks and their hooks run one at a time, on one thread.
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// Stops the run when a benchmark did not store what it wrote last.
func expectStored(_ actual: Int, _ expected: Int, _ name: String) {
  guard actual == expected else { fatalError("\(name): stored \(actual), wrote \(expected) last") }
}

/// Stops the run when the library and the raw call read different values.
func expectSameRead<Value: Equatable>(_ library: Value, _ raw: Value, _ name: String) {
  guard library == raw else { fatalError("\(name): the library read \(library), the raw call \(raw)") }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 200_000)
  // NB: a read takes less than a clock reading; each sample times a thousand reads, and the run
  // reports the time of one (`--scale`).
  let readConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(2),
    maxIterations: 200_000)

  let store = UserDefaultsStore.suite(suiteName)
  let defaults = store.userDefaults
  let int = DefaultsKey<Int>("int", default: 0, store: store)
  let string = DefaultsKey<String>("string", default: "", store: store)
  let small = DefaultsKey<Small?>("small", default: nil, store: store)
  let registered = DefaultsKey<Small>(
    "registeredSmall", default: Small(id: 1, name: "one", enabled: false), store: store)
  int.value = 42
  string.value = "hello, world"
  small.value = Small(id: 7, name: "seven", enabled: true)
  let decoder = JSONDecoder()

  let sameInt: Benchmark.BenchmarkTeardownHook = {
    expectSameRead(int.value, defaults.integer(forKey: "int"), "read Int")
  }
  let sameString: Benchmark.BenchmarkTeardownHook = {
    expectSameRead(string.value, defaults.string(forKey: "string"), "read String")
  }
  let sameSmall: Benchmark.BenchmarkTeardownHook = {
    let raw = defaults.data(forKey: "small").flatMap { try? decoder.decode(Small.self, from: $0) }
    expectSameRead(small.value, raw, "read Codable")
  }
  Benchmark(
    "Read Int: raw integer(forKey:)",
    configuration: readConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { blackHole(defaults.integer(forKey: "int")) }
    }, teardown: sameInt)
  Benchmark(
    "Read Int: library",
    configuration: readConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { blackHole(int.value) }
    }, teardown: sameInt)
  Benchmark(
    "Read String: raw string(forKey:)",
    configuration: readConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { blackHole(defaults.string(forKey: "string")) }
    }, teardown: sameString)
  Benchmark(
    "Read String: library",
    configuration: readConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { blackHole(string.value) }
    }, teardown: sameString)
  // NB: the floor: what reading a cached value costs at best, a lookup behind a lock.
  if #available(macOS 15, *) {
    let floor = Mutex(["int": 42 as Any, "small": Small(id: 7, name: "seven", enabled: true) as Any])
    Benchmark("Read Int: floor, Mutex + Dictionary lookup", configuration: readConfiguration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(floor.withLock { $0["int"] as? Int }) }
    }
    Benchmark("Read Codable: floor, Mutex + Dictionary lookup", configuration: readConfiguration) {
      benchmark in
      for _ in benchmark.scaledIterations { blackHole(floor.withLock { $0["small"] as? Small }) }
    }
  }
  Benchmark(
    "Read Codable: raw data(forKey:) + JSONDecoder",
    configuration: readConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(defaults.data(forKey: "small").flatMap { try? decoder.decode(Small.self, from: $0) })
      }
    }, teardown: sameSmall)
  Benchmark(
    "Read Codable: library",
    configuration: readConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { blackHole(small.value) }
    }, teardown: sameSmall)
  let sameRegistered: Benchmark.BenchmarkTeardownHook = {
    let raw = defaults.data(forKey: "registeredSmall").flatMap { try? decoder.decode(Small.self, from: $0) }
    expectSameRead(registered.value, raw, "read Codable at its registered default")
  }
  Benchmark(
    "Read Codable at its registered default: raw data(forKey:) + JSONDecoder",
    configuration: readConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(
          defaults.data(forKey: "registeredSmall").flatMap { try? decoder.decode(Small.self, from: $0) })
      }
    }, teardown: sameRegistered)
  Benchmark(
    "Read Codable at its registered default: library",
    configuration: readConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { blackHole(registered.value) }
    }, teardown: sameRegistered)

  // A durable write of one key, then a read of 100 other Codable keys: what a write costs the
  // reads that follow it.
  let readers = (0..<100).map { DefaultsKey<Small?>("reader\($0)", default: nil, store: store) }
  for (index, reader) in readers.enumerated() { reader.value = Small(id: index, name: "r", enabled: true) }
  let other = DefaultsKey<Int>("other", default: 0, store: store)
  let otherValues = Sequence()
  Benchmark(
    "Durable write of another key, then read 100 Codable keys: raw set + synchronize() + data + JSONDecoder",
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        defaults.set(otherValues.next(), forKey: "other")
        defaults.synchronize()
        for index in 0..<100 {
          blackHole(
            defaults.data(forKey: "reader\(index)").flatMap { try? decoder.decode(Small.self, from: $0) })
        }
      }
    },
    teardown: { expectStored(defaults.integer(forKey: "other"), otherValues.last, "raw write then reads") })
  Benchmark(
    "Durable write of another key, then read 100 Codable keys: library",
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        other.value = otherValues.next()
        for reader in readers { blackHole(reader.value) }
      }
    },
    teardown: {
      expectStored(defaults.integer(forKey: "other"), otherValues.last, "library write then reads")
    })

  // What a write costs the reads that follow it, in a 1,000-key suite: the reads of all keys after
  // a durable write of another key, less that write alone, against the same reads without it.
  let thousandSuite = "\(suiteName).thousand"
  let thousandStore = UserDefaultsStore.suite(thousandSuite)
  let thousand = (0..<1_000).map { DefaultsKey<Int>("n\($0)", default: -1, store: thousandStore) }
  try! thousandStore.update { for (index, key) in thousand.enumerated() { key.value = index } }
  let thousandOther = DefaultsKey<Int>("other", default: 0, store: thousandStore)
  let thousandValues = Sequence()
  let thousandConfiguration = Benchmark.Configuration(maxDuration: .seconds(3), maxIterations: 2_000)
  let checkThousand: Benchmark.BenchmarkTeardownHook = {
    expectSameRead(thousand[999].value, thousandStore.userDefaults.integer(forKey: "n999"), "read n999")
    expectStored(thousandStore.userDefaults.integer(forKey: "other"), thousandValues.last, "other write")
  }
  Benchmark(
    "Read all 1,000 Int keys of a 1,000-key suite: library", configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { for key in thousand { blackHole(key.value) } }
    }, teardown: checkThousand)
  let thousandDefaults = thousandStore.userDefaults
  Benchmark(
    "Read all 1,000 Int keys of a 1,000-key suite: raw integer(forKey:)",
    configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        for index in 0..<1_000 { blackHole(thousandDefaults.integer(forKey: "n\(index)")) }
      }
    }, teardown: checkThousand)
  Benchmark(
    "Durable write of another key in a 1,000-key suite: raw set + synchronize()",
    configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        thousandDefaults.set(thousandValues.next(), forKey: "other")
        thousandDefaults.synchronize()
      }
    }, teardown: checkThousand)
  Benchmark(
    "Durable write of another key, then read all 1,000 Int keys: raw set + synchronize() + integer(forKey:)",
    configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        thousandDefaults.set(thousandValues.next(), forKey: "other")
        thousandDefaults.synchronize()
        for index in 0..<1_000 { blackHole(thousandDefaults.integer(forKey: "n\(index)")) }
      }
    }, teardown: checkThousand)
  Benchmark(
    "Durable write of another key in a 1,000-key suite: library", configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { thousandOther.value = thousandValues.next() }
    }, teardown: checkThousand)
  Benchmark(
    "Durable write of another key, then read all 1,000 Int keys: library",
    configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        thousandOther.value = thousandValues.next()
        for key in thousand { blackHole(key.value) }
      }
    }, teardown: checkThousand)

  // The same in a journaled suite: a write appends to the log and leaves every other key's value
  // (and its box) as it was, so the reads after it cost what reads cost without it.
  let journaledThousandSuite = "\(suiteName).journaledThousand"
  let journaledThousandStore = UserDefaultsStore.journaledSuite(journaledThousandSuite)
  let journaledThousand = (0..<1_000).map {
    DefaultsKey<Int>("n\($0)", default: -1, store: journaledThousandStore)
  }
  try! journaledThousandStore.update {
    for (index, key) in journaledThousand.enumerated() { key.value = index }
  }
  let journaledThousandOther = DefaultsKey<Int>("other", default: 0, store: journaledThousandStore)
  let checkJournaledThousand: Benchmark.BenchmarkTeardownHook = {
    expectSameRead(journaledThousand[999].value, 999, "journaled read n999")
    expectStored(journaledThousandOther.value, thousandValues.last, "journaled other write")
  }
  Benchmark(
    "Read all 1,000 Int keys of a 1,000-key suite: library, journaled", configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { for key in journaledThousand { blackHole(key.value) } }
    }, teardown: checkJournaledThousand)
  Benchmark(
    "Durable write of another key in a 1,000-key suite: library, journaled",
    configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { journaledThousandOther.value = thousandValues.next() }
    }, teardown: checkJournaledThousand)
  Benchmark(
    "Durable write of another key, then read all 1,000 Int keys: library, journaled",
    configuration: thousandConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        journaledThousandOther.value = thousandValues.next()
        for key in journaledThousand { blackHole(key.value) }
      }
    }, teardown: checkJournaledThousand)

  for keyCount in [10, 1_000, 10_000] {
    let writeSuite = "\(suiteName).writes\(keyCount)"
    let writeStore = UserDefaultsStore.suite(writeSuite)
    let writeDefaults = writeStore.userDefaults
    let counter = DefaultsKey<Int>("counter", default: 0, store: writeStore)
    let values = Sequence()
    let configuration = Benchmark.Configuration(maxDuration: .seconds(3), maxIterations: 2_000)
    // One persistent-domain write fills the suite; 10,000 separate sets would take minutes.
    let fill: Benchmark.BenchmarkSetupHook = {
      let filler = Dictionary(uniqueKeysWithValues: (0..<keyCount).map { ("filler\($0)", $0) })
      writeDefaults.setPersistentDomain(filler, forName: writeSuite)
      writeDefaults.synchronize()
    }

    Benchmark(
      "Write a changing Int, \(keyCount) keys: raw set(_:forKey:), not durable", configuration: configuration,
      closure: { benchmark in
        for _ in benchmark.scaledIterations { writeDefaults.set(values.next(), forKey: "counter") }
      }, setup: fill,
      teardown: { expectStored(writeDefaults.integer(forKey: "counter"), values.last, "raw set") })
    Benchmark(
      "Write a changing Int, \(keyCount) keys: raw set(_:forKey:) + synchronize()",
      configuration: configuration,
      closure: { benchmark in
        for _ in benchmark.scaledIterations {
          writeDefaults.set(values.next(), forKey: "counter")
          writeDefaults.synchronize()
        }
      }, setup: fill,
      teardown: { expectStored(writeDefaults.integer(forKey: "counter"), values.last, "raw durable set") })
    Benchmark(
      "Write a changing Int, \(keyCount) keys: library (durable)", configuration: configuration,
      closure: { benchmark in
        for _ in benchmark.scaledIterations { counter.value = values.next() }
      }, setup: fill,
      teardown: { expectStored(writeDefaults.integer(forKey: "counter"), values.last, "library write") })
    // The floor of a durable write: the suite's bytes (a binary property list, as the library
    // writes it, serialized beforehand) put in place as a durable write must: a new file, written
    // and flushed (`fsync`), renamed over the old one, and the folder flushed.
    let replaceFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(suiteName).replace\(keyCount)")
    let replaceBytes = Shared(Data())
    Benchmark(
      "Write a changing Int, \(keyCount) keys: floor, durable replace of the suite's bytes",
      configuration: configuration,
      closure: { benchmark in
        let target = replaceFolder.appendingPathComponent("suite.plist").path
        let temporary = replaceFolder.appendingPathComponent(".suite.plist.new").path
        let bytes = replaceBytes.value
        for _ in benchmark.scaledIterations {
          let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
          let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
          guard file >= 0, written == bytes.count, fsync(file) == 0, close(file) == 0,
            rename(temporary, target) == 0
          else { fatalError("floor: the replace failed") }
          let folder = open(replaceFolder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
          guard folder >= 0, fsync(folder) == 0, close(folder) == 0 else {
            fatalError("floor: the flush failed")
          }
        }
      },
      setup: {
        try? FileManager.default.createDirectory(at: replaceFolder, withIntermediateDirectories: true)
        var suite = Dictionary(uniqueKeysWithValues: (0..<keyCount).map { ("filler\($0)", $0) })
        suite["counter"] = values.next()
        replaceBytes.value =
          (try? PropertyListSerialization.data(fromPropertyList: suite, format: .binary, options: 0))
          ?? Data()
      },
      teardown: { try? FileManager.default.removeItem(at: replaceFolder) })

    // The same write to a journaled suite of the same size: one record appended to its log, with
    // and without a flush to the disk; checked through the library, which reads the log.
    for flushes in [true, false] {
      let journalSuite = "\(suiteName).journal\(keyCount)\(flushes ? "" : ".unflushed")"
      let journaled = UserDefaultsStore.journaledSuite(journalSuite, flushesEachWrite: flushes)
      let journalDefaults = journaled.userDefaults
      let journalCounter = DefaultsKey<Int>("counter", default: 0, store: journaled)
      Benchmark(
        "Write a changing Int, \(keyCount) keys: library, journaled\(flushes ? " (flushed)" : ", unflushed")",
        configuration: configuration,
        closure: { benchmark in
          for _ in benchmark.scaledIterations { journalCounter.value = values.next() }
        },
        setup: {
          let filler = Dictionary(uniqueKeysWithValues: (0..<keyCount).map { ("filler\($0)", $0) })
          journalDefaults.setPersistentDomain(filler, forName: journalSuite)
          journalDefaults.synchronize()
          journaled.checkForExternalChanges()
        },
        teardown: {
          journaled.checkForExternalChanges()
          expectStored(journalCounter.value, values.last, "journaled write")
          expectSameRead(journaled.read("filler7"), .integer(7), "journaled suite's size")
        })
    }
  }

  // The floor of a flushed journaled write: appending a record's worth of bytes to a file and
  // flushing it (`fdatasync`), which is what the log does.
  let floorFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(suiteName).floor")
  let floorDescriptor = Shared(Int32(-1))
  Benchmark(
    "Append 64 bytes to a file and flush it (fdatasync): floor",
    configuration: .init(maxDuration: .seconds(3), maxIterations: 2_000),
    closure: { benchmark in
      let record = [UInt8](repeating: 1, count: 64)
      for _ in benchmark.scaledIterations {
        guard write(floorDescriptor.value, record, record.count) == record.count,
          fdatasync(floorDescriptor.value) == 0
        else { fatalError("floor: the append failed") }
      }
    },
    setup: { floorDescriptor.value = open(floorFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600) },
    teardown: {
      close(floorDescriptor.value)
      unlink(floorFile.path)
    })

  // Ten changes made as ten durable writes, or as one atomic update that writes the file once;
  // and a read-modify-write through `update`, next to a plain write of the same key.
  let batchSuite = "\(suiteName).batch"
  let batchStore = UserDefaultsStore.suite(batchSuite)
  let batchKeys = (0..<10).map { DefaultsKey<Int>("batch\($0)", default: 0, store: batchStore) }
  let batchValues = Sequence()
  let batchConfiguration = Benchmark.Configuration(maxDuration: .seconds(3), maxIterations: 2_000)
  Benchmark(
    "Ten changes in a 10-key suite: ten durable writes", configuration: batchConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        for key in batchKeys { key.value = batchValues.next() }
      }
    },
    teardown: {
      expectStored(batchStore.userDefaults.integer(forKey: "batch9"), batchValues.last, "ten writes")
    })
  Benchmark(
    "Ten changes in a 10-key suite: one atomic update", configuration: batchConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        try batchStore.update {
          for key in batchKeys { key.value = batchValues.next() }
        }
      }
    },
    teardown: {
      expectStored(batchStore.userDefaults.integer(forKey: "batch9"), batchValues.last, "one update")
    })
  // NB: each increment counts itself, and the key must hold its start plus the count.
  let increments = Sequence()
  let incrementStart = Shared(0)
  let startIncrements: Benchmark.BenchmarkSetupHook = {
    incrementStart.value = batchKeys[0].value - increments.last
  }
  let checkIncrements: Benchmark.BenchmarkTeardownHook = {
    expectStored(batchKeys[0].value, incrementStart.value + increments.last, "increments")
  }
  Benchmark(
    "Increment an Int in a 10-key suite: read, then a durable write", configuration: batchConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        batchKeys[0].value = batchKeys[0].value + 1
        _ = increments.next()
      }
    }, setup: startIncrements, teardown: checkIncrements)
  Benchmark(
    "Increment an Int in a 10-key suite: atomic update", configuration: batchConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations {
        try batchKeys[0].update { $0 += 1 }
        _ = increments.next()
      }
    }, setup: startIncrements, teardown: checkIncrements)

  // A durable write of a key nobody observes, beside 1,000 keys that are all observed, next to the
  // same write with no observer at all: observers of other keys must cost the write nothing.
  let observedSuite = "\(suiteName).observed"
  let observedStore = UserDefaultsStore.suite(observedSuite)
  let observedKeys = (0..<1_000).map { DefaultsKey<Int>("observed\($0)", default: 0, store: observedStore) }
  for (index, key) in observedKeys.enumerated() { key.value = index }
  let unobserved = DefaultsKey<Int>("unobserved", default: 0, store: observedStore)
  let unobservedValues = Sequence()
  let observations = Shared([DefaultsObservation]())
  let checkUnobserved: Benchmark.BenchmarkTeardownHook = {
    observations.value = []
    expectStored(
      observedStore.userDefaults.integer(forKey: "unobserved"), unobservedValues.last, "unobserved write")
  }
  Benchmark(
    "Durable write of an unobserved Int beside 1,000 keys, none observed: library",
    configuration: batchConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { unobserved.value = unobservedValues.next() }
    }, teardown: checkUnobserved)
  Benchmark(
    "Durable write of an unobserved Int beside 1,000 keys, all observed: library",
    configuration: batchConfiguration,
    closure: { benchmark in
      for _ in benchmark.scaledIterations { unobserved.value = unobservedValues.next() }
    },
    setup: { observations.value = observedKeys.map { $0.observe { _ in } } }, teardown: checkUnobserved)

  // Cold start: open a 10,000-key suite that this process has not opened before and read one key.
  // Each sample copies a file that Foundation wrote to a new suite name first, unmeasured.
  let coldSource = "\(suiteName).coldSource"
  let coldFill = Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("filler\($0)", $0) })
  UserDefaults(suiteName: coldSource)!.setPersistentDomain(coldFill, forName: coldSource)
  UserDefaults(suiteName: coldSource)!.synchronize()
  let coldFile = UserDefaultsStore.fileURL(forSuite: coldSource)!
  let coldCopies = Shared([String]())
  let freshColdSuite: () -> String = {
    let name = "\(suiteName).cold\(coldCopies.value.count)"
    coldCopies.value.append(name)
    try! FileManager.default.copyItem(at: coldFile, to: UserDefaultsStore.fileURL(forSuite: name)!)
    return name
  }
  let coldConfiguration = Benchmark.Configuration(maxDuration: .seconds(3), maxIterations: 100)
  Benchmark("Cold start, 10,000-key suite, open and read one Int: raw", configuration: coldConfiguration) {
    benchmark in
    let name = freshColdSuite()
    benchmark.startMeasurement()
    let value = UserDefaults(suiteName: name)!.integer(forKey: "filler5000")
    benchmark.stopMeasurement()
    expectSameRead(value, 5_000, "cold read, raw")
  }
  Benchmark("Cold start, 10,000-key suite, open and read one Int: library", configuration: coldConfiguration)
  {
    benchmark in
    let name = freshColdSuite()
    benchmark.startMeasurement()
    let value = DefaultsKey<Int>("filler5000", default: -1, store: UserDefaultsStore.suite(name)).value
    benchmark.stopMeasurement()
    expectSameRead(value, 5_000, "cold read, library")
  }
  // Memory per key: the heap a declared key holds once it has been read, over 10,000 keys.
  let memoryPerKey = BenchmarkMetric.custom("Heap bytes per key")
  Benchmark(
    "Memory per key: declare and read 10,000 Int keys of a 10,000-key suite: library",
    configuration: .init(metrics: [.wallClock, memoryPerKey], maxDuration: .seconds(3), maxIterations: 20)
  ) { benchmark in
    let store = UserDefaultsStore.suite(freshColdSuite())
    let before = allocatedHeapBytes()
    let keys = (0..<10_000).map { DefaultsKey<Int>("filler\($0)", default: -1, store: store) }
    for (index, key) in keys.enumerated() { expectSameRead(key.value, index, "memory per key") }
    benchmark.measurement(memoryPerKey, (allocatedHeapBytes() - before) / keys.count)
    withExtendedLifetime(keys) {}
  }

  let readsAroundWritesFiles = readsAroundWritesBenchmarks()

  Benchmark.teardown = {
    for file in readsAroundWritesFiles { try? FileManager.default.removeItem(at: file) }
    let journaled = [10, 1_000, 10_000].flatMap {
      ["\(suiteName).journal\($0)", "\(suiteName).journal\($0).unflushed"]
    }
    // NB: files removed whole: Foundation removes a suite's keys one by one, in time quadratic in
    // their number, which takes minutes for a hundred copies of 10,000 keys.
    for name in coldCopies.value + [coldSource, journaledThousandSuite] + journaled {
      try? FileManager.default.removeItem(at: UserDefaultsStore.fileURL(forSuite: name)!)
    }
    for name in [suiteName, batchSuite, observedSuite, thousandSuite]
      + [10, 1_000, 10_000].map({ "\(suiteName).writes\($0)" })
    {
      UserDefaults(suiteName: name)?.removePersistentDomain(forName: name)
    }
  }
}
