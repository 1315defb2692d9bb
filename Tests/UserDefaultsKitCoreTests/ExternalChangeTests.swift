import DefaultsTestSupport
import Foundation
import Testing

@testable import UserDefaultsKitCore

/// Records each value an observer saw, with the wall-clock time it arrived.
private final class Arrivals: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [(value: Int, time: TimeInterval)] = []

  func record(_ value: Int) {
    lock.withLock { entries.append((value, Date().timeIntervalSince1970)) }
  }

  var values: [Int] { lock.withLock { entries.map(\.value) } }
  var times: [TimeInterval] { lock.withLock { entries.map(\.time) } }
}

@Suite("Changes from anywhere", .serialized)
struct ExternalChangeTests {
  @Test(
    "A write by another process reaches observers here; an equal write does not",
    arguments: ["set", "plainSet"])
  func otherProcess(command: String) async throws {
    try await withTemporarySuite { store in
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      let arrivals = Arrivals()
      let observation = count.observe { arrivals.record($0) }
      defer { observation.cancel() }

      let writer = try HelperProcess.run([command, store.suiteName!, "count", "7"])
      let written = try #require(
        TimeInterval(writer.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(await eventually { arrivals.values == [7] })
      #expect(count.value == 7)
      let latency = (arrivals.times.first ?? .infinity) - written
      if latency.isFinite { print("external change latency (\(command)): \(Int(latency * 1000)) ms") }
      #expect(latency < 1, "measured \(latency) s; the README reports the typical figure")

      _ = try HelperProcess.run([command, store.suiteName!, "count", "7"])
      try await Task.sleep(for: .milliseconds(300))
      #expect(arrivals.values == [7], "an equal value is not a change")
    }
  }

  @Test(
    "With nobody observing, a read sees another process's write within a bounded time",
    arguments: ["set", "plainSet"])
  func freshnessWithoutObservers(command: String) async throws {
    try await withTemporarySuite { store in
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      #expect(count.value == 0)
      let pipe = Pipe()
      let writer = try HelperProcess.start([command, store.suiteName!, "count", "9"], standardOutput: pipe)
      var seen = Date.distantFuture.timeIntervalSince1970
      let deadline = Date().addingTimeInterval(5)
      while Date() < deadline {
        if count.value == 9 {
          seen = Date().timeIntervalSince1970
          break
        }
        usleep(200)
      }
      writer.waitUntilExit()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let written = try #require(TimeInterval(output.trimmingCharacters(in: .whitespacesAndNewlines)))
      let latency = seen - written
      if latency.isFinite {
        print("read freshness without observers (\(command)): \(Int(latency * 1000)) ms")
      }
      #expect(latency < 1, "measured \(latency) s; the README reports the bound")
    }
  }

  @Test(
    "UserDefaults objects of this process: a direct read sees a library write at once, the library a direct write once stored"
  )
  func directReadsAndWritesInProcess() async {
    await withTemporarySuite { store in
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      let arrivals = Arrivals()
      let observation = count.observe { arrivals.record($0) }
      defer { observation.cancel() }
      let plain = UserDefaults(suiteName: store.suiteName!)!
      #expect(plain.integer(forKey: "count") == 0)

      count.value = 1
      #expect(plain.integer(forKey: "count") == 1, "Foundation's copy of the suite was dropped")

      store.userDefaults.set(3, forKey: "count")
      // NB: that the library has not seen it yet cannot be asserted here: any synchronize() in the
      // process, by a test running in parallel too, stores Foundation's writes.
      store.userDefaults.synchronize()
      #expect(await eventually { arrivals.values == [1, 3] }, "the file watcher saw Foundation store it")
      #expect(count.value == 3)

      store.userDefaults.set(4, forKey: "count")
      store.userDefaults.synchronize()
      store.checkForExternalChanges()
      #expect(count.value == 4, "or ask for a check at once")
      // NB: heard at once, or, when another thread runs the store's announcements then (its file
      // watcher, or a read's hand-off), by that thread right after, as AnnouncementQueue says.
      #expect(await eventually { arrivals.values == [1, 3, 4] })

      store.userDefaults.set(5, forKey: "count")
      count.value = 6
      #expect(plain.integer(forKey: "count") == 6, "the later write wins")
      store.userDefaults.synchronize()
      #expect(
        store.userDefaults.integer(forKey: "count") == 6, "Foundation's earlier write does not come back")
      #expect(count.value == 6)
    }
  }

