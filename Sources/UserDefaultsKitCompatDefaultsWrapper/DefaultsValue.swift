import Foundation

/// DefaultsWrapper 3's handle on one stored value, with an optional callback for its changes.
///
/// ```swift
/// let volume = DefaultsValue(key: "Volume", initialValue: 0.5) { volume in
///   print("volume is now \(volume)")
/// }
/// volume.value = 0.8
/// print(volume < 1)  // true
/// ```
///
/// The callback runs on the main actor after each change of the stored value (DefaultsWrapper ran
/// it on the main run loop), however the value changed, until the last copy of the handle goes. A
/// write of an equal value is not a change.
public struct DefaultsValue<Element> {
  /// What the handle calls with the new value after each change.
  public typealias ChangeCallback = @MainActor (Element) -> Void

  private let key: DefaultsKey<Element>
  private let observation: DefaultsObservation?

  /// The stored value, else the default.
  public var value: Element {
    get { key.value }
    nonmutating set { key.value = newValue }
  }

  private init(key: DefaultsKey<Element>, onChange callback: ChangeCallback?) where Element: Sendable {
    self.key = key
    self.observation = callback.map { callback in
      key.observe { value in
        DispatchQueue.main.async { MainActor.assumeIsolated { callback(value) } }
      }
    }
  }
}

extension DefaultsValue: Sendable where Element: Sendable {}

extension DefaultsValue: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  public static func == (lhs: Self, rhs: Element) -> Bool { lhs.value == rhs }
  public static func == (lhs: Element, rhs: Self) -> Bool { lhs == rhs.value }
}

extension DefaultsValue: Comparable where Element: Comparable {
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
  public static func < (lhs: Self, rhs: Element) -> Bool { lhs.value < rhs }
  public static func < (lhs: Element, rhs: Self) -> Bool { lhs < rhs.value }
}

extension DefaultsValue: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

// The initializers take the types `@Defaults` takes, and make the same key it makes.

extension DefaultsValue where Element: DefaultsSerializable & Sendable {
  /// A handle on the value stored under `key`, with `initialValue` as its default.
  ///
  /// - Parameters:
  ///   - key: The key in the suite.
  ///   - initialValue: The value read while nothing is stored.
  ///   - defaults: The suite.
  ///   - registerValue: Whether to register the default, which happens only while the key has
  ///     no value, stored or registered.
  ///   - callback: Called on the main actor with the new value after each change.
  public init(
    key: DefaultName, initialValue: Element, defaults: UserDefaults = .standard, registerValue: Bool = true,
    onChange callback: ChangeCallback? = nil
  ) {
    self.init(
      key: Default(key: key, defaultValue: initialValue, defaults: defaults, registerValue: registerValue)
        .key, onChange: callback)
  }
}

extension DefaultsValue
where Element: RawRepresentable & Sendable, Element.RawValue: PropertyListSerializable {
  /// A handle on an enum stored by its raw value.
  @_disfavoredOverload
  public init(
    key: DefaultName, initialValue: Element, defaults: UserDefaults = .standard, registerValue: Bool = true,
    onChange callback: ChangeCallback? = nil
  ) {
    self.init(
      key: Default(key: key, defaultValue: initialValue, defaults: defaults, registerValue: registerValue)
        .key,
      onChange: callback)
  }
}

extension DefaultsValue where Element: UserDefaultsConvertible & Sendable {
  /// A handle on a `UserDefaultsConvertible` value, stored in its converted form.
  public init(
    key: DefaultName, initialValue: Element, defaults: UserDefaults = .standard, registerValue: Bool = true,
    onChange callback: ChangeCallback? = nil
  ) {
    self.init(
      key: Default(key: key, defaultValue: initialValue, defaults: defaults, registerValue: registerValue)
        .key,
      onChange: callback)
  }
}

extension DefaultsValue where Element: UserDefaultsCodable & Sendable {
  /// A handle on a `UserDefaultsCodable` value, stored as JSON data.
  public init(
    key: DefaultName, initialValue: Element, defaults: UserDefaults = .standard, registerValue: Bool = true,
    onChange callback: ChangeCallback? = nil
  ) {
    self.init(
      key: Default(key: key, defaultValue: initialValue, defaults: defaults, registerValue: registerValue)
        .key,
      onChange: callback)
  }
}

extension DefaultsValue {
  /// A handle on an optional value: assigning `nil` removes the stored value.
  public init<Wrapped: DefaultsSerializable & Sendable>(
    key: DefaultName, initialValue: Element, defaults: UserDefaults = .standard, registerValue: Bool = true,
    onChange callback: ChangeCallback? = nil
  ) where Element == Wrapped? {
    self.init(
      key: Default(key: key, defaultValue: initialValue, defaults: defaults, registerValue: registerValue)
        .key,
      onChange: callback)
  }

  /// A handle on an optional enum stored by its raw value.
  @_disfavoredOverload
  public init<Wrapped: RawRepresentable & Sendable>(
    key: DefaultName, initialValue: Element, defaults: UserDefaults = .standard, registerValue: Bool = true,
    onChange callback: ChangeCallback? = nil
  ) where Element == Wrapped?, Wrapped.RawValue: PropertyListSerializable {
    self.init(
      key: Default(key: key, defaultValue: initialValue, defaults: defaults, registerValue: registerValue)
        .key,
      onChange: callback)
  }

  /// A handle on an optional `UserDefaultsConvertible` value.
  public init<Wrapped: UserDefaultsConvertible & Sendable>(
    key: DefaultName, initialValue: Element, defaults: UserDefaults = .standard, registerValue: Bool = true,
    onChange callback: ChangeCallback? = nil
  ) where Element == Wrapped? {
    self.init(
      key: Default(key: key, defaultValue: initialValue, defaults: defaults, registerValue: registerValue)
        .key,
      onChange: callback)
  }

  /// A handle on an optional `UserDefaultsCodable` value.
  public init<Wrapped: UserDefaultsCodable & Sendable>(
    key: DefaultName, initialValue: Element, defaults: UserDefaults = .standard, registerValue: Bool = true,
    onChange callback: ChangeCallback? = nil
  ) where Element == Wrapped? {
    self.init(
      key: Default(key: key, defaultValue: initialValue, defaults: defaults, registerValue: registerValue)
        .key,
      onChange: callback)
  }
}
