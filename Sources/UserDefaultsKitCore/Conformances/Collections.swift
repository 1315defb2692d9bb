extension Optional: DefaultsSerializable where Wrapped: DefaultsSerializable {
  /// `nil` has no stored form: writing it removes the key.
  public func toDefaults() throws -> PropertyListValue? {
    try self?.toDefaults()
  }

  public static func fromDefaults(_ value: PropertyListValue) -> Wrapped?? {
    guard let wrapped = Wrapped.fromDefaults(value) else { return nil }
    return .some(wrapped)
  }
}

extension Array: DefaultsSerializable where Element: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? {
    .array(try map { try $0.toDefaults().orThrowNilInCollection() })
  }

  public static func fromDefaults(_ value: PropertyListValue) -> [Element]? {
    guard case .array(let values) = value else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(values.count)
    for value in values {
      guard let element = Element.fromDefaults(value) else { return nil }
      elements.append(element)
    }
    return elements
  }
}

extension Set: DefaultsSerializable where Element: DefaultsSerializable {
  /// Stored as an array; the order is unspecified.
  public func toDefaults() throws -> PropertyListValue? {
    try Array(self).toDefaults()
  }

  public static func fromDefaults(_ value: PropertyListValue) -> Set<Element>? {
    guard let elements = [Element].fromDefaults(value) else { return nil }
    return Set(elements)
  }
}

extension Dictionary: DefaultsSerializable where Key == String, Value: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? {
    .dictionary(try mapValues { try $0.toDefaults().orThrowNilInCollection() })
  }

  public static func fromDefaults(_ value: PropertyListValue) -> [String: Value]? {
    guard case .dictionary(let entries) = value else { return nil }
    var result: [String: Value] = [:]
    result.reserveCapacity(entries.count)
    for (key, entry) in entries {
      guard let decoded = Value.fromDefaults(entry) else { return nil }
      result[key] = decoded
    }
    return result
  }
}

extension PropertyListValue? {
  fileprivate func orThrowNilInCollection() throws -> PropertyListValue {
    guard let self else {
      throw DefaultsError.valueNotStorable("a collection holds nil, which a property list cannot")
    }
    return self
  }
}