  @Test("Two processes writing 200 keys each at once lose nothing, three times over")
  func concurrentWriters() async throws {
    for round in 0..<3 {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let barrier = FileManager.default.temporaryDirectory.appendingPathComponent("barrier-\(suite)")
      defer { try? FileManager.default.removeItem(at: barrier) }
      let first = try HelperProcess.start(["writeKeys", suite, "a", "200", barrier.path])
      let second = try HelperProcess.start(["writeKeys", suite, "b", "200", barrier.path])
      #expect(FileManager.default.createFile(atPath: barrier.path, contents: Data()))
      first.waitUntilExit()
      second.waitUntilExit()
      #expect(first.terminationStatus == 0 && second.terminationStatus == 0)

      let store = UserDefaultsStore.suite(suite)
      let keys = (0..<200).flatMap { ["a\($0)", "b\($0)"] }.filter {
        store.read($0) == .integer(Int64($0.dropFirst())!)
      }
      #expect(keys.count == 400, "round \(round): \(keys.count) of 400 keys survived")
    }
  }

  // The suite's file is the library's on Linux only; on Apple platforms cfprefsd owns it.
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test("A corrupt file is moved aside and reported, not overwritten")
    func corruptFile() async throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let url = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("garbage, not a property list".utf8).write(to: url)
      let errors = LockedArray<DefaultsWarning>()
      let observation = DefaultsReports.observe { problem in
        if let warning = problem as? DefaultsWarning, warning.kind == .corruptFileMovedAside,
          warning.path == url.path
        {
          errors.append(warning)
        }
      }
      defer { observation.cancel() }

      let store = UserDefaultsStore.suite(suite)
      store.setValue(1, forKey: "fresh")
      let movedTo = try #require(errors.all.first?.detail)
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data("garbage, not a property list".utf8))
      try? FileManager.default.removeItem(atPath: movedTo)
    }

    @Test(
      "A read never waits for a writer, in another process or on another thread: it returns the value it has, and the change once the writer is done"
    )
    func readsDoNotWaitForWriters() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let store = UserDefaultsStore.suite(suite)
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      count.value = 1
      let url = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let lockFile = url.deletingLastPathComponent().appendingPathComponent(
        ".userdefaultskit/\(url.lastPathComponent).lock")
      #if DEBUG
        var reloads = store.adapter.reloads.load(ordering: .relaxed)
      #endif
      /// While `holdingWriter` holds the suite as a writer, has another writer store `value`, and
      /// reads `count` on another thread past the interval between looks at the files.
      func readWhileWriting(_ value: Int, holdingWriter: (() throws -> Void) throws -> Void) throws -> [Int] {
        let reads = LockedArray<Int>()
        try holdingWriter {
          try PropertyListSerialization.data(fromPropertyList: ["count": value], format: .binary, options: 0)
            .write(to: url, options: .atomic)
          usleep(20_000)
          #expect(runOnAnotherThread { reads.append(count.value) } == .success, "the read waited")
        }
        #if DEBUG
          // NB: the read left the change to another thread, which reads it once the writer is done,
          // with no further read.
          let deadline = Date().addingTimeInterval(2)
          while store.adapter.reloads.load(ordering: .relaxed) == reloads, Date() < deadline { usleep(1_000) }
          #expect(store.adapter.reloads.load(ordering: .relaxed) == reloads + 1, "nobody read the change")
          reloads += 1
        #endif
        usleep(20_000)
        reads.append(count.value)
        return reads.all
      }

      // NB: an `flock` taken through another open file of the lock file excludes the library as
      // another process's does.
      let otherProcess = try readWhileWriting(2) { reading in
        let held = open(lockFile.path, O_RDWR)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        try reading()
      }
      #expect(otherProcess == [1, 2])

      let entered = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let otherThread = try readWhileWriting(3) { reading in
        Thread.detachNewThread {
          try? store.update {
            entered.signal()
            release.wait()
          }
        }
        entered.wait()
        defer { release.signal() }
        try reading()
      }
      #expect(otherThread == [2, 3])
    }

    @Test("A new file that a killed writer left behind is replaced by the next write, not written into")
    func leftNewFile() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let url = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let folder = url.deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let left = folder.appendingPathComponent(".\(url.lastPathComponent).new")
      try Data("half a property list".utf8).write(to: left)
      let held = try FileHandle(forReadingFrom: left)
      defer { try? held.close() }

      let store = UserDefaultsStore.suite(suite)
      store.setValue(1, forKey: "a")
      #expect(store.value(forKey: "a", default: 0) == 1)
      #expect(try held.readToEnd() == Data("half a property list".utf8), "a reader of the left file keeps it")
    }

    @Test("A hard link to the suite's file (a backup's snapshot) keeps what it held")
    func hardLinkKeepsItsContents() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let url = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let backup = url.deletingLastPathComponent().appendingPathComponent(suite + ".snapshot")
      defer { try? FileManager.default.removeItem(at: backup) }
      let store = UserDefaultsStore.suite(suite)
      store.setValue(1, forKey: "a")
      #expect(link(url.path, backup.path) == 0)

      store.setValue(2, forKey: "a")
      store.setValue(3, forKey: "a")
      let snapshot =
        try? PropertyListSerialization.propertyList(from: Data(contentsOf: backup), format: nil)
        as? [String: Any]
      #expect(snapshot?["a"] as? Int == 1, "the snapshot holds \(String(describing: snapshot))")
    }

    @Test("A removed value is gone from every file the library keeps for the suite")
    func removedValueLeavesNoCopy() async throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let url = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let store = UserDefaultsStore.suite(suite)
      let secret = "a secret that must not outlive its removal"
      store.setValue(secret, forKey: "token")
      store.setValue(1, forKey: "other")
      try store.remove("token")

      let folder = url.deletingLastPathComponent()
      let hidden = folder.appendingPathComponent(".userdefaultskit")
      let files =
        try FileManager.default.contentsOfDirectory(atPath: folder.path).map(folder.appendingPathComponent)
        + FileManager.default.contentsOfDirectory(atPath: hidden.path).map(hidden.appendingPathComponent)
      let holding = try files.filter { file in
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue
        else { return false }
        return try Data(contentsOf: file).range(of: Data(secret.utf8)) != nil
      }
      #expect(holding.isEmpty, "\(holding.map(\.lastPathComponent))")
      #expect(store.value(forKey: "other", default: 0) == 1)
    }

  #endif
}

