import CoreFoundation
import Foundation
import PropertyBased
import Testing

@testable import UserDefaultsKitCore

/// The library's binary property-list writer, read back by CoreFoundation's parser (what
/// Foundation, `plutil` and every other reader of a suite use): every value reads as written.
@Suite("Binary property lists")
struct BinaryPropertyListTests {
  /// The top-level entries CoreFoundation reads from `data`, keys as written.
  private func parsed(_ data: Data) -> [(key: String, value: PropertyListValue?)]? {
    let object = data.withUnsafeBytes { bytes in
      CFPropertyListCreateWithData(
        nil, CFDataCreate(nil, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count), 0, nil, nil)
    }?.takeRetainedValue()
    guard let object, CFGetTypeID(object) == CFDictionaryGetTypeID() else { return nil }
    let dictionary = reinterpret(object, as: CFDictionary.self)
    let count = CFDictionaryGetCount(dictionary)
    var keys = [UnsafeRawPointer?](repeating: nil, count: count)
    var values = [UnsafeRawPointer?](repeating: nil, count: count)
    CFDictionaryGetKeysAndValues(dictionary, &keys, &values)
    return zip(keys, values).map { key, value in
      let key = Unmanaged<AnyObject>.fromOpaque(key!).takeUnretainedValue()
      let value = Unmanaged<AnyObject>.fromOpaque(value!).takeUnretainedValue()
      return (
        unsafeDowncast(key, to: NSString.self) as String, PropertyListValue(coreFoundationObject: value)
      )
    }
  }

  private func expectRoundTrip(_ value: PropertyListValue, sourceLocation: SourceLocation = #_sourceLocation)
  {
    let read = parsed(BinaryPropertyList.data(dictionary: [("value", value)]))
    #expect(read?.count == 1, sourceLocation: sourceLocation)
    #expect(
      read?.first?.value.map { same($0, value) } == true, "\(String(describing: read))",
      sourceLocation: sourceLocation)
  }

  /// Equal values, doubles compared by their bits (so -0.0 is not 0.0, and NaN is NaN).
  private func same(_ lhs: PropertyListValue, _ rhs: PropertyListValue) -> Bool {
    switch (lhs, rhs) {
    case (.double(let lhs), .double(let rhs)): return lhs.bitPattern == rhs.bitPattern
    case (.array(let lhs), .array(let rhs)): return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(same)
    case (.dictionary(let lhs), .dictionary(let rhs)):
      return lhs.count == rhs.count
        && lhs.allSatisfy { key, value in rhs[key].map { same(value, $0) } ?? false }
    default: return lhs == rhs
    }
  }

  @Test func integersAtEverySizeBoundary() {
    let boundaries: [Int64] = [
      0, 1, 14, 15, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, .max, -1, -256, .min,
    ]
    for integer in boundaries { expectRoundTrip(.integer(integer)) }
    for unsigned: UInt64 in [UInt64(Int64.max) + 1, .max - 1, .max] {
      expectRoundTrip(.unsignedInteger(unsigned))
    }
  }

  @Test func doublesDatesAndBooleansExactly() {
    for double in [0.0, -0.0, 1.5, -1e300, .leastNonzeroMagnitude, .infinity, -.infinity, .nan, .pi] {
      expectRoundTrip(.double(double))
    }
    for interval in [0, 0.123456, -0.5, 1e9 + 0.25, -1e10] {
      expectRoundTrip(.date(Date(timeIntervalSinceReferenceDate: interval)))
    }
    expectRoundTrip(.bool(true))
    expectRoundTrip(.bool(false))
  }

  @Test func stringsAndDataOfEveryLengthForm() {
    for length in [0, 1, 14, 15, 16, 255, 256, 70_000] {
      expectRoundTrip(.string(String(repeating: "a", count: length)))
      expectRoundTrip(.string(String(repeating: "é", count: length)))
      expectRoundTrip(.data(Data((0..<length).map { UInt8(truncatingIfNeeded: $0) })))
    }
    for text in ["a\u{0}b", "👩‍👩‍👧 family", "\u{7F}", "\u{80}", "日本語", "e\u{301}"] {
      expectRoundTrip(.string(text))
    }
  }

  @Test func nestedContainers() {
    expectRoundTrip(.array([]))
    expectRoundTrip(.dictionary([:]))
    expectRoundTrip(
      .array([.integer(1), .array([.string("x"), .dictionary(["k": .bool(true)])]), .data(Data([1, 2]))]))
    expectRoundTrip(
      .dictionary(["list": .array((0..<20).map { .integer($0) }), "nested": .dictionary(["a": .double(2)])]))
  }

  @Test func objectAndOffsetSizesGrowWithTheList() {
    // NB: more than 255 objects (two-byte references), more than 65,535 (four-byte ones), and a
    // table past 65,535 bytes and past 4 GB is out of reach: four-byte offsets are the largest met.
    expectRoundTrip(.array((0..<300).map { .integer($0) }))
    expectRoundTrip(.array((0..<70_000).map { .integer($0 % 300) }))
  }

  @Test func topLevelKeysAreKeptAsWrittenInOrder() throws {
    let entries: [(key: String, value: PropertyListValue)] = [
      ("caf\u{E9}", .integer(1)), ("cafe\u{301}", .integer(2)), ("", .string("empty key")),
    ]
    let read = try #require(parsed(BinaryPropertyList.data(dictionary: entries)))
    #expect(read.count == 3)
    for (key, value) in entries {
      let found = read.first { $0.key.utf8.elementsEqual(key.utf8) }
      #expect(found?.value == value, "\(key)")
    }
  }

  @Test func anyValueReadsAsWritten() async {
    let scalar = Gen.oneOf(
      Gen.int().map { PropertyListValue.integer(Int64($0)) },
      Gen.uint64().map { PropertyListValue(integer: $0) },
      Gen.double(in: -1e300...1e300).map { PropertyListValue.double($0) },
      Gen.unicodeScalar(in: "\u{1}"..."\u{2FFF}").map { Character($0) }.string(of: 0...40)
        .map { PropertyListValue.string($0) },
      Gen.uint8().array(of: 0...40).map { PropertyListValue.data(Data($0)) },
      Gen.double(in: -1e10...1e10).map { PropertyListValue.date(Date(timeIntervalSinceReferenceDate: $0)) },
      Gen.bool().map { PropertyListValue.bool($0) })
    let value = Gen.oneOf(
      scalar, scalar.array(of: 0...20).map { PropertyListValue.array($0) },
      zip(Gen.letterOrNumber.string(of: 0...8), scalar).dictionary(ofAtMost: 0...10)
        .map { PropertyListValue.dictionary($0) })
    await propertyCheck(input: value) { value in expectRoundTrip(value) }
  }
}
