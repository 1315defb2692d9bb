import SwiftSyntax
import SwiftSyntaxMacros

/// The length check of a cloud key that a macro sees whole: the runtime checks every other key
/// when its key object is made (`CloudLimits` in the core, which this target cannot import).
enum CloudKeyLength {
  /// `CloudLimits.maximumKeyBytes`: the longest key `NSUbiquitousKeyValueStore` takes, in bytes
  /// of UTF-8.
  static let maximumBytes = 64

  /// Reports `key` when it is a string literal longer than ``maximumBytes``.
  static func diagnose(_ key: ExprSyntax, in context: some MacroExpansionContext) {
    // NB: only a single-line literal without escapes is exactly its source text; an escape
    // (`\u{E9}`) is longer in source than in the string, so others are left to the runtime.
    guard let literal = key.as(StringLiteralExprSyntax.self), literal.openingQuote.tokenKind == .stringQuote,
      let text = key.stringLiteralValue, !text.contains("\\")
    else { return }
    let bytes = text.utf8.count
    guard bytes > maximumBytes else { return }
    context.diagnose(DefaultsMacroDiagnostic.cloudKeyTooLong(text, bytes: bytes).diagnose(at: key))
  }
}
