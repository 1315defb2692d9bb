import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Concurrency")
struct ConcurrencyTests {
  static let threads = 8
  static let iterations = 10_000

  /// Each thread owns one key and writes its iteration number to it every tenth iteration; all
  /// threads write a shared key now and then. Every read of an own key must give the thread's
  /// last write (nothing lost), every read of the shared key a value some thread wrote (nothing
  /// invented). The suite is new, so its first use is concurrent.
  @Test("8 threads x 10,000 mixed reads and writes on one cold store", arguments: StoreKind.allCases)
  func mixedReadsAndWrites(kind: StoreKind) async {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let memory = InMemoryDefaultsStore()
    let failures = LockedArray<String>()

    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      let store: any DefaultsStore = kind == .inMemory ? memory : UserDefaultsStore.suite(suite)
      let own = DefaultsKey<Int>("own.\(thread)", default: -1, store: store, register: false)
      let shared = DefaultsKey<Int>("shared", default: -1, store: store, register: false)
      var lastWritten = -1
      for iteration in 0..<Self.iterations {
        if iteration % 10 == 0 {
          own.value = iteration
          lastWritten = iteration
        }
        if iteration % 500 == 0 { shared.value = thread * Self.iterations + iteration }
        let readBack = own.value
        if readBack != lastWritten {
          failures.append("thread \(thread), iteration \(iteration): read \(readBack), wrote \(lastWritten)")
        }
        let sharedValue = shared.value
        if sharedValue != -1, !(sharedValue % Self.iterations).isMultiple(of: 500) {
          failures.append("shared key holds \(sharedValue), which no thread wrote")
        }
      }
    }

    #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
    let store: any DefaultsStore = kind == .inMemory ? memory : UserDefaultsStore.suite(suite)
    for thread in 0..<Self.threads {
      #expect(DefaultsKey<Int>("own.\(thread)", default: -1, store: store).value == Self.iterations - 10)
    }
  }

  /// A thread that writes holds the library's write lock while observers hear the change; an
  /// observer that opens a store then must not wait on a thread that is opening another store.
  @Test("An observer that opens a store, while another thread opens stores, does not deadlock")
  func openingStoresFromObservers() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let store = UserDefaultsStore.suite(suite)
    let observation = store.observe("count") { _ in _ = UserDefaultsStore.suite(temporarySuiteName()) }
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      for index in 0..<300 { try? store.write(.integer(Int64(index)), forKey: "count") }
      done.signal()
    }
    Thread.detachNewThread {
      for _ in 0..<3_000 { _ = UserDefaultsStore.suite(temporarySuiteName()) }
      done.signal()
    }
    let finished = [done.wait(timeout: .now() + 60), done.wait(timeout: .now() + 60)].allSatisfy {
      $0 == .success
    }
    #expect(finished, "the two threads wait on each other")
    // NB: ending the observation takes the write lock, which deadlocked threads would hold.
    if finished { observation.cancel() }
  }
}
