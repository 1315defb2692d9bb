import Foundation

/// Binary property lists (`bplist00`, the format of a suite's file), written in Swift.
///
/// CoreFoundation's writer uniques every object through hash tables first: in a suite of 10 keys
/// that is most of a write's work besides the disk, and in one of 10,000 keys it is tens of
/// milliseconds. This writer lays out each object as it comes (containers after their elements),
/// which any reader of the format accepts; reading stays CoreFoundation's. Integers take the
/// smallest of 1, 2, 4 or 8 bytes (8 when negative; a `UInt64` above `Int64.max` takes 16, as
/// CoreFoundation writes it), doubles and dates 8, strings are ASCII or UTF-16.
enum BinaryPropertyList {
  /// The bytes of a property list whose top level is a dictionary of `entries`, in their order.
  /// Keys are written as given: two that differ only in Unicode normalisation stay two keys.
  static func data(dictionary entries: [(key: String, value: PropertyListValue)]) -> Data {
    let count = entries.reduce(1) { $0 + 1 + objectCount($1.value) }
    var writer = Writer(referenceSize: count < 1 << 8 ? 1 : count < 1 << 16 ? 2 : 4)
    writer.bytes.reserveCapacity(64 + count * 12)
    let top = writer.appendDictionary(entries)
    return writer.finish(top: top)
  }

  private static func objectCount(_ value: PropertyListValue) -> Int {
    switch value {
    case .array(let values): return values.reduce(1) { $0 + objectCount($1) }
    case .dictionary(let values): return values.reduce(1) { $0 + 1 + objectCount($1.value) }
    default: return 1
    }
  }

  private struct Writer {
    var bytes = Array("bplist00".utf8)
    /// Where each object starts; an object's index here is what refers to it.
    var offsets: [Int] = []
    let referenceSize: Int

    init(referenceSize: Int) { self.referenceSize = referenceSize }

    mutating func append(_ value: PropertyListValue) -> Int {
      switch value {
      case .bool(let value):
        return appendObject { $0.bytes.append(value ? 0x09 : 0x08) }
      case .integer(let value):
        return appendObject { $0.appendInteger(value) }
      case .unsignedInteger(let value):
        return appendObject { writer in
          guard let signed = Int64(exactly: value) else {
            writer.bytes.append(0x14)
            writer.appendBigEndian(0, size: 8)
            return writer.appendBigEndian(value, size: 8)
          }
          writer.appendInteger(signed)
        }
      case .double(let value):
        return appendObject {
          $0.bytes.append(0x23)
          $0.appendBigEndian(value.bitPattern, size: 8)
        }
      case .date(let value):
        return appendObject {
          $0.bytes.append(0x33)
          $0.appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        }
      case .data(let value):
        return appendObject {
          $0.appendMarker(0x40, count: value.count)
          $0.bytes.append(contentsOf: value)
        }
      case .string(let value):
        return appendObject { $0.appendString(value) }
      case .array(let values):
        let elements = values.map { append($0) }
        return appendObject { writer in
          writer.appendMarker(0xA0, count: elements.count)
          for element in elements { writer.appendReference(element) }
        }
      case .dictionary(let values):
        return appendDictionary(values.map { ($0.key, $0.value) })
      }
    }

    mutating func appendDictionary(_ entries: [(key: String, value: PropertyListValue)]) -> Int {
      var keys: [Int] = []
      var values: [Int] = []
      keys.reserveCapacity(entries.count)
      values.reserveCapacity(entries.count)
      for (key, value) in entries {
        keys.append(appendObject { $0.appendString(key) })
        values.append(append(value))
      }
      return appendObject { writer in
        writer.appendMarker(0xD0, count: keys.count)
        for key in keys { writer.appendReference(key) }
        for value in values { writer.appendReference(value) }
      }
    }

    /// The bytes with the offset table and the trailer that locate the objects and the top one.
    mutating func finish(top: Int) -> Data {
      let tableOffset = bytes.count
      // NB: readers require the offsets' size to hold the table's own offset.
      let offsetSize = tableOffset < 1 << 8 ? 1 : tableOffset < 1 << 16 ? 2 : tableOffset < 1 << 32 ? 4 : 8
      for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize) }
      bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
      appendBigEndian(UInt64(offsets.count), size: 8)
      appendBigEndian(UInt64(top), size: 8)
      appendBigEndian(UInt64(tableOffset), size: 8)
      return Data(bytes)
    }

    private mutating func appendObject(_ write: (inout Writer) -> Void) -> Int {
      offsets.append(bytes.count)
      write(&self)
      return offsets.count - 1
    }

    private mutating func appendInteger(_ value: Int64) {
      let magnitude = UInt64(bitPattern: value)
      let size = value < 0 || value >= 1 << 32 ? 8 : value >= 1 << 16 ? 4 : value >= 1 << 8 ? 2 : 1
      bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
      appendBigEndian(magnitude, size: size)
    }

    private mutating func appendString(_ value: String) {
      if value.utf8.allSatisfy({ $0 < 0x80 }) {
        appendMarker(0x50, count: value.utf8.count)
        bytes.append(contentsOf: value.utf8)
      } else {
        appendMarker(0x60, count: value.utf16.count)
        for unit in value.utf16 { appendBigEndian(UInt64(unit), size: 2) }
      }
    }

    /// A marker with a count: in its low four bits when below 15, else in an integer after it.
    private mutating func appendMarker(_ marker: UInt8, count: Int) {
      guard count >= 15 else { return bytes.append(marker | UInt8(count)) }
      bytes.append(marker | 0x0F)
      appendInteger(Int64(count))
    }

    private mutating func appendReference(_ index: Int) {
      appendBigEndian(UInt64(index), size: referenceSize)
    }

    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
      for byte in (0..<size).reversed() { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
    }
  }
}
