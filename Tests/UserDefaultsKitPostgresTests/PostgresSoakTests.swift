import DefaultsTestSupport
import Foundation
import PostgresTestSupport
import Testing
import UserDefaultsKitPostgres

/// Many processes writing at once through a server restart, against a server of the suite's own.
@Suite("PostgreSQL store soak", .postgresInstalled, .realPostgres)
struct PostgresSoakTests {
  static let (processes, seconds, restartAfter) = (8, 30.0, 14.0)

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "8 processes over 2 suites for 30 s, the server restarted midway, lose nothing acknowledged and agree")
  func soak() throws {
    let helper = try #require(HelperProcess.builtExecutable(named: "PostgresTestHelper"))
    let suites = [TestServer.uniqueSuite(), TestServer.uniqueSuite()]
    // NB: the table exists before the processes start, so each opens in the same way.
    _ = try TestServer.store(suite: suites[0])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soak-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let processes = try (0..<Self.processes).map { id in
      let process = Process()
      process.executableURL = helper
      process.arguments = [
        "soak", TestServer.server.socketPath, PostgresServer.superuser, PostgresServer.databaseName,
        suites.joined(separator: ","), "\(id)", "\(Self.seconds)", folder.path, "\(Self.processes)",
      ]
      // NB: what a process reports (the restart's warnings, expected) goes to a file, shown when it fails.
      let log = folder.appendingPathComponent("\(id).log")
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      process.standardError = try FileHandle(forWritingTo: log)
      try process.run()
      return process
    }
    Thread.sleep(forTimeInterval: Self.restartAfter)
    try TestServer.server.stopServer()
    Thread.sleep(forTimeInterval: 1)
    try TestServer.server.startServer()
    for (id, process) in processes.enumerated() {
      process.waitUntilExit()
      let log = (try? String(contentsOf: folder.appendingPathComponent("\(id).log"), encoding: .utf8)) ?? ""
      #expect(process.terminationStatus == 0, "process \(id): \(log)")
    }
    let reports = try (0..<Self.processes).map { id in
      let data = try Data(contentsOf: folder.appendingPathComponent("\(id).json"))
      return try #require(JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    }
    for suite in suites {
      let table = try Self.table(suite: suite)
      let logs = reports.map { SuiteReport($0[suite] ?? [:]) }
      // Each update increments `counter` and its process's `applied-ID` in one transaction.
      let applied = (0..<Self.processes).map { table["applied-\($0)"] ?? 0 }
      #expect(table["counter"] == applied.reduce(0, +), "\(suite): the counter and the updates applied")
      #expect(logs.reduce(0) { $0 + $1.acknowledgedIncrements } > 0)
      for (id, log) in logs.enumerated() {
        // NB: an operation whose answer was lost in the restart threw, and may have been stored.
        #expect(
          applied[id] >= log.acknowledgedIncrements, "\(suite) process \(id): an acknowledged update lost")
        #expect(applied[id] <= log.acknowledgedIncrements + log.thrownIncrements)
        if let own = table["p\(id)"] {
          #expect(own >= log.ownAcknowledged, "\(suite) process \(id): its last acknowledged write lost")
          #expect(own == log.ownAcknowledged || log.ownThrown.contains(own))
        } else {
          #expect(log.ownAcknowledged == 0)
        }
      }
      if let shared = table["shared"] {
        let writer = logs[Int(shared / 1_000_000)]
        #expect(shared >= writer.sharedAcknowledged, "\(suite): an older write of its writer won")
        #expect(shared == writer.sharedAcknowledged || writer.sharedThrown.contains(shared))
      }
      for (id, log) in logs.enumerated() {
        #expect(log.replica == table, "\(suite) process \(id): its copy differs from the table 1 s after")
        #expect(
          log.heard == table, "\(suite) process \(id): its observers' last values differ from the table")
        #expect(log.isCurrent, "\(suite) process \(id): not current")
      }
    }
  }

  /// The suite's integer values in the table, removals left out.
  static func table(suite: String) throws -> [String: Int64] {
    let rows = try TestServer.server.psql(
      "SELECT key, CAST(value AS text) FROM userdefaultskit_settings WHERE suite = '\(suite)' AND value IS NOT NULL"
    )
    var table: [String: Int64] = [:]
    for row in rows.split(separator: "\n") {
      let columns = row.split(separator: "|")
      if columns.count == 2, let value = Int64(columns[1]) { table[String(columns[0])] = value }
    }
    return table
  }
}

/// What one soak process reported for one suite (see the helper's `Soak`).
struct SuiteReport {
  let acknowledgedIncrements: Int
  let thrownIncrements: Int
  let ownAcknowledged: Int64
  let ownThrown: [Int64]
  let sharedAcknowledged: Int64
  let sharedThrown: [Int64]
  let replica: [String: Int64]
  let heard: [String: Int64]
  let isCurrent: Bool

  init(_ report: [String: Any]) {
    func number(_ key: String) -> Int64 { (report[key] as? NSNumber)?.int64Value ?? -1 }
    func numbers(_ key: String) -> [Int64] { (report[key] as? [NSNumber])?.map(\.int64Value) ?? [] }
    func values(_ key: String) -> [String: Int64] {
      (report[key] as? [String: NSNumber])?.mapValues(\.int64Value) ?? [:]
    }
    acknowledgedIncrements = Int(number("acknowledgedIncrements"))
    thrownIncrements = Int(number("thrownIncrements"))
    ownAcknowledged = number("ownAcknowledged")
    ownThrown = numbers("ownThrown")
    sharedAcknowledged = number("sharedAcknowledged")
    sharedThrown = numbers("sharedThrown")
    replica = values("replica")
    heard = values("heard")
    isCurrent = report["isCurrent"] as? Bool ?? false
  }
}
