import Foundation

/// Dates as the tool prints and reads them: ISO 8601 in JSON, `2026-11-25 10:30:00 +0000` in
/// old-style text (the form `defaults read` prints); milliseconds when a date has a fraction.
enum DateText {
  static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    if hasFraction(date) { formatter.formatOptions.insert(.withFractionalSeconds) }
    return formatter.string(from: date)
  }

  static func oldStyle(_ date: Date) -> String {
    oldStyleFormatter(withFraction: hasFraction(date)).string(from: date)
  }

  /// A date in either form, with or without a fraction of a second.
  static func date(from text: String) -> Date? {
    let iso = ISO8601DateFormatter()
    if let date = iso.date(from: text) { return date }
    iso.formatOptions.insert(.withFractionalSeconds)
    if let date = iso.date(from: text) { return date }
    return oldStyleFormatter(withFraction: false).date(from: text)
      ?? oldStyleFormatter(withFraction: true).date(from: text)
  }

  private static func hasFraction(_ date: Date) -> Bool {
    date.timeIntervalSinceReferenceDate.rounded(.down) != date.timeIntervalSinceReferenceDate
  }

  private static func oldStyleFormatter(withFraction: Bool) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = withFraction ? "yyyy-MM-dd HH:mm:ss.SSS Z" : "yyyy-MM-dd HH:mm:ss Z"
    return formatter
  }
}
