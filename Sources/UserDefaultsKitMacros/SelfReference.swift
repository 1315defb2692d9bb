import SwiftSyntax

/// `Self` in a default value, named as the settings type: the value is evaluated in the settings
/// type's slot object, where `Self` would be that object's type.
enum SelfReference {
  /// The expression's source with each `Self` replaced; the rewriter runs only when there is one.
  static func replace(in expression: ExprSyntax, with typeReference: String) -> String {
    guard expression.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.Self) })
    else { return expression.description }
    return Rewriter(typeReference: typeReference).rewrite(expression).description
  }

  private final class Rewriter: SyntaxRewriter {
    let typeReference: String

    init(typeReference: String) {
      self.typeReference = typeReference
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
      guard token.tokenKind == .keyword(.Self) else { return token }
      return token.with(\.tokenKind, .identifier(typeReference))
    }
  }
}
