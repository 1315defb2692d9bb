extension Optional: DefaultsSerializable where Wrapped: DefaultsSerializable {
  /// `nil` has no stored form: writing it removes the key.
  public func toDefaults() throws -> PropertyListValue? {
    try self?.toDefaults()
  }

  public static func fromDefaults(_ value: PropertyListValue) -> Wrapped?? {
    guard let wrapped = Wrapped.decodeStored(value) else { return nil }
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
      guard let element = Element.decodeStored(value) else { return nil }
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

extension Dictionary: DefaultsSerializable where Key: LosslessStringConvertible, Value: DefaultsSerializable {
  /// Stored as a property-list dictionary, whose keys are strings: a key that is not a `String`
  /// (`[Int: String]`) is stored as its description, as sindresorhus/Defaults stores it. A stored
  /// key that does not convert back makes the whole value read as the default.
  public func toDefaults() throws -> PropertyListValue? {
    var entries: [String: PropertyListValue] = [:]
    entries.reserveCapacity(count)
    for (key, value) in self {
      entries[String(describing: key)] = try value.toDefaults().orThrowNilInCollection()
    }
    return .dictionary(entries)
  }

  public static func fromDefaults(_ value: PropertyListValue) -> [Key: Value]? {
    guard case .dictionary(let entries) = value else { return nil }
    var result: [Key: Value] = [:]
    result.reserveCapacity(entries.count)
    for (name, entry) in entries {
      guard let key = Key(name), let decoded = Value.decodeStored(entry) else { return nil }
      result[key] = decoded
    }
    return result
  }
}

extension PropertyListValue? {
  func orThrowNilInCollection() throws -> PropertyListValue {
    guard let self else {
      throw DefaultsError.valueNotStorable("a collection holds nil, which a property list cannot")
    }
    return self
  }
}
