#if canImport(CoreGraphics) || APPLE_API_TYPECHECK
  import Foundation  // CGFloat
  // Not type-checked on Linux: the import of a module Linux lacks (the stand-ins declare its types).
  #if canImport(CoreGraphics)
    import CoreGraphics
  #endif

  // CGVector and CGAffineTransform exist only where CoreGraphics does (not on Linux); the
  // APPLE_API_TYPECHECK build checks this file on Linux (see Tests/AppleAPITypeCheck).

  extension CGVector: DefaultsSerializable {
    public func toDefaults() throws -> PropertyListValue? { .numbers(["dx": dx, "dy": dy]) }
    public static func fromDefaults(_ value: PropertyListValue) -> CGVector? {
      value.numbers("dx", "dy").map { CGVector(dx: $0[0], dy: $0[1]) }
    }
  }

  extension CGAffineTransform: DefaultsSerializable {
    public func toDefaults() throws -> PropertyListValue? {
      .numbers(["a": a, "b": b, "c": c, "d": d, "tx": tx, "ty": ty])
    }

    /// Reads the dictionary form, and the `[a, b, c, d, tx, ty]` array that DefaultsWrapper stores.
    public static func fromDefaults(_ value: PropertyListValue) -> CGAffineTransform? {
      let arrayForm = [CGFloat].fromDefaults(value).flatMap { $0.count == 6 ? $0 : nil }
      guard let numbers = arrayForm ?? value.numbers("a", "b", "c", "d", "tx", "ty") else { return nil }
      return CGAffineTransform(
        a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
    }
  }
#endif
