import Benchmark
import Foundation
import PostgresNIO
import UserDefaultsKitPostgres

// The time from a commit in this process to the observer's call in other processes: N processes
// open the suite and observe one key; this process writes it 100 times, 50 ms apart (a change
// heard before the next one comes, as flag flips are), and notes when each write returned (the
// commit acknowledged); each observer notes when it was called with each value, on the clock all
// processes share. Published as percentiles over every (process, change) pair, with the number of
// changes an observer never heard as itself (a change another follows before the process fetches
// reaches it as the later one). The run stops if an observer missed the last value.

private let changes = 100
private let spacing: useconds_t = 50_000
private let percentiles: [(String, Double)] = [("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1)]

@available(macOS 15, *)
func notificationLatencyBenchmarks(configuration: PostgresClient.Configuration) {
  let metrics =
    percentiles.map { BenchmarkMetric.custom("latency \($0.0) (µs)", useScalingFactor: false) }
    + [.custom("changes not heard", useScalingFactor: false)]
  for observers in [1, 10, 50] {
    Benchmark(
      "notification latency, commit to observer in another process: \(observers) observing processes",
      configuration: .init(
        metrics: metrics, warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(600),
        maxIterations: 1)
    ) { benchmark in
      try measureLatency(observers: observers, configuration: configuration, benchmark: benchmark)
    }
  }
}

@available(macOS 15, *)
private func measureLatency(observers: Int, configuration: PostgresClient.Configuration, benchmark: Benchmark)
  throws
{
  let suite = "\(suiteName).latency\(observers)"
  let store = try PostgresDefaultsStore(configuration: configuration, suite: suite)
  let flag = DefaultsKey<Int>("flag", default: 0, store: store)
  try flag.set(0)
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(suite)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let outputs = (0..<observers).map { folder.appendingPathComponent("observer\($0)").path }
  let processes = outputs.map { ObservingProcess.start(suite: suite, key: "flag", last: changes, output: $0) }
  let deadline = Date().addingTimeInterval(300)
  while !outputs.allSatisfy({ FileManager.default.fileExists(atPath: $0 + ".ready") }) {
    expect(Date() < deadline, "latency: the observing processes were not ready within 300 s")
    usleep(10_000)
  }
  var committed = [UInt64](repeating: 0, count: changes + 1)
  for value in 1...changes {
    try flag.set(value)
    committed[value] = monotonicNanoseconds()
    usleep(spacing)
  }
  for process in processes {
    var status: Int32 = 0
    while waitpid(process, &status, 0) == -1, errno == EINTR {}
    expect(status == 0, "latency: an observing process failed (status \(status))")
  }
  var latencies: [UInt64] = []
  for output in outputs {
    let calls = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { line in
      line.split(separator: " ").map { UInt64($0)! }
    }
    expect(
      calls.last?.first == UInt64(changes), "latency: an observer's last value was \(calls.last?.first ?? 0)")
    for call in calls where call[0] >= 1 {
      latencies.append(call[1] > committed[Int(call[0])] ? call[1] - committed[Int(call[0])] : 0)
    }
  }
  latencies.sort()
  for (name, fraction) in percentiles {
    let index = min(latencies.count - 1, Int(Double(latencies.count) * fraction))
    benchmark.measurement(
      .custom("latency \(name) (µs)", useScalingFactor: false), Int(latencies[index] / 1_000))
  }
  benchmark.measurement(
    .custom("changes not heard", useScalingFactor: false), observers * changes - latencies.count)
}

/// A process that opens a suite, observes one key and notes when its observer is called with each
/// value, until it hears the last; this executable started again with an environment variable.
enum ObservingProcess {
  static let variable = "USERDEFAULTSKIT_BENCHMARK_OBSERVE"

  /// Starts one, observing `key` of `suite` until it hears `last`; it writes `output` (a line
  /// "value time" per call) when done, and `output.ready` once it observes.
  static func start(suite: String, key: String, last: Int, output: String) -> pid_t {
    let arguments = [suite, key, "\(last)", output].joined(separator: "\u{1}")
    let environment = ProcessInfo.processInfo.environment.merging([variable: arguments]) { $1 }
      .map { "\($0.key)=\($0.value)" }
    guard let executable = Bundle.main.executablePath else {
      fatalError("latency: no path to this executable")
    }
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var process = pid_t()
    let spawned = posix_spawn(&process, executable, nil, nil, argv, envp)
    expect(spawned == 0, "latency: cannot start an observing process: error \(spawned)")
    return process
  }

  /// Runs as an observing process, and exits, when this process was started as one.
  @available(macOS 15, *)
  static func runIfAsked(configuration: PostgresClient.Configuration) {
    guard let arguments = ProcessInfo.processInfo.environment[variable]?.split(separator: "\u{1}") else {
      return
    }
    guard arguments.count == 4, let last = Int(arguments[2]) else { fatalError("\(variable): bad arguments") }
    let output = String(arguments[3])
    let calls = Calls()
    let heardLast = DispatchSemaphore(value: 0)
    do {
      let store = try PostgresDefaultsStore(configuration: configuration, suite: String(arguments[0]))
      let key = DefaultsKey<Int>(DefaultName(String(arguments[1])), default: 0, store: store)
      let observation = key.observe { value in
        calls.append(value, monotonicNanoseconds())
        if value == last { heardLast.signal() }
      }
      guard FileManager.default.createFile(atPath: output + ".ready", contents: nil) else {
        fatalError("cannot write \(output).ready")
      }
      guard heardLast.wait(timeout: .now() + 600) == .success else { fatalError("never heard \(last)") }
      try calls.text.write(toFile: output, atomically: true, encoding: .utf8)
      withExtendedLifetime(observation) {}
    } catch {
      fatalError("observing process: \(error)")
    }
    exit(0)
  }

  /// The observer's calls: the value and the time of each.
  private final class Calls: @unchecked Sendable {
    // NB: guarded by `lock` (`Mutex` needs macOS 15, and the package builds for macOS 13).
    private var calls: [(value: Int, time: UInt64)] = []
    private let lock = NSLock()
    func append(_ value: Int, _ time: UInt64) { lock.withLock { calls.append((value, time)) } }
    var text: String { lock.withLock { calls.map { "\($0.value) \($0.time)\n" }.joined() } }
  }
}
