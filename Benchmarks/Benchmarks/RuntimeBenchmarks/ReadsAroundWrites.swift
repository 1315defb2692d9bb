import Benchmark
import Foundation
import Synchronization
import UserDefaultsKitCore

// What writes cost the reads around them, in a 10-key suite: the first read after a durable write
// of another key against a read after the same disk work without the write (a durable replace of
// the suite's bytes elsewhere), and reads of one key while a thread and another process write
// durably. Each run checks that the writes happened and that every read returned the stored value.

/// The floor's disk work: the bytes put in place as a durable write must, in a folder of its own.
private func durableReplace(_ bytes: Data, in folder: URL) {
  let target = folder.appendingPathComponent("suite.plist").path
  let temporary = folder.appendingPathComponent(".suite.plist.new").path
  let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
  guard file >= 0, written == bytes.count, fsync(file) == 0, close(file) == 0, rename(temporary, target) == 0
  else { fatalError("floor: the replace failed") }
  let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  guard directory >= 0, fsync(directory) == 0, close(directory) == 0 else {
    fatalError("floor: the flush failed")
  }
}

/// Registers the benchmarks; returns the files they leave, for the run's teardown.
func readsAroundWritesBenchmarks() -> [URL] {
  let name = "\(suiteName).readsAroundWrites"
  let store = UserDefaultsStore.suite(name)
  let fillers = (0..<10).map { DefaultsKey<Int>("filler\($0)", default: -1, store: store) }
  try! store.update { for (index, key) in fillers.enumerated() { key.value = index } }
  let reader = fillers[7]
  let other = DefaultsKey<Int>("other", default: 0, store: store)
  let values = Sequence()
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).floor")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let bytes = try! PropertyListSerialization.data(
    fromPropertyList: Dictionary(uniqueKeysWithValues: (0..<10).map { ("filler\($0)", $0) }), format: .binary,
    options: 0)
  // NB: one read per sample, its write or disk work before the measurement starts.
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 2_000)
  let checkRead: Benchmark.BenchmarkTeardownHook = { expectSameRead(reader.value, 7, "filler7") }

  Benchmark(
    "First read of a key after a durable write of another key: library", configuration: configuration,
    closure: { benchmark in
      other.value = values.next()
      benchmark.startMeasurement()
      blackHole(reader.value)
      benchmark.stopMeasurement()
    },
    teardown: {
      expectStored(store.userDefaults.integer(forKey: "other"), values.last, "write before the read")
      expectSameRead(reader.value, 7, "filler7")
    })
  Benchmark(
    "First read of a key after the same disk work without a write: library", configuration: configuration,
    closure: { benchmark in
      durableReplace(bytes, in: folder)
      benchmark.startMeasurement()
      blackHole(reader.value)
      benchmark.stopMeasurement()
    }, teardown: checkRead)
  // NB: `Mutex` needs macOS 15.
  if #available(macOS 15, *) {
    let dictionary = Mutex(Dictionary(uniqueKeysWithValues: (0..<10).map { ("filler\($0)", $0) }))
    Benchmark(
      "First read of a key after a write of another key and the same disk work: floor, Mutex + Dictionary",
      configuration: configuration,
      closure: { benchmark in
        dictionary.withLock { $0["other"] = values.next() }
        durableReplace(bytes, in: folder)
        benchmark.startMeasurement()
        blackHole(dictionary.withLock { $0["filler7"] })
        benchmark.stopMeasurement()
      })
    Benchmark(
      "First read of a key after the same disk work without a write: floor, Mutex + Dictionary",
      configuration: configuration,
      closure: { benchmark in
        durableReplace(bytes, in: folder)
        benchmark.startMeasurement()
        blackHole(dictionary.withLock { $0["filler7"] })
        benchmark.stopMeasurement()
      })
  }

  #if os(Linux)
    readsUnderWritesBenchmark(store: store, suite: name, reader: reader)
  #endif
  let suiteFile = UserDefaultsStore.fileURL(forSuite: name)!
  // NB: with the file the forked writer may leave half-written when it is stopped.
  return [
    folder, suiteFile, suiteFile.deletingLastPathComponent().appendingPathComponent(".\(name).plist.process"),
  ]
}

