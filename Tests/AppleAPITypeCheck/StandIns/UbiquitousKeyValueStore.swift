// Apple API declarations for the APPLE_API_TYPECHECK build (see typecheck.sh): the iCloud key-value
// store. Signatures from Apple's documentation (Foundation > NSUbiquitousKeyValueStore), as Swift
// imports them. Bodies are never run.
import Foundation

/// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore
/// Available from iOS 5, macOS 10.7, tvOS 9, watchOS 9, visionOS 1.
open class NSUbiquitousKeyValueStore: NSObject {
  /// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/1415713-default
  open class var `default`: NSUbiquitousKeyValueStore { NSUbiquitousKeyValueStore() }

  /// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/1414340-object
  open func object(forKey aKey: String) -> Any? { nil }

  /// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/1412530-set
  open func set(_ anObject: Any?, forKey aKey: String) {}

  /// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/1412157-removeobject
  open func removeObject(forKey aKey: String) {}

  /// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/dictionaryrepresentation
  open var dictionaryRepresentation: [String: Any] { [:] }

  /// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/1415989-synchronize
  open func synchronize() -> Bool { false }

  /// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/didchangeexternallynotification
  public class var didChangeExternallyNotification: NSNotification.Name {
    NSNotification.Name("NSUbiquitousKeyValueStoreDidChangeExternallyNotification")
  }
}

// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestorechangereasonkey
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSUbiquitousKeyValueStoreChangeReasonKey = "NSUbiquitousKeyValueStoreChangeReasonKey"
// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestorechangedkeyskey
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSUbiquitousKeyValueStoreChangedKeysKey = "NSUbiquitousKeyValueStoreChangedKeysKey"
// https://developer.apple.com/documentation/foundation/1433687-change_reason_values
// swift-format-ignore: AlwaysUseLowerCamelCase
public var NSUbiquitousKeyValueStoreServerChange: Int { 0 }
// swift-format-ignore: AlwaysUseLowerCamelCase
public var NSUbiquitousKeyValueStoreInitialSyncChange: Int { 1 }
// swift-format-ignore: AlwaysUseLowerCamelCase
public var NSUbiquitousKeyValueStoreQuotaViolationChange: Int { 2 }
// swift-format-ignore: AlwaysUseLowerCamelCase
public var NSUbiquitousKeyValueStoreAccountChange: Int { 3 }
