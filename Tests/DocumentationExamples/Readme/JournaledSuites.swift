// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// The article "Journaled suites".

func journaledSuites() {
  let telemetry = UserDefaultsStore.journaledSuite("com.example.telemetry")
  let events = DefaultsKey<Int>("events", default: 0, store: telemetry)
  events.value += 1                                         // one record appended to the journal
  let fast = UserDefaultsStore.journaledSuite("com.example.cache", flushesEachWrite: false)
  _ = fast
}
