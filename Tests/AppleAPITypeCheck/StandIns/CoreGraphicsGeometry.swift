// Apple API declarations for the APPLE_API_TYPECHECK build (see typecheck.sh): the two CoreGraphics
// types that swift-corelibs-foundation lacks (it has CGFloat, CGPoint, CGSize and CGRect).
// Signatures from Apple's documentation (Core Graphics > CGVector, CGAffineTransform).
import Foundation

/// https://developer.apple.com/documentation/corefoundation/cgvector
public struct CGVector: Sendable, Equatable {
  /// https://developer.apple.com/documentation/corefoundation/cgvector/zero
  public static let zero = CGVector(dx: 0, dy: 0)
  public var dx: CGFloat
  public var dy: CGFloat
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }
}

/// https://developer.apple.com/documentation/corefoundation/cgaffinetransform
public struct CGAffineTransform: Sendable, Equatable {
  /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/identity
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  public var a: CGFloat
  public var b: CGFloat
  public var c: CGFloat
  public var d: CGFloat
  public var tx: CGFloat
  public var ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/init(scalex:y:)
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }
}
