import Foundation

extension String: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .string(self) }
  public static func fromDefaults(_ value: PropertyListValue) -> String? {
    guard case .string(let text) = value else { return nil }
    return text
  }
}

extension Data: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .data(self) }
  public static func fromDefaults(_ value: PropertyListValue) -> Data? {
    guard case .data(let data) = value else { return nil }
    return data
  }
}

extension Date: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .date(self) }

  /// Reads a property-list date, or a number of seconds since 2001-01-01, which is how earlier
  /// releases kept dates on Linux.
  public static func fromDefaults(_ value: PropertyListValue) -> Date? {
    switch value {
    case .date(let date): return date
    case .double, .integer, .unsignedInteger:
      return value.doubleValue.map(Date.init(timeIntervalSinceReferenceDate:))
    default: return nil
    }
  }
}

extension URL: DefaultsSerializable {
  /// Stored as `absoluteString`: Foundation on Linux keeps only a URL's path.
  public func toDefaults() throws -> PropertyListValue? { .string(absoluteString) }

  /// Reads an absolute or relative URL string. A string in quotes is the JSON that
  /// sindresorhus/Defaults stores for a URL (`"https:\/\/x.y"`), which the JSON reading of every
  /// `Codable` type decodes: `URL(string:)` would take it for a relative URL with encoded quotes.
  public static func fromDefaults(_ value: PropertyListValue) -> URL? {
    guard case .string(let text) = value, !text.hasPrefix("\"") else { return nil }
    return URL(string: text)
  }
}

extension UUID: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .string(uuidString) }
  public static func fromDefaults(_ value: PropertyListValue) -> UUID? {
    guard case .string(let text) = value else { return nil }
    return UUID(uuidString: text)
  }
}

extension Decimal: DefaultsSerializable {
  /// Stored as its exact decimal string: Foundation truncates a stored `Decimal` to an integer.
  public func toDefaults() throws -> PropertyListValue? { .string(description) }
  public static func fromDefaults(_ value: PropertyListValue) -> Decimal? {
    switch value {
    case .string(let text): return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    case .integer(let number): return Decimal(number)
    case .unsignedInteger(let number): return Decimal(number)
    case .double(let number): return Decimal(number)
    default: return nil
    }
  }
}

extension NSString: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .string(self as String) }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    String.fromDefaults(value).flatMap { NSString(string: $0) as? Self }
  }
}

extension NSData: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .data(Data(referencing: self)) }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    Data.fromDefaults(value).flatMap { NSData(data: $0) as? Self }
  }
}

extension NSDate: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .date(self as Date) }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    Date.fromDefaults(value).flatMap {
      NSDate(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate) as? Self
    }
  }
}

extension NSURL: DefaultsSerializable {
  /// Stored as `absoluteString`, as a `URL` is.
  public func toDefaults() throws -> PropertyListValue? { try (self as URL).toDefaults() }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    URL.fromDefaults(value).flatMap { NSURL(string: $0.absoluteString) as? Self }
  }
}

extension NSNumber: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? {
    guard let value = PropertyListValue(foundationObject: self) else {
      throw DefaultsError.valueNotStorable("NSNumber \(self) has no property-list form")
    }
    return value
  }

  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    let number: NSNumber
    switch value {
    case .bool(let flag): number = NSNumber(value: flag)
    case .integer(let integer): number = NSNumber(value: integer)
    case .unsignedInteger(let integer): number = NSNumber(value: integer)
    case .double(let double): number = NSNumber(value: double)
    default: return nil
    }
    return number as? Self
  }
}