@Suite("Killed writers", .serialized)
struct KilledWriterTests {
  /// The suites a killed writer writes: an ordinary one, and on Linux a journaled one (the test
  /// helper's `journaled:` prefix).
  static let kinds: [String] = {
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      [""]
    #else
      ["", "journaled:"]
    #endif
  }()

  /// A writer is killed with SIGKILL at a random moment of its write loop, 20 times; each time the
  /// next store to open the suite must find what the platform promises: on Linux every value
  /// whose write had returned (and, for an ordinary suite, a whole file); on Apple platforms,
  /// where a write is handed to `cfprefsd` and persisted on its schedule, a value the writer wrote
  /// (its last ones may be lost), never a torn or invented one.
  @Test("A writer killed mid-write loses what the platform allows, and nothing else", arguments: kinds)
  func killedWriter(kind: String) async throws {
    for round in 0..<20 {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let pipe = Pipe()
      let process = try HelperProcess.start(["writeForever", kind + suite], standardOutput: pipe)
      let output = Lines(pipe.fileHandleForReading)
      _ = output.next()  // "ready": `fixed` is written
      try await Task.sleep(for: .milliseconds(Int.random(in: 20...200)))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let acknowledged = output.rest().compactMap { Int($0) }.max() ?? 0

      let store = kind.isEmpty ? UserDefaultsStore.suite(suite) : UserDefaultsStore.journaledSuite(suite)
      let fixed = store.value(forKey: "fixed", default: "")
      let counter = store.value(forKey: "counter", default: 0)
      #if canImport(Darwin) || APPLE_API_TYPECHECK
        #expect(["kept", ""].contains(fixed), "round \(round): \(fixed)")
        #expect(
          counter >= 0 && counter <= acknowledged + 1, "round \(round): \(counter) after \(acknowledged)")
      #else
        #expect(fixed == "kept", "round \(round)")
        #expect(
          counter >= acknowledged && counter <= acknowledged + 1,
          "round \(round): \(counter) after \(acknowledged)")
      #endif
      #expect(acknowledged > 0, "round \(round): the writer wrote")
      #if !canImport(Darwin) && !APPLE_API_TYPECHECK
        if kind.isEmpty {
          let url = try #require(UserDefaultsStore.fileURL(forSuite: suite))
          let data = try Data(contentsOf: url)
          #expect((try? PropertyListSerialization.propertyList(from: data, format: nil)) != nil)
        }
      #endif
    }
  }
}
