import Foundation
import PostgresNIO
import UserDefaultsKitPostgres

/// One process of the soak test: opens every suite of `suites` (one listening connection for all),
/// observes every key the test writes, and for the given time does, at random in a random suite:
/// an update that increments `counter` and its own `applied-ID` together; a write of its own key
/// `pID` (1, 2, 3...); a write of the shared key `shared` (ID × 1,000,000 + its count). It logs
/// what was acknowledged and what threw. Then it writes `ID.loaded` in `folder`, waits until every
/// process did, waits 1 s, and writes `ID.json`: its log, each suite's copy in memory, the last
/// value each observer heard, and whether each store is current.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
struct Soak {
  let configuration: PostgresClient.Configuration
  let suites: [String]
  let id: Int
  let folder: URL
  let processes: Int

  /// What one suite's operations did.
  final class SuiteLog: @unchecked Sendable {
    let lock = NSLock()
    var acknowledgedIncrements = 0
    var thrownIncrements = 0
    var ownWrites: (acknowledged: Int, thrown: [Int]) = (0, [])
    var sharedWrites: (acknowledged: Int, thrown: [Int]) = (0, [])
    var heard: [String: Int64] = [:]
  }

  func run(seconds: Double) throws {
    let stores = try suites.map {
      try PostgresDefaultsStore(configuration: configuration, suite: $0, timeout: .seconds(5))
    }
    let logs = suites.map { _ in SuiteLog() }
    let keys = ["counter", "shared"] + (0..<processes).flatMap { ["applied-\($0)", "p\($0)"] }
    var observations: [DefaultsObservation] = []
    for (store, log) in zip(stores, logs) {
      for key in keys {
        observations.append(
          store.observe(key) { value in
            log.lock.withLock {
              if case .integer(let number) = value { log.heard[key] = number } else { log.heard[key] = nil }
            }
          })
        // NB: what the store loaded when it opened counts as heard, unless a change came since.
        if case .integer(let number) = store.read(key) {
          log.lock.withLock { log.heard[key] = log.heard[key] ?? number }
        }
      }
    }
    var generator = SystemRandomNumberGenerator()
    let end = Date().addingTimeInterval(seconds)
    var counts = (own: 0, shared: 0)
    while Date() < end {
      let suite = Int.random(in: 0..<stores.count, using: &generator)
      let (store, log) = (stores[suite], logs[suite])
      switch Int.random(in: 0..<3, using: &generator) {
      case 0:
        let counter = DefaultsKey("counter", default: 0, store: store)
        let applied = DefaultsKey(DefaultName("applied-\(id)"), default: 0, store: store)
        do {
          try store.update {
            counter.value += 1
            applied.value += 1
          }
          log.lock.withLock { log.acknowledgedIncrements += 1 }
        } catch {
          log.lock.withLock { log.thrownIncrements += 1 }
        }
      case 1:
        counts.own += 1
        let number = counts.own
        do {
          try store.write(.integer(Int64(number)), forKey: "p\(id)")
          log.lock.withLock { log.ownWrites.acknowledged = number }
        } catch {
          log.lock.withLock { log.ownWrites.thrown.append(number) }
        }
      default:
        counts.shared += 1
        let number = id * 1_000_000 + counts.shared
        do {
          try store.write(.integer(Int64(number)), forKey: "shared")
          log.lock.withLock { log.sharedWrites.acknowledged = number }
        } catch {
          log.lock.withLock { log.sharedWrites.thrown.append(number) }
        }
      }
    }
    try Data().write(to: folder.appendingPathComponent("\(id).loaded"))
    // NB: a process that failed never writes its file; the test then fails on its exit status.
    let givingUp = Date().addingTimeInterval(60)
    while Date() < givingUp,
      (0..<processes).contains(where: {
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0).loaded").path)
      })
    {
      Thread.sleep(forTimeInterval: 0.02)
    }
    Thread.sleep(forTimeInterval: 1)
    var report: [String: Any] = [:]
    for (index, (store, log)) in zip(stores, logs).enumerated() {
      report[suites[index]] = log.lock.withLock {
        [
          "acknowledgedIncrements": log.acknowledgedIncrements,
          "thrownIncrements": log.thrownIncrements,
          "ownAcknowledged": log.ownWrites.acknowledged,
          "ownThrown": log.ownWrites.thrown,
          "sharedAcknowledged": log.sharedWrites.acknowledged,
          "sharedThrown": log.sharedWrites.thrown,
          "heard": log.heard,
          "replica": store.storedValues.compactMapValues { value -> Int64? in
            if case .integer(let number) = value { return number }
            return nil
          },
          "isCurrent": store.isCurrent,
        ] as [String: Any]
      }
    }
    for observation in observations { observation.cancel() }
    let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    try data.write(to: folder.appendingPathComponent("\(id).json"))
  }
}
