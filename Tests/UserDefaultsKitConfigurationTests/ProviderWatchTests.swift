import Configuration
import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitConfiguration

@Suite("UserDefaultsProvider: watching")
struct ProviderWatchTests {
  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("watchValue yields the current value, then another process's write once")
  func anotherProcess() async throws {
    try await withTemporarySuite { store in
      let name = store.suiteName!
      try store.write(.integer(1), forKey: "workers")
      let provider = UserDefaultsProvider(store: store)
      let seen = try await provider.watchValue(forKey: ["workers"], type: .int) { updates in
        var seen: [ConfigContent?] = []
        for await update in updates {
          seen.append(try update.get().value?.content)
          switch seen.count {
          case 1:
            // NB: an unrelated key too, which must not yield: its change reaches every observer.
            #expect(try HelperProcess.run(["set", name, "other", "5"]).status == 0)
            #expect(try HelperProcess.run(["set", name, "workers", "8"]).status == 0)
          case 2:
            #expect(try HelperProcess.run(["set", name, "workers", "9"]).status == 0)
          default: break
          }
          if seen.count == 3 { break }
        }
        return seen
      }
      #expect(seen == [.int(1), .int(8), .int(9)], "each change once")
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("watchValue hears `userdefaults write`, and reports a value of another type as an error")
  func toolWrite() async throws {
    try await withTemporarySuite { store in
      let name = store.suiteName!
      let tool = try #require(HelperProcess.builtExecutable(named: "userdefaults"))
      let provider = UserDefaultsProvider(store: store)
      let results = try await provider.watchValue(forKey: ["greeting"], type: .string) { updates in
        var results: [Result<LookupResult, any Error>] = []
        for await update in updates {
          results.append(update)
          switch results.count {
          case 1: try run(tool, ["write", name, "greeting", "Bonjour"])
          case 2: try run(tool, ["write", name, "greeting", "--int", "3"])
          default: break
          }
          if results.count == 3 { break }
        }
        return results
      }
      #expect(try results[0].get().value == nil)
      #expect(try results[1].get().value?.content == .string("Bonjour"))
      #expect(
        throws: DefaultsError(
          .notConvertible, key: "greeting", detail: "holds an integer, which cannot be read as string")
      ) {
        try results[2].get()
      }
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A dotted key hears another process, and the app's own settings reach a watch")
  func dottedKeyAndSettings() async throws {
    try await withTemporarySuite { store in
      let name = store.suiteName!
      let timeout = DefaultsKey("http.timeout", default: 30, store: store)
      let provider = UserDefaultsProvider(store: store)
      let seen = try await provider.watchValue(forKey: ["http", "timeout"], type: .int) { updates in
        var seen: [ConfigContent?] = []
        for await update in updates {
          seen.append(try update.get().value?.content)
          switch seen.count {
          case 1: #expect(try HelperProcess.run(["set", name, "http.timeout", "45"]).status == 0)
          case 2: timeout.value = 60
          default: break
          }
          if seen.count == 3 { break }
        }
        return seen
      }
      #expect(seen == [nil, .int(45), .int(60)])
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("watchSnapshot yields a snapshot, then one per change of the suite")
  func snapshots() async throws {
    try await withTemporarySuite { store in
      let name = store.suiteName!
      let provider = UserDefaultsProvider(store: store)
      let modes = try await provider.watchSnapshot { updates in
        var modes: [ConfigContent?] = []
        for await snapshot in updates {
          modes.append(try snapshot.value(forKey: ["mode"], type: .string).value?.content)
          switch modes.count {
          case 1: try store.write(.string("fast"), forKey: "mode")
          case 2:
            try run(
              try #require(HelperProcess.builtExecutable(named: "userdefaults")),
              ["write", name, "mode", "slow"])
          default: break
          }
          if modes.count == 3 { break }
        }
        return modes
      }
      #expect(modes == [nil, .string("fast"), .string("slow")], "this process's write, then another's")
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Ending a watch releases the suite's observation, and with it the store")
  func endingReleases() async throws {
    let name = temporarySuiteName()
    defer { removeSuite(name) }
    weak var released: UserDefaultsStore?
    do {
      let store = UserDefaultsStore.suite(name)
      released = store
      let provider = UserDefaultsProvider(store: store)
      try await provider.watchValue(forKey: ["a"], type: .int) { updates in
        for await _ in updates { break }
      }
      try await provider.watchSnapshot { updates in
        for await _ in updates { break }
      }
      struct Stop: Error {}
      await #expect(throws: Stop.self) {
        try await provider.watchValue(forKey: ["a"], type: .int) { _ in throw Stop() }
      }
    }
    #expect(released == nil, "nothing keeps the store once the watches ended")
  }
}

/// Runs the command-line tool, which must succeed.
private func run(_ tool: URL, _ arguments: [String]) throws {
  let process = try Process.run(tool, arguments: arguments)
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "userdefaults \(arguments)")
}
