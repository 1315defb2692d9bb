import Foundation

/// The limits of `NSUbiquitousKeyValueStore`, which every cloud-synced key keeps to on every
/// platform, so that what works with ``InMemoryCloudStore`` works with iCloud.
///
/// ```swift
/// let fits = "favoriteColor".utf8.count <= CloudLimits.maximumKeyBytes  // true
/// ```
///
/// A ``CloudDefaultsKey`` checks them before each call into its cloud store, and
/// ``InMemoryCloudStore`` refuses what breaks them: a key longer than
/// ``maximumKeyBytes`` (reported when the key object is made, which then keeps its value locally
/// only), a value larger than ``maximumValueBytes``, and a new key past ``maximumKeyCount``
/// (thrown by ``CloudDefaultsKey/set(_:)``, which then writes nothing). The store's total of
/// 1 MB is left to the store, which rejects what exceeds it and announces a quota violation.
public enum CloudLimits {
  /// The longest key, in bytes of UTF-8: for a longer one, `NSUbiquitousKeyValueStore` raises an
  /// Objective-C exception, which Swift cannot catch, and the app crashes.
  public static let maximumKeyBytes = 64

  /// The most keys a store holds: "a maximum of 1024 keys", per Apple.
  public static let maximumKeyCount = 1_024

  /// The largest value, in bytes of its binary property list: Apple allows "1 MB" per value
  /// without saying how it counts a megabyte or a value's size. The library takes the smaller
  /// megabyte and measures a value as a binary property list, the compact form of a property list
  /// (a few dozen bytes of framing more than its contents), so that it errs on the side of refusing.
  public static let maximumValueBytes = 1_000_000

  /// Why `key` cannot be a cloud key; nil when it can.
  static func violation(ofKey key: String) -> DefaultsError? {
    let bytes = key.utf8.count
    return bytes > maximumKeyBytes ? DefaultsError(.cloudKeyTooLong, key: key, detail: "\(bytes) bytes") : nil
  }

  /// Why a store must not take `value` for `key`; nil when it can. A removal (nil) breaks no limit
  /// but the key's length. `holdsKey` and `keyCount` are asked only when needed (nil: the store
  /// cannot tell how many keys it holds).
  static func violation(
    writing value: PropertyListValue?, forKey key: String, holdsKey: () -> Bool, keyCount: () -> Int?
  ) -> DefaultsError? {
    if let keyViolation = violation(ofKey: key) { return keyViolation }
    guard let value else { return nil }
    let bytes = size(of: value)
    if bytes > maximumValueBytes {
      return DefaultsError(.cloudValueTooLarge, key: key, detail: "\(bytes) bytes")
    }
    guard !holdsKey(), let count = keyCount(), count >= maximumKeyCount else { return nil }
    return DefaultsError(.cloudKeyLimitReached, key: key, detail: "it holds \(count) keys")
  }

  /// Why `store` must not take `value` for `key`; nil when it can.
  static func violation(
    writing value: PropertyListValue?, forKey key: String, to store: any CloudKeyValueStore
  ) -> DefaultsError? {
    violation(
      writing: value, forKey: key, holdsKey: { store.value(forKey: key) != nil }, keyCount: { store.keyCount }
    )
  }

  /// The bytes of `value` as a binary property list.
  static func size(of value: PropertyListValue) -> Int {
    // NB: every PropertyListValue is a property list; were one not, the store could not take it
    // either, so it counts as too large.
    let data = try? PropertyListSerialization.data(
      fromPropertyList: value.foundationObject, format: .binary, options: 0)
    return data?.count ?? .max
  }
}
