#if canImport(CoreGraphics)
  import CoreGraphics

  // CGVector and CGAffineTransform exist only where CoreGraphics does (not on Linux).

  extension CGVector: DefaultsSerializable {
    public func toDefaults() throws -> PropertyListValue? {
      .dictionary(["dx": .double(Double(dx)), "dy": .double(Double(dy))])
    }
    public static func fromDefaults(_ value: PropertyListValue) -> CGVector? {
      guard let dx = value.member("dx", as: CGFloat.self), let dy = value.member("dy", as: CGFloat.self)
      else { return nil }
      return CGVector(dx: dx, dy: dy)
    }
  }

  extension CGAffineTransform: DefaultsSerializable {
    public func toDefaults() throws -> PropertyListValue? {
      .dictionary([
        "a": .double(Double(a)), "b": .double(Double(b)), "c": .double(Double(c)),
        "d": .double(Double(d)), "tx": .double(Double(tx)), "ty": .double(Double(ty)),
      ])
    }

    /// Reads the dictionary form, and the `[a, b, c, d, tx, ty]` array that DefaultsWrapper stores.
    public static func fromDefaults(_ value: PropertyListValue) -> CGAffineTransform? {
      if let numbers = [CGFloat].fromDefaults(value) {
        guard numbers.count == 6 else { return nil }
        return CGAffineTransform(
          a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
      }
      let names = ["a", "b", "c", "d", "tx", "ty"]
      let members = names.compactMap { value.member($0, as: CGFloat.self) }
      guard members.count == names.count else { return nil }
      return CGAffineTransform(
        a: members[0], b: members[1], c: members[2], d: members[3], tx: members[4], ty: members[5])
    }
  }
#endif
