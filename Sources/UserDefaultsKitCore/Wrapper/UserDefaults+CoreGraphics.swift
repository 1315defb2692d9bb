#if canImport(CoreGraphics)
  import CoreGraphics
  import Foundation

  extension UserDefaults {
    /// A `CGVector`, or `.zero` when none is stored.
    public func cgVector(forKey defaultName: String) -> CGVector {
      storedValue(forKey: defaultName) ?? .zero
    }

    /// A `CGAffineTransform`, or `.identity` when none is stored.
    public func cgAffineTransform(forKey defaultName: String) -> CGAffineTransform {
      storedValue(forKey: defaultName) ?? .identity
    }
  }
#endif
