import Foundation

/// DefaultsWrapper's conversion protocol: a type stored as another, property-list type.
///
/// Implement `instantiate(from:)` (DefaultsWrapper 3) or `instanciate(from:)` (DefaultsWrapper 1's
/// spelling); each has a default implementation that calls the other. A type that implements
/// neither stops the first time a value of it is read, with a message that names the type.
/// UserDefaultsKit's own protocol for this is `DefaultsConvertible`.
///
/// ```swift
/// extension SIMD2: UserDefaultsConvertible where Scalar == Int {
///   public func convertedObject() -> [String: Int] { ["x": x, "y": y] }
///   public static func instanciate(from object: [String: Int]) -> SIMD2<Int>? {
///     guard let x = object["x"], let y = object["y"] else { return nil }
///     return .init(x: x, y: y)
///   }
/// }
/// ```
public protocol UserDefaultsConvertible: SendableMetatype {
  /// The type that is actually stored: a `PropertyListSerializable` type, or any other type whose
  /// values are property-list objects, such as `[String: Any]` (DefaultsWrapper 3 accepts a
  /// dictionary of any values).
  associatedtype PropertyListSerializableType

  /// Converts `self` to a serializable type.
  func convertedObject() -> PropertyListSerializableType

  /// Converts the serialized object back, or returns nil.
  static func instantiate(from object: PropertyListSerializableType) -> Self?

  /// DefaultsWrapper 1's spelling of `instantiate(from:)`.
  static func instanciate(from object: PropertyListSerializableType) -> Self?
}

extension UserDefaultsConvertible {
  /// Calls the type's `instanciate(from:)`.
  public static func instantiate(from object: PropertyListSerializableType) -> Self? {
    ConversionSpelling.$defaultInstantiateRunning.withValue(
      ConversionSpelling.defaultInstantiateRunning.union([ObjectIdentifier(Self.self)])
    ) { instanciate(from: object) }
  }

  /// Calls the type's `instantiate(from:)`.
  public static func instanciate(from object: PropertyListSerializableType) -> Self? {
    // NB: this default runs only for a type without an `instanciate(from:)` of its own; when the
    // default `instantiate(from:)` of the same type called it, the type has neither.
    guard !ConversionSpelling.defaultInstantiateRunning.contains(ObjectIdentifier(Self.self)) else {
      preconditionFailure(
        "\(Self.self) conforms to UserDefaultsConvertible but implements neither instantiate(from:) nor instanciate(from:); implement one of them"
      )
    }
    return instantiate(from: object)
  }
}

/// The types whose default `instantiate(from:)` is running on this thread or task.
private enum ConversionSpelling {
  @TaskLocal static var defaultInstantiateRunning: Set<ObjectIdentifier> = []
}

extension DefaultsCoding where Value: UserDefaultsConvertible {
  /// The conversion of a `UserDefaultsConvertible` type: its converted object is stored, in its
  /// own stored form when it has one, else as the property-list object it is; a converted object
  /// that is not one is not written, and reported.
  static var userDefaultsConvertible: Self {
    Self(
      encode: { value in
        let object = value.convertedObject()
        if let serializable = object as? any DefaultsSerializable { return try serializable.toDefaults() }
        guard let stored = PropertyListValue(foundationObject: object) else {
          throw DefaultsError(.valueNotStorable, detail: "\(object) is not a property-list value")
        }
        return stored
      },
      decode: { stored in
        let object: Any?
        if let serializable = Value.PropertyListSerializableType.self as? any DefaultsSerializable.Type {
          object = serializable.fromDefaults(stored)
        } else {
          object = stored.foundationObject
        }
        return (object as? Value.PropertyListSerializableType).flatMap(Value.instantiate(from:))
      })
  }
}

/// An array of convertible values is stored as the array of their converted objects.
extension Array: UserDefaultsConvertible where Element: UserDefaultsConvertible {
  public func convertedObject() -> [Element.PropertyListSerializableType] {
    map { $0.convertedObject() }
  }

  /// The array, or nil when an element does not convert back: DefaultsWrapper dropped such
  /// elements, and the next write lost them.
  public static func instantiate(from object: [Element.PropertyListSerializableType]) -> [Element]? {
    var elements: [Element] = []
    elements.reserveCapacity(object.count)
    for converted in object {
      guard let element = Element.instantiate(from: converted) else { return nil }
      elements.append(element)
    }
    return elements
  }
}
