// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Testing
import UserDefaultsKit

// README, "Testing with the in-memory store": the example is a test, and runs as one.

@Test func countsInTheInMemoryStore() {
  let store = InMemoryDefaultsStore()
  let count = DefaultsKey<Int>("count", default: 0, store: store)
  count.value += 1
  #expect(store.storedValues == ["count": .integer(1)])
}
