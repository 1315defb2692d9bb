import Foundation

// Geometry is stored as dictionaries keyed by property names, so a person can edit
// `frame.size.width` with `defaults write` and other code can read it without this library.

extension CGPoint: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? {
    .dictionary(["x": .double(Double(x)), "y": .double(Double(y))])
  }
  public static func fromDefaults(_ value: PropertyListValue) -> CGPoint? {
    guard let x = value.member("x", as: CGFloat.self), let y = value.member("y", as: CGFloat.self)
    else { return nil }
    return CGPoint(x: x, y: y)
  }
}

extension CGSize: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? {
    .dictionary(["width": .double(Double(width)), "height": .double(Double(height))])
  }
  public static func fromDefaults(_ value: PropertyListValue) -> CGSize? {
    guard let width = value.member("width", as: CGFloat.self),
      let height = value.member("height", as: CGFloat.self)
    else { return nil }
    return CGSize(width: width, height: height)
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
  /// The member `name` of a dictionary value, decoded as `T`.
  func member<T: DefaultsSerializable>(_ name: String, as type: T.Type) -> T? {
    guard case .dictionary(let entries) = self, let entry = entries[name] else { return nil }
    return T.fromDefaults(entry)
  }
}
