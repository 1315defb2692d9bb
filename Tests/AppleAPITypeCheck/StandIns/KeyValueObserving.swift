// Apple API declarations for the APPLE_API_TYPECHECK build (see typecheck.sh): key-value observing
// as the Darwin adapter uses it. Signatures from Apple's documentation (Foundation > Object Runtime >
// Key-Value Observing), as Swift imports them from the macOS 15 / iOS 18 SDKs.
// Only the declarations the library calls are here; bodies are never run.
import Foundation

/// Stands in for Foundation's `NSObject`, whose key-value observing methods swift-corelibs-foundation
/// lacks; declared in this module, it shadows the imported class for the files checked with it.
/// https://developer.apple.com/documentation/objectivec/nsobject
open class NSObject {
  public init() {}

  /// https://developer.apple.com/documentation/objectivec/nsobject/1416553-observevalue
  open func observeValue(
    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
    context: UnsafeMutableRawPointer?
  ) {}
}

/// https://developer.apple.com/documentation/foundation/nskeyvalueobservingoptions
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
  public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
  public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
  public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// https://developer.apple.com/documentation/foundation/nskeyvaluechangekey
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
}

extension UserDefaults {
  // NB: declared on NSObject by Apple; here on UserDefaults, the only class the library observes,
  // because Foundation's UserDefaults does not inherit from the NSObject above.

  /// https://developer.apple.com/documentation/objectivec/nsobject/1412787-addobserver
  public func addObserver(
    _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
    context: UnsafeMutableRawPointer?
  ) {}

  /// https://developer.apple.com/documentation/objectivec/nsobject/1408054-removeobserver
  public func removeObserver(
    _ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?
  ) {}
}
