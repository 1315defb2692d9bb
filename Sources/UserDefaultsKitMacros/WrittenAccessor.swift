/// Accessors written formatted (see `WrittenFormatted`), as source: a property accessor role
/// parses each once, at the end.
enum WrittenAccessor {
  /// The `init` accessor that keeps a property's initial value as its default and stores nothing.
  static let initializer = "init(initialValue) {}"

  /// `introducer { body }` on one line, or the body's lines indented on lines of their own.
  static func make(_ introducer: String, body: String) -> String {
    guard body.contains("\n") else { return "\(introducer) { \(body) }" }
    return "\(introducer) {\n\(indented(body))\n}"
  }

  /// Each line of `text`, two spaces further in.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}