#if os(Linux)
  /// 100,000 reads of one key, each timed, while a thread writes another key through the library
  /// and another process replaces the suite's file durably under the library's lock, as a writer in
  /// another process does: the slowest reads are the ones that waited.
  private func readsUnderWritesBenchmark(store: UserDefaultsStore, suite: String, reader: DefaultsKey<Int>) {
    let percentiles: [(String, Double)] = [("p50", 0.5), ("p99", 0.99), ("p99.9", 0.999), ("max", 1)]
    Benchmark(
      "Read one key 100,000 times while a thread and a process write durably: library",
      configuration: .init(
        metrics: percentiles.map { .custom("read \($0.0) (ns)", useScalingFactor: false) },
        scalingFactor: .one,
        maxDuration: .seconds(30), maxIterations: 5)
    ) { benchmark in
      let writer = OtherProcessWriter(suite: suite)
      let thread = WriterThread(store: store)
      var latencies = [UInt64](repeating: 0, count: 100_000)
      var wrong = 0
      for index in latencies.indices {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = reader.value
        latencies[index] = DispatchTime.now().uptimeNanoseconds - start
        if value != 7 { wrong += 1 }
      }
      let (threadWrites, processWrites) = (thread.stop(), writer.stop())
      guard wrong == 0, threadWrites > 0, processWrites > 0 else {
        fatalError(
          "reads under writes: \(wrong) wrong reads, \(threadWrites) thread writes, \(processWrites) process writes"
        )
      }
      latencies.sort()
      for (name, fraction) in percentiles {
        benchmark.measurement(
          .custom("read \(name) (ns)", useScalingFactor: false),
          Int(latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]))
      }
    }
  }

  /// A thread that writes a key of `store` durably in a loop, until stopped.
  private final class WriterThread: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let writes = Atomic<Int>(0)
    private let finished = Atomic<Bool>(false)

    init(store: UserDefaultsStore) {
      Thread { [self] in
        let key = DefaultsKey<Int>("thread", default: 0, store: store)
        while !stopped.load(ordering: .relaxed) { key.value = writes.add(1, ordering: .relaxed).newValue }
        finished.store(true, ordering: .releasing)
      }.start()
    }

    /// Stops the thread; returns how many writes it made.
    func stop() -> Int {
      stopped.store(true, ordering: .relaxed)
      while !finished.load(ordering: .acquiring) { usleep(1_000) }
      return writes.load(ordering: .relaxed)
    }
  }

  /// A process that replaces a suite's file durably in a loop, under the suite's lock file, until
  /// stopped. It is forked, and so makes system calls only, on buffers made before the fork.
  private final class OtherProcessWriter {
    private let process: pid_t
    private let count: UnsafeMutablePointer<Int>

    init(suite: String) {
      let folder = UserDefaultsStore.preferencesFolder.path
      let names: [String] = [
        "\(folder)/.userdefaultskit/\(suite).plist.lock", "\(folder)/.\(suite).plist.process",
        "\(folder)/\(suite).plist", folder,
      ]
      let paths = names.map { name in name.withCString { strdup($0)! } }
      let versions = (1...2).map { version in
        let values = Dictionary(uniqueKeysWithValues: (0..<10).map { ("filler\($0)", $0) })
          .merging(["process": version]) { $1 }
        let data = try! PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 1)
        buffer.copyBytes(from: data)
        return UnsafeRawBufferPointer(buffer)
      }
      count = mmap(nil, MemoryLayout<Int>.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)!
        .bindMemory(to: Int.self, capacity: 1)
      count.pointee = 0
      let count = self.count
      process = fork()
      guard process == 0 else { return }
      var version = 0
      while true {
        let lock = open(paths[0], O_RDWR | O_CLOEXEC)
        guard lock >= 0, flock(lock, LOCK_EX) == 0 else { _exit(1) }
        let file = open(paths[1], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let bytes = versions[version]
        guard file >= 0, write(file, bytes.baseAddress, bytes.count) == bytes.count, fsync(file) == 0,
          close(file) == 0, rename(paths[1], paths[2]) == 0
        else { _exit(2) }
        let directory = open(paths[3], O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0, fsync(directory) == 0, close(directory) == 0, close(lock) == 0 else { _exit(3) }
        count.pointee += 1
        version = 1 - version
      }
    }

    /// Stops the process; returns how many writes it made.
    func stop() -> Int {
      kill(process, SIGKILL)
      var status: Int32 = 0
      waitpid(process, &status, 0)
      return count.pointee
    }
  }
#endif
