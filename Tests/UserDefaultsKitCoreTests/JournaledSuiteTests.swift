#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import DefaultsTestSupport
  import Foundation
  import Testing
  import UserDefaultsKitCore

  /// Journaled suites: writes appended to a journal, read by every process that uses the
  /// library, folded into the suite's file for Foundation.
  @Suite("Journaled suites", .serialized)
  struct JournaledSuiteTests {
    @Test("A write appends to the log and reads back at once; the suite's file takes it at the fold")
    func writesGoToTheLog() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let file = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let store = UserDefaultsStore.journaledSuite(suite)
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      // NB: a name no other test registers a default for: Foundation's registration domain is the
      // process's.
      let name = DefaultsKey<String?>("journaledName", default: nil, store: store)

      count.value = 1
      name.value = "first"
      count.value = 2
      name.value = nil

      #expect(count.value == 2 && name.value == nil)
      #expect(Self.contents(of: file)["count"] == nil, "the file has not changed yet")
      #expect(try Self.logSize(of: file) > 16)

      store.checkForExternalChanges()
      #expect(Self.contents(of: file)["count"] == nil, "checking for changes only reads")

      // NB: a write of a store that is not journaled (here in another process) folds the log.
      #expect(try HelperProcess.run(["set", suite, "other", "1"]).status == 0)
      #expect(Self.contents(of: file)["count"] as? Int == 2)
      #expect(Self.contents(of: file)["journaledName"] == nil)
      #expect(Self.contents(of: file)["other"] as? Int == 1)
      #expect(try Self.logSize(of: file) == 16, "the log holds its header only")
      #expect(count.value == 2)
    }

    @Test("A direct UserDefaults write reaches the library once stored; the log's change of the key wins")
    func directWritesUnderTheLog() {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let store = UserDefaultsStore.journaledSuite(suite)
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      let other = DefaultsKey<Int>("other", default: 0, store: store)
      count.value = 1

      store.userDefaults.set(2, forKey: "count")
      store.userDefaults.set(3, forKey: "other")
      store.userDefaults.storeDirectWrites()
      #expect(other.value == 3, "a key the log does not hold reads the file")
      #expect(count.value == 1, "the log's change of the key goes over the file until the log is folded")
    }

    @Test("A fold lets Foundation store the direct writes it holds first, so the log's later change wins")
    func foldAfterDirectWrite() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let file = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let store = UserDefaultsStore.journaledSuite(suite)
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      store.userDefaults.set(5, forKey: "count")
      count.value = 3
      // NB: a log that outgrows 64 KB is folded at once.
      DefaultsKey<Data>("blob", default: Data(), store: store).value = Data(repeating: 1, count: 70_000)

      #expect(try Self.logSize(of: file) == 16, "folded")
      #expect(Self.contents(of: file)["count"] as? Int == 3)
      #expect(store.userDefaults.integer(forKey: "count") == 3)
      #expect(count.value == 3)
    }

    @Test("The log is folded into the suite's file once it outgrows 64 KB")
    func foldWhenTheLogGrows() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let file = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let blob = DefaultsKey<Data>("blob", default: Data(), store: UserDefaultsStore.journaledSuite(suite))
      for index in 0..<20 { blob.value = Data(repeating: UInt8(index), count: 8_000) }
      let folded = try #require(Self.contents(of: file)["blob"] as? Data)
      #expect(folded.count == 8_000 && folded.first ?? 0 >= 7, "a fold happened after 64 KB")
      #expect(try Self.logSize(of: file) < 64 * 1024)
      #expect(blob.value == Data(repeating: 19, count: 8_000))
    }

    @Test("Another process reads the log; a process folds its log when it exits")
    func otherProcesses() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let file = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let vanished = try HelperProcess.run(["setAndVanish", "journaled:" + suite, "count", "7"])
      #expect(vanished.standardOutput == "done\n")
      #expect(Self.contents(of: file)["count"] == nil, "a process that vanished left its log unfolded")

      let read = try HelperProcess.run(["increment", "journaled:" + suite, "count", "1"])
      #expect(read.status == 0)
      #expect(Self.contents(of: file)["count"] as? Int == 8, "the log was read, and folded at exit")
    }

    @Test("A store that is not journaled reads a log it finds, and folds it at its first write")
    func plainStoreFoldsTheLog() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let file = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      _ = try HelperProcess.run(["setAndVanish", "journaled:" + suite, "count", "5"])
      let logBefore = try Self.logSize(of: file)

      let store = UserDefaultsStore.suite(suite)
      #expect(store.value(forKey: "count", default: 0) == 5)
      #expect(try Self.logSize(of: file) == logBefore, "reading changes nothing")
      #expect(!FileManager.default.fileExists(atPath: file.path))

      store.setValue(6, forKey: "other")
      #expect(store.userDefaults.integer(forKey: "count") == 5)
      #expect(Self.contents(of: file)["count"] as? Int == 5)
      #expect(Self.contents(of: file)["other"] as? Int == 6)
      #expect(try Self.logSize(of: file) == 16)
    }

    @Test("A torn record at the log's end is ignored, and cut off by the next write")
    func tornRecord() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let file = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      _ = try HelperProcess.run(["setAndVanish", "journaled:" + suite, "first", "1"])
      _ = try HelperProcess.run(["setAndVanish", "journaled:" + suite, "second", "2"])
      // What a kill in the middle of an append leaves: a record's length, and part of its payload.
      let torn = Data([0xE8, 3, 0, 0, 1, 2, 3, 4] + [UInt8](repeating: 0xEE, count: 300))
      let log = try FileHandle(forWritingTo: Self.logURL(of: file))
      try log.seekToEnd()
      try log.write(contentsOf: torn)
      try log.close()

      let third = try HelperProcess.run(["setAndVanish", "journaled:" + suite, "third", "3"])
      #expect(third.standardOutput == "done\n")
      let written = try Data(contentsOf: Self.logURL(of: file))
      #expect(written.range(of: Data(repeating: 0xEE, count: 16)) == nil, "the torn record was cut off")
      for (key, value) in [("first", 1), ("second", 2), ("third", 3)] {
        let read = try HelperProcess.run(["readIn", file.deletingLastPathComponent().path, suite, key])
        #expect(read.standardOutput == "\(value)\n", "\(key)")
      }
    }

    @Test("Two processes incrementing one key 200 times each, atomically, end at 400")
    func concurrentWriters() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let first = try HelperProcess.start(["increment", "journaled:" + suite, "count", "200"])
      let second = try HelperProcess.start(["increment", "journaledUnflushed:" + suite, "count", "200"])
      first.waitUntilExit()
      second.waitUntilExit()
      #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
      #expect(UserDefaultsStore.suite(suite).value(forKey: "count", default: 0) == 400)
    }

    @Test("A journaled write after the suite was removed starts a new log, which other processes read")
    func writeAfterRemoval() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let file = try #require(UserDefaultsStore.fileURL(forSuite: suite))
      let store = UserDefaultsStore.journaledSuite(suite)
      store.setValue(1, forKey: "a")
      try store.removeSuite()

      store.setValue(2, forKey: "b")
      #expect(store.value(forKey: "b", default: 0) == 2)
      #expect(FileManager.default.fileExists(atPath: Self.logURL(of: file).path))
      let read = try HelperProcess.run([
        "readIn", file.deletingLastPathComponent().path, "journaled:" + suite, "b",
      ])
      #expect(read.standardOutput == "2\n")
    }

    @Test(
      "A write stored in the log is not reported as failed when the fold after it fails (full disk)",
      .enabled(if: MountedFolder.canMount, "needs root, to mount a 256 KB tmpfs"))
    func foldFailureAfterAppend() throws {
      let mount = try MountedFolder(size: "256k")
      defer { mount.remove() }
      let store = UserDefaultsStore.journaledSuite("full", in: mount.url)
      let errors = ReportedErrors(for: store)
      let foldErrors = ReportedErrors(matching: "journal could not be folded")
      let big = DefaultsKey<Data>("big", default: Data(), store: store)
      big.value = Data(repeating: 1, count: 100_000)
      #expect(errors.all.isEmpty && foldErrors.all.isEmpty)
      store.checkForExternalChanges()  // the file holds 100 KB

      // Appends of 4 KB until the log outgrows the file, whose fold needs a second 100 KB copy.
      let filler = DefaultsKey<Data>("filler", default: Data(), store: store)
      var index = 0
      while foldErrors.all.isEmpty, index < 40 {
        index += 1
        filler.value = Data(repeating: UInt8(index), count: 4_000)
      }
      #expect(!foldErrors.all.isEmpty, "a fold failed")
      #expect(
        foldErrors.warnings.first.map {
          $0.kind == .foldFailed && ($0.underlying as? POSIXError)?.code == .ENOSPC
        }
          == true, "\(foldErrors.all)")
      #expect(errors.all.isEmpty, "no write is reported as failed: \(errors.all)")
      #expect(filler.value.first == UInt8(index))
      DefaultsKey<Int>("small", default: 0, store: store).value = 7
      let read = try HelperProcess.run(["readIn", mount.url.path, "journaled:full", "small"])
      #expect(read.standardOutput == "7\n")
    }

    @Test("Releasing the last observation of a journaled suite while a key observer starts does not deadlock")
    func releaseWhileObserving() throws {
      let suite = temporarySuiteName()
      let other = temporarySuiteName()
      defer {
        removeSuite(suite)
        removeSuite(other)
      }
      let holder = ObservationHolder()
      holder.observation = {
        let store = UserDefaultsStore.journaledSuite(suite)
        store.setValue(1, forKey: "a")
        return store.observeStoredValues { _ in }
      }()
      let otherStore = UserDefaultsStore.suite(other)
      let inside = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        // Starts watching a file with the library's write lock held.
        #expect(throws: Never.self) {
          try otherStore.update {
            inside.signal()
            usleep(300_000)
            otherStore.observe("k") { _ in }.cancel()
          }
        }
        done.signal()
      }
      inside.wait()
      Thread.detachNewThread {
        // Ends a watch whose handler holds the last reference to the journaled store.
        holder.cancel()
        done.signal()
      }
      let finished =
        done.wait(timeout: .now() + 5) == .success && done.wait(timeout: .now() + 5) == .success
      #expect(finished)
    }

    @Test("A journaled and an ordinary process incrementing one key 200 times each end at 400")
    func journaledAndOrdinaryWriters() throws {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let first = try HelperProcess.start(["increment", "journaled:" + suite, "count", "200"])
      let second = try HelperProcess.start(["increment", suite, "count", "200"])
      first.waitUntilExit()
      second.waitUntilExit()
      #expect(UserDefaultsStore.suite(suite).value(forKey: "count", default: 0) == 400)
    }

    @Test("Asking for a suite open without a journal as journaled is reported, and the open store used")
    func openedDifferently() {
      let suite = temporarySuiteName()
      defer { removeSuite(suite) }
      let plain = UserDefaultsStore.suite(suite)
      let errors = ReportedErrors(for: plain)
      let journaled = UserDefaultsStore.journaledSuite(suite)
      #expect(journaled === plain)
      #expect(
        errors.warnings == [
          DefaultsWarning(.suiteOpenedDifferently, store: "\(plain)", detail: "it is not journaled")
        ])
    }

    private final class ObservationHolder: @unchecked Sendable {
      // NB: `observation` is guarded by `lock`.
      private let lock = NSLock()
      var observation: DefaultsObservation?

      func cancel() {
        let taken = lock.withLock {
          defer { observation = nil }
          return observation
        }
        taken?.cancel()
      }
    }

    private static func contents(of file: URL) -> [String: Any] {
      guard let data = try? Data(contentsOf: file),
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
      else { return [:] }
      return plist
    }

    private static func logURL(of file: URL) -> URL {
      file.deletingLastPathComponent().appendingPathComponent(".userdefaultskit")
        .appendingPathComponent(file.lastPathComponent + ".journal")
    }

    private static func logSize(of file: URL) throws -> Int {
      try FileManager.default.attributesOfItem(atPath: logURL(of: file).path)[.size] as? Int ?? 0
    }
  }
#endif
