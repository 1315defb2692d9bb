import Foundation

/// A date as ISO 8601 text in UTC that reads back as the same `Date`, bit for bit: the whole
/// seconds as a calendar time, then the fraction of a second in the shortest decimal that reads
/// back as the same `Double` (`2026-11-27T14:33:27.123456Z`). Both parts are exact, and so is
/// their sum, which is the date's own time interval.
enum DateText {
  static func text(of date: Date) -> String {
    let seconds = date.timeIntervalSinceReferenceDate
    let whole = seconds.rounded(.down)
    let calendarTime = Date(timeIntervalSinceReferenceDate: whole).formatted(.iso8601)
    let fraction = seconds - whole
    guard fraction > 0 else { return calendarTime }
    return "\(calendarTime.dropLast()).\(fractionDigits(fraction))Z"
  }

  static func date(from text: String) -> Date? {
    guard text.hasSuffix("Z") else { return nil }
    let parts = text.dropLast().split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = try? Date("\(parts[0])Z", strategy: .iso8601) else { return nil }
    var seconds = whole.timeIntervalSinceReferenceDate
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit), let fraction = Double("0.\(parts[1])")
      else { return nil }
      seconds += fraction
    }
    return Date(timeIntervalSinceReferenceDate: seconds)
  }

  /// The digits after `0.` of `fraction` (in 0..<1), from the shortest description that reads
  /// back as it: `1.5e-05` becomes `000015`.
  private static func fractionDigits(_ fraction: Double) -> String {
    let description = "\(fraction)"
    let parts = description.split(separator: "e")
    let mantissa = parts[0].replacingOccurrences(of: ".", with: "")
    let pointAt =
      (parts[0].firstIndex(of: ".").map { parts[0].distance(from: parts[0].startIndex, to: $0) } ?? 1)
    let exponent = parts.count == 2 ? Int(parts[1])! : 0
    // NB: the digits of `mantissa` with the point moved `exponent` places; `fraction` < 1, so the
    // point lands before every digit that is not a leading zero.
    let point = pointAt + exponent
    let digits =
      point <= 0 ? String(repeating: "0", count: -point) + mantissa : String(mantissa.dropFirst(point))
    let trimmed = digits.reversed().drop { $0 == "0" }.reversed()
    return String(trimmed)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
