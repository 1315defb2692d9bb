import Foundation

// Geometry is stored as dictionaries keyed by property names, so a person can edit
// `frame.size.width` with `defaults write` and other code can read it without this library.

extension CGPoint: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .numbers(["x": x, "y": y]) }
  public static func fromDefaults(_ value: PropertyListValue) -> CGPoint? {
    value.numbers("x", "y").map { CGPoint(x: $0[0], y: $0[1]) }
  }
}

extension CGSize: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .numbers(["width": width, "height": height]) }
  public static func fromDefaults(_ value: PropertyListValue) -> CGSize? {
    value.numbers("width", "height").map { CGSize(width: $0[0], height: $0[1]) }
  }
}

extension CGRect: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? {
    guard let origin = try origin.toDefaults(), let size = try size.toDefaults() else { return nil }
    return .dictionary(["origin": origin, "size": size])
  }
  public static func fromDefaults(_ value: PropertyListValue) -> CGRect? {
    guard let origin = value.member("origin", as: CGPoint.self),
      let size = value.member("size", as: CGSize.self)
    else { return nil }
    return CGRect(origin: origin, size: size)
  }
}

extension PropertyListValue {
  /// A dictionary of named numbers, the stored form of geometry.
  static func numbers(_ members: [String: CGFloat]) -> PropertyListValue {
    .dictionary(members.mapValues { .double(Double($0)) })
  }

  /// The numbers named `names` in a dictionary value, in that order; nil unless all are there.
  func numbers(_ names: String...) -> [CGFloat]? {
    let numbers = names.compactMap { member($0, as: CGFloat.self) }
    return numbers.count == names.count ? numbers : nil
  }

  /// The member `name` of a dictionary value, decoded as `T`.
  func member<T: DefaultsSerializable>(_ name: String, as type: T.Type) -> T? {
    guard case .dictionary(let entries) = self, let entry = entries[name] else { return nil }
    return T.fromDefaults(entry)
  }
}
