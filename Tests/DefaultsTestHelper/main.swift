import DefaultsTestSupport
import Foundation
import UserDefaultsKitCore

// A child process for the tests:
// - `write SUITE`: writes the round-trip matrix and exits at once, without any flush of its own;
// - `verify SUITE`: reads it back in a fresh process;
// - `writeKeys SUITE PREFIX COUNT BARRIER`: waits for the file BARRIER, then writes COUNT keys;
// - `set SUITE KEY VALUE`: writes an Int through the library, prints the time when it is durable;
// - `plainSet SUITE KEY VALUE`: the same with plain UserDefaults and synchronize();
// - `writeForever SUITE`: writes `fixed`, prints "ready", then rewrites `counter` with 1, 2, 3, ...
//   until killed, printing each value once its write has returned;
// - `increment SUITE KEY COUNT`: adds 1 to KEY, COUNT times, each an atomic update;
// - `read SUITE KEY`: prints what a process that declares no migrations (a widget) reads for KEY:
//   the stored value, or "nothing";
// - `readIn FOLDER SUITE KEY`: prints the Int stored under KEY in a suite kept in FOLDER;
// - `setIn FOLDER SUITE KEY VALUE`: writes an Int in a suite kept in FOLDER;
// - `writeInAsUser FOLDER SUITE KEY VALUE`: as a user who may not change FOLDER (root gives up its
//   rights first), writes an Int in a suite kept there, reads it back, and prints each problem
//   reported and the value read ("read N");
// - `setAndVanish SUITE KEY VALUE`: writes an Int and ends the process without its exit handlers
//   (a journaled suite's log stays unfolded), printing "done" first.
// - `migrate SUITE`: runs suite migration 1, which adds 1 to the Int under "runs" (not idempotent,
//   so running it twice shows) and renames "oldName" to "newName"; prints the number recorded;
// - `migrateAndHang SUITE`: runs the same step, which prints "inside" and then sleeps a minute, for
//   a test to kill it there.
// A SUITE written `journaled:NAME` is the journaled suite NAME (flushed; `journaledUnflushed:NAME`
// without flushes).

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: DefaultsTestHelper COMMAND SUITE ...\n".utf8))
  exit(2)
}
let suite = arguments[1]

/// The store that a SUITE argument names, in `folder` (nil: the preferences folder).
func store(_ argument: String, in folder: URL? = nil) -> UserDefaultsStore {
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    for (prefix, flushes) in [("journaled:", true), ("journaledUnflushed:", false)]
    where argument.hasPrefix(prefix) {
      return .journaledSuite(String(argument.dropFirst(prefix.count)), in: folder, flushesEachWrite: flushes)
    }
    if let folder { return .suite(argument, in: folder) }
  #endif
  return .suite(argument)
}

func printTimestamp() {
  print(Date().timeIntervalSince1970)
}

switch arguments[0] {
case "write":
  let opened = store(suite)
  for testCase in RoundTripMatrix.cases { testCase.write(to: opened) }
  exit(0)
case "verify":
  let opened = store(suite)
  let failures = RoundTripMatrix.cases.compactMap { testCase in
    testCase.mismatch(in: opened).map { "\(testCase.name): \($0.prefix(200))" }
  }
  print(failures.joined(separator: "\n"))
  exit(failures.isEmpty ? 0 : 1)
case "writeKeys" where arguments.count == 5:
  let opened = store(suite)
  let prefix = arguments[2]
  let count = Int(arguments[3]) ?? 0
  while !FileManager.default.fileExists(atPath: arguments[4]) { usleep(1_000) }
  for index in 0..<count { opened.setValue(index, forKey: "\(prefix)\(index)") }
  exit(0)
case "set" where arguments.count == 4:
  store(suite).setValue(Int(arguments[3]) ?? 0, forKey: arguments[2])
  printTimestamp()
  exit(0)
case "plainSet" where arguments.count == 4:
  let defaults = UserDefaults(suiteName: suite)!
  defaults.set(Int(arguments[3]) ?? 0, forKey: arguments[2])
  defaults.synchronize()
  printTimestamp()
  exit(0)
case "writeForever":
  let opened = store(suite)
  opened.setValue("kept", forKey: "fixed")
  FileHandle.standardOutput.write(Data("ready\n".utf8))
  var counter = 0
  while true {
    counter += 1
    opened.setValue(counter, forKey: "counter")
    FileHandle.standardOutput.write(Data("\(counter)\n".utf8))
  }
case "increment" where arguments.count == 4:
  let key = DefaultsKey<Int>(DefaultName(arguments[2]), default: 0, store: store(suite))
  for _ in 0..<(Int(arguments[3]) ?? 0) { try key.update { $0 += 1 } }
  exit(0)
case "read" where arguments.count == 3:
  print(store(suite).read(arguments[2]).map { "\($0)" } ?? "nothing")
  exit(0)
case "readIn" where arguments.count == 4:
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    let folder = URL(fileURLWithPath: arguments[1])
    print(store(arguments[2], in: folder).value(forKey: arguments[3], default: -1))
  #endif
  exit(0)
case "setIn" where arguments.count == 5:
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    store(arguments[2], in: URL(fileURLWithPath: arguments[1])).setValue(
      Int(arguments[4]) ?? 0, forKey: arguments[3])
  #endif
  exit(0)
case "writeInAsUser" where arguments.count == 5:
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    if getuid() == 0, setgid(65534) != 0 || setuid(65534) != 0 { exit(3) }
    let reporting = DefaultsReports.observe { problem in
      let error = problem as? DefaultsError
      print(
        "\(problem) kind=\(error?.kind.name ?? "") errno=\(error?.posixCode.map { "\($0.rawValue)" } ?? "")")
    }
    let folder = URL(fileURLWithPath: arguments[1])
    let opened = store(arguments[2], in: folder)
    opened.setValue(Int(arguments[4]) ?? 0, forKey: arguments[3])
    print("read \(opened.value(forKey: arguments[3], default: -1))")
    reporting.cancel()
  #endif
  exit(0)
case "migrate" where arguments.count == 2, "migrateAndHang" where arguments.count == 2:
  let hangs = arguments[0] == "migrateAndHang"
  let step = SuiteMigration(1) { values in
    values["runs"] = .integer((values["runs"]?.exactInteger(as: Int64.self) ?? 0) + 1)
    values["newName"] = values.removeValue(forKey: "oldName")
    if hangs {
      FileHandle.standardOutput.write(Data("inside\n".utf8))
      sleep(60)
    }
  }
  print((try? store(suite).migrate([step])) ?? -1)
  exit(0)
case "setAndVanish" where arguments.count == 4:
  // NB: the store lives to the end: a journaled store folds its log when it goes.
  let opened = store(suite)
  opened.setValue(Int(arguments[3]) ?? 0, forKey: arguments[2])
  FileHandle.standardOutput.write(Data("done\n".utf8))
  withExtendedLifetime(opened) { _exit(0) }
default:
  exit(2)
}
