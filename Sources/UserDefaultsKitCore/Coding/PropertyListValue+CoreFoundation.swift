import CoreFoundation
import Foundation

// Property-list values as Core Foundation holds them: what CFPreferences hands out and parses from
// a suite's file. They are told apart by their Core Foundation type, never by Swift's bridging
// casts, which are slow and, on Apple platforms, turn `1` into `true` and `true` into `1`.

extension PropertyListValue {
  /// Reads a Core Foundation property-list object; nil for anything else.
  init?(coreFoundationObject object: AnyObject) {
    let type = CFGetTypeID(object)
    if type == CFNumberGetTypeID() {
      self = Self.number(unsafeDowncast(object, to: NSNumber.self))
    } else if type == CFStringGetTypeID() {
      self = .string(unsafeDowncast(object, to: NSString.self) as String)
    } else if type == CFBooleanGetTypeID() {
      self = .bool(CFBooleanGetValue(reinterpret(object, as: CFBoolean.self)))
    } else if type == CFDataGetTypeID() {
      let data = reinterpret(object, as: CFData.self)
      let length = CFDataGetLength(data)
      self = .data(length == 0 ? Data() : Data(bytes: CFDataGetBytePtr(data), count: length))
    } else if type == CFDateGetTypeID() {
      self = .date(
        Date(timeIntervalSinceReferenceDate: CFDateGetAbsoluteTime(reinterpret(object, as: CFDate.self))))
    } else if type == CFArrayGetTypeID() {
      guard let array = Self.array(reinterpret(object, as: CFArray.self)) else { return nil }
      self = array
    } else if type == CFDictionaryGetTypeID() {
      guard let dictionary = Self.dictionary(reinterpret(object, as: CFDictionary.self)) else { return nil }
      self = dictionary
    } else {
      return nil
    }
  }

  /// The value as a Core Foundation property-list object, for writing a property-list file.
  var coreFoundationObject: AnyObject {
    switch self {
    case .bool(let value): return value ? kCFBooleanTrue : kCFBooleanFalse
    // NB: numbers made by CoreFoundation, which hashes and compares them without calling back into
    // Swift as it does for an `NSNumber` made in Swift; a UInt64 needs the `NSNumber` to keep its type.
    case .integer(var value): return CFNumberCreate(nil, .sInt64Type, &value)
    case .unsignedInteger(let value): return NSNumber(value: value)
    case .double(var value): return CFNumberCreate(nil, .float64Type, &value)
    case .string(let value): return Self.coreFoundationString(value)
    case .data(let value):
      return value.withUnsafeBytes { bytes in
        CFDataCreate(nil, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
      }
    case .date(let value): return CFDateCreate(nil, value.timeIntervalSinceReferenceDate)
    case .array(let values):
      let objects = values.map { Unmanaged.passRetained($0.coreFoundationObject) }
      defer { for object in objects { object.release() } }
      var pointers = objects.map { UnsafeRawPointer($0.toOpaque()) as UnsafeRawPointer? }
      return CFArrayCreate(nil, &pointers, pointers.count, [kCFTypeArrayCallBacks])
    case .dictionary(let values):
      return Self.coreFoundationDictionary(values)
    }
  }

  /// A native Core Foundation string: CFPreferences hashes and compares it without calling back
  /// into Swift, and its explicit length keeps text that contains NUL whole.
  static func coreFoundationString(_ text: String) -> CFString {
    var text = text
    return text.withUTF8 { bytes in
      CFStringCreateWithBytes(
        nil, bytes.baseAddress, bytes.count, CFStringBuiltInEncodings.UTF8.rawValue, false)
    }
  }

  static func coreFoundationDictionary(_ values: [String: PropertyListValue]) -> CFDictionary {
    coreFoundationDictionary(
      keys: values.keys.map(coreFoundationString), objects: values.values.map(\.coreFoundationObject))
  }

  /// A CoreFoundation dictionary of `keys[i]: objects[i]`.
  static func coreFoundationDictionary(keys: [CFString], objects: [AnyObject]) -> CFDictionary {
    let keys = keys.map { Unmanaged.passRetained($0 as AnyObject) }
    let objects = objects.map { Unmanaged.passRetained($0) }
    defer {
      for key in keys { key.release() }
      for object in objects { object.release() }
    }
    var keyPointers = keys.map { UnsafeRawPointer($0.toOpaque()) as UnsafeRawPointer? }
    var valuePointers = objects.map { UnsafeRawPointer($0.toOpaque()) as UnsafeRawPointer? }
    var keyCallBacks = kCFTypeDictionaryKeyCallBacks
    var valueCallBacks = kCFTypeDictionaryValueCallBacks
    return CFDictionaryCreate(nil, &keyPointers, &valuePointers, keys.count, &keyCallBacks, &valueCallBacks)
  }

  private static func number(_ number: NSNumber) -> PropertyListValue {
    let cfNumber = reinterpret(number, as: CFNumber.self)
    if CFNumberIsFloatType(cfNumber) {
      var value = 0.0
      CFNumberGetValue(cfNumber, .float64Type, &value)
      return .double(value)
    }
    // NB: a number stored from a UInt64 above Int64.max reports the type SInt64 and the value -1;
    // only its Objective-C type code ("Q") tells it apart.
    if number.objCType.pointee == CChar(UInt8(ascii: "Q")) {
      return PropertyListValue(integer: number.uint64Value)
    }
    var value: Int64 = 0
    CFNumberGetValue(cfNumber, .sInt64Type, &value)
    return .integer(value)
  }

  private static func array(_ array: CFArray) -> PropertyListValue? {
    let count = CFArrayGetCount(array)
    var elements: [PropertyListValue] = []
    elements.reserveCapacity(count)
    for index in 0..<count {
      let element = Unmanaged<AnyObject>.fromOpaque(CFArrayGetValueAtIndex(array, index))
        .takeUnretainedValue()
      guard let value = PropertyListValue(coreFoundationObject: element) else { return nil }
      elements.append(value)
    }
    return .array(elements)
  }

  private static func dictionary(_ dictionary: CFDictionary) -> PropertyListValue? {
    let count = CFDictionaryGetCount(dictionary)
    var keys = [UnsafeRawPointer?](repeating: nil, count: count)
    var values = [UnsafeRawPointer?](repeating: nil, count: count)
    CFDictionaryGetKeysAndValues(dictionary, &keys, &values)
    var entries: [String: PropertyListValue] = [:]
    entries.reserveCapacity(count)
    for (key, value) in zip(keys, values) {
      guard let key, let value else { return nil }
      let keyObject = Unmanaged<AnyObject>.fromOpaque(key).takeUnretainedValue()
      guard CFGetTypeID(keyObject) == CFStringGetTypeID(),
        let entry = PropertyListValue(
          coreFoundationObject: Unmanaged<AnyObject>.fromOpaque(value).takeUnretainedValue())
      else { return nil }
      entries[unsafeDowncast(keyObject, to: NSString.self) as String] = entry
    }
    // NB: keys that differ only in Unicode normalisation are two keys to CoreFoundation and one to
    // Swift; such a dictionary is not modeled rather than merged.
    return entries.count == count ? .dictionary(entries) : nil
  }
}

/// The same object seen as another Core Foundation type, once its type ID says what it is. On
/// Linux the Core Foundation types and the Foundation classes that implement them are unrelated
/// Swift classes, so a checked cast between them fails.
func reinterpret<T: AnyObject>(_ object: AnyObject, as type: T.Type) -> T {
  Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
}
