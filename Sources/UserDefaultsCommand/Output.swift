import Foundation

/// Writes to the standard streams without buffering, so that a reader on a pipe (a script, `watch`'s
/// tests) gets each line as soon as it is printed.
enum Output {
  static func line(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// "1 key", "2 keys".
  static func keyCount(_ count: Int) -> String {
    "\(count) \(count == 1 ? "key" : "keys")"
  }

  /// A message for the person at the terminal, kept off standard output.
  static func note(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
