extension Range: DefaultsSerializable where Bound: DefaultsSerializable {
  /// Stored as `[lowerBound, upperBound]`, as sindresorhus/Defaults stores it. A stored pair whose
  /// lower bound is above its upper bound reads as the default.
  public func toDefaults() throws -> PropertyListValue? {
    try BoundsCoding.encode(lowerBound, upperBound)
  }

  public static func fromDefaults(_ value: PropertyListValue) -> Range<Bound>? {
    BoundsCoding.decode(value).map { Range(uncheckedBounds: $0) }
  }
}

extension ClosedRange: DefaultsSerializable where Bound: DefaultsSerializable {
  /// Stored as `[lowerBound, upperBound]`, as a `Range` is.
  public func toDefaults() throws -> PropertyListValue? {
    try BoundsCoding.encode(lowerBound, upperBound)
  }

  public static func fromDefaults(_ value: PropertyListValue) -> ClosedRange<Bound>? {
    BoundsCoding.decode(value).map { ClosedRange(uncheckedBounds: $0) }
  }
}

/// The stored form of a range's bounds, shared by `Range` and `ClosedRange`.
private enum BoundsCoding {
  static func encode<Bound: DefaultsSerializable>(_ lower: Bound, _ upper: Bound) throws -> PropertyListValue
  {
    .array([try lower.toDefaults().orThrowNilInCollection(), try upper.toDefaults().orThrowNilInCollection()])
  }

  /// The bounds, checked: `init(uncheckedBounds:)` must never see a lower bound above the upper.
  static func decode<Bound: DefaultsSerializable & Comparable>(
    _ value: PropertyListValue
  ) -> (lower: Bound, upper: Bound)? {
    guard case .array(let bounds) = value, bounds.count == 2,
      let lower = Bound.decodeStored(bounds[0]), let upper = Bound.decodeStored(bounds[1]),
      lower <= upper
    else { return nil }
    return (lower, upper)
  }
}
