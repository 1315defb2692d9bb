import Foundation
import UserDefaultsKitCore

/// One value written under its own key and read back: the unit of the round-trip matrix, shared
/// by the in-process tests and the helper executable that writes and reads in fresh processes.
public struct RoundTripCase: Sendable {
  /// The case's name, which is also its key.
  public let name: String
  private let writeValue: @Sendable (any DefaultsStore, String) -> Void
  private let mismatch: @Sendable (any DefaultsStore, String) -> String?
  private let notificationProblems: @Sendable (any DefaultsStore, String) -> [String]

  /// A case for `value`, compared with `equal` after the round trip.
  public init<Value: DefaultsSerializable & Sendable>(
    _ name: String, _ value: Value,
    equal: @escaping @Sendable (Value, Value) -> Bool
  ) {
    self.name = name
    self.writeValue = { store, key in
      DefaultsKey(DefaultName(key), default: value, store: store, register: false).value = value
    }
    self.mismatch = { store, key in
      let key = DefaultsKey<Value?>(DefaultName(key), default: nil, store: store)
      guard let readBack = key.value else { return "nothing read back" }
      return equal(readBack, value) ? nil : "read back \(readBack), expected \(value)"
    }
    self.notificationProblems = { store, key in
      let name = DefaultName(key)
      let observed = DefaultsKey<Value?>(name, default: nil, store: store, register: false)
      let atDefault = DefaultsKey(name, default: value, store: store, register: false)
      let writer = DefaultsKey(name, default: value, store: store, register: false)
      let changes = LockedCounter()
      let observation = observed.observe { _ in changes.increment() }
      defer { observation.cancel() }
      var problems: [String] = []
      func expect(_ condition: Bool, _ problem: String) { if !condition { problems.append(problem) } }
      // NB: a change is announced before its write returns, or right after it by another thread
      // that runs the store's announcements then (`DefaultsStore.write`): a store's listener.
      func count(reaching expected: Int) -> Int {
        let deadline = Date().addingTimeInterval(1)
        while changes.count < expected, Date() < deadline { usleep(1_000) }
        return changes.count
      }
      writer.value = value
      expect(count(reaching: 1) == 1, "the first write notified \(changes.count) times")
      expect(atDefault.isDefault, "not at its default right after storing the default")
      writer.value = value
      expect(count(reaching: 1) == 1, "an equal write notified")
      do { try writer.reset() } catch { problems.append("the reset failed: \(error)") }
      // NB: an equal write that notified shows here, as a third call.
      expect(count(reaching: 2) == 2, "the reset notified \(changes.count - 1) times")
      return problems
    }
  }

  /// A case compared with `==`.
  public init<Value: DefaultsSerializable & Sendable & Equatable>(_ name: String, _ value: Value) {
    self.init(name, value, equal: ==)
  }

  /// Writes the value to `store` under `prefix + name`.
  public func write(to store: any DefaultsStore, prefix: String = "") {
    writeValue(store, prefix + name)
  }

  /// What went wrong when the value is written twice and removed under `prefix + name`, watched by
  /// an observer: each change notifies once, an equal write not at all, and a key whose default is
  /// the value is at its default right after the write.
  public func notificationProblems(in store: any DefaultsStore, prefix: String = "") -> [String] {
    notificationProblems(store, prefix + name)
  }

  /// Nil when `store` holds the value under `prefix + name`; otherwise what went wrong.
  public func mismatch(in store: any DefaultsStore, prefix: String = "") -> String? {
    mismatch(store, prefix + name)
  }
}

/// Floating-point values are equal when their bits are, so NaN matches NaN and -0.0 does not
/// match 0.0.
public func sameBits<T: BinaryFloatingPoint>(_ lhs: T, _ rhs: T) -> Bool {
  lhs.isNaN ? rhs.isNaN : (lhs == rhs && lhs.sign == rhs.sign)
}
