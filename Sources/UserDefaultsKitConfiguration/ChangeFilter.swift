import Synchronization

/// Passes on the latest value whenever it differs from the one passed on before: the store
/// announces a change of the suite to every observer of every key, and a watch yields once per
/// change of its own. The value is read outside the lock (a read may announce a change it notices,
/// whose handlers call this again), and a read that started before another one already passed on
/// is dropped, so values are passed on in the order they were stored.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
final class ChangeFilter<Value: Equatable & Sendable>: Sendable {
  private struct State {
    var last: Value?
    var reads = 0
    var lastPassedOn = 0
  }

  private let state = Mutex(State())
  private let read: @Sendable () -> Value
  private let deliver: @Sendable (Value) -> Void

  init(reading read: @escaping @Sendable () -> Value, deliver: @escaping @Sendable (Value) -> Void) {
    self.read = read
    self.deliver = deliver
  }

  /// Reads the value, and passes it on if it changed.
  func update() {
    let ticket = state.withLock { state in
      state.reads += 1
      return state.reads
    }
    let value = read()
    state.withLock { state in
      guard ticket > state.lastPassedOn, state.last != value else { return }
      (state.last, state.lastPassedOn) = (value, ticket)
      // NB: under the lock, so that values reach the stream in the order they were read.
      deliver(value)
    }
  }
}
