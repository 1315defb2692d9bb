#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import CoreFoundation
  import Foundation

  /// A suite's values as the library holds them: the object CoreFoundation parsed from a file (a
  /// key converts it at its first read, so opening a large suite converts nothing), or a
  /// ``StoredValueBox`` for a value the library wrote. Either keeps its identity, which a key
  /// compares, until the value changes. An object the library does not model (a UID as
  /// `NSKeyedArchiver` writes, a dictionary whose keys differ only in Unicode normalisation) reads
  /// as no value and is written back as it was.
  typealias SuiteValues = [SuiteKey: AnyObject]

  /// Property lists of suites, parsed and written by CoreFoundation.
  enum SuitePropertyList {
    /// The value a suite's object stands for; nil for one the library does not model.
    static func value(of object: AnyObject) -> PropertyListValue? {
      (object as? StoredValueBox)?.value ?? PropertyListValue(coreFoundationObject: object)
    }

    /// The values of a property list whose top level is a dictionary with string keys; nil for
    /// anything else.
    static func parse(_ data: Data) -> SuiteValues? {
      object(from: data).flatMap { values(of: $0) }
    }

    static func object(from data: Data) -> AnyObject? {
      guard !data.isEmpty else { return nil }
      return data.withUnsafeBytes { bytes in
        CFPropertyListCreateWithData(
          nil, CFDataCreate(nil, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count), 0, nil, nil)
      }?.takeRetainedValue()
    }

    /// The entries of a CoreFoundation dictionary with string keys; nil for anything else.
    static func values(of object: AnyObject) -> SuiteValues? {
      guard CFGetTypeID(object) == CFDictionaryGetTypeID() else { return nil }
      let dictionary = reinterpret(object, as: CFDictionary.self)
      let count = CFDictionaryGetCount(dictionary)
      var keys = [UnsafeRawPointer?](repeating: nil, count: count)
      var objects = [UnsafeRawPointer?](repeating: nil, count: count)
      CFDictionaryGetKeysAndValues(dictionary, &keys, &objects)
      var values = SuiteValues(minimumCapacity: count)
      for (key, object) in zip(keys, objects) {
        guard let key, let object else { return nil }
        let keyObject = Unmanaged<AnyObject>.fromOpaque(key).takeUnretainedValue()
        guard CFGetTypeID(keyObject) == CFStringGetTypeID() else { return nil }
        values[SuiteKey(unsafeDowncast(keyObject, to: NSString.self) as String)] =
          Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
      }
      return values
    }

    /// A CoreFoundation dictionary of `values`.
    static func dictionary(_ values: SuiteValues) -> AnyObject {
      PropertyListValue.coreFoundationDictionary(
        keys: values.keys.map { PropertyListValue.coreFoundationString($0.name) },
        objects: values.values.map { ($0 as? StoredValueBox)?.value.coreFoundationObject ?? $0 })
    }

    /// A binary property list of `values`, which keeps every value exactly (dates to the fraction
    /// of a second, the sign of -0.0).
    static func serialize(_ values: SuiteValues) throws -> Data {
      var conversions = Conversions()
      return try conversions.serialize(values)
    }

    /// What one suite's values convert to for ``BinaryPropertyList``, kept from one write to the
    /// next: a write of one key converts one value, not the suite. A suite that holds an object
    /// the library does not model, or one that would not convert back exactly (a string that is
    /// not valid Unicode), is written by CoreFoundation, which writes it back as it was.
    struct Conversions {
      private var entries: [SuiteKey: (object: AnyObject, value: PropertyListValue?)] = [:]

      /// A binary property list of `values` (see ``SuitePropertyList/serialize(_:)``).
      mutating func serialize(_ values: SuiteValues) throws -> Data {
        var converted = [SuiteKey: (object: AnyObject, value: PropertyListValue?)](
          minimumCapacity: values.count)
        var entries: [(key: String, value: PropertyListValue)] = []
        entries.reserveCapacity(values.count)
        var complete = true
        for (key, object) in values {
          var entry = self.entries[key]
          if entry?.object !== object { entry = (object, Self.value(of: object)) }
          converted[key] = entry
          if let value = entry?.value { entries.append((key.name, value)) } else { complete = false }
        }
        self.entries = converted
        guard complete else { return try SuitePropertyList.coreFoundationData(values) }
        return BinaryPropertyList.data(dictionary: entries)
      }

      private static func value(of object: AnyObject) -> PropertyListValue? {
        if let box = object as? StoredValueBox { return box.value }
        return PropertyListValue(coreFoundationObject: object).flatMap {
          CFEqual(object, $0.coreFoundationObject) ? $0 : nil
        }
      }
    }

    /// `values` as CoreFoundation writes them.
    private static func coreFoundationData(_ values: SuiteValues) throws -> Data {
      let dictionary = reinterpret(dictionary(values), as: CFDictionary.self)
      guard
        let data = CFPropertyListCreateData(nil, dictionary, .binaryFormat_v1_0, 0, nil)?.takeRetainedValue()
      else { throw DefaultsError.valueNotStorable("the suite's values do not form a property list") }
      // NB: copied from CoreFoundation's buffer: `Data(referencing:)` copies an `NSData` byte by byte.
      return Data(bytes: CFDataGetBytePtr(data), count: CFDataGetLength(data))
    }
  }
#endif
