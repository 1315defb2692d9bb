import Foundation

/// The lines a child process prints, read as they come.
final class Lines {
  private let handle: FileHandle
  private var buffer = Data()

  init(_ handle: FileHandle) {
    self.handle = handle
  }

  /// The next whole line, waiting for it; nil at the end.
  func next() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      let chunk = handle.availableData
      if chunk.isEmpty { return nil }
      buffer.append(chunk)
    }
  }

  /// Every whole line left, up to the end of the output.
  func rest() -> [String] {
    var lines: [String] = []
    while let line = next() { lines.append(line) }
    return lines
  }
}
