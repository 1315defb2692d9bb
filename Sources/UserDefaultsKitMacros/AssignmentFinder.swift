import SwiftSyntax

/// Finds the statements of an initializer's body that assign one of `names` (`name = …`,
/// `self.name = …`, `name += …`), outside closures and nested functions, which do not run as part
/// of the initialization.
final class AssignmentFinder: SyntaxVisitor {
  private let names: Set<String>
  private(set) var assignments: [(name: String, node: ExprSyntax)] = []

  init(names: Set<String>) {
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }

  // NB: the compiler hands macros unfolded sequences (`a`, `=`, `b`); folded ones (after
  // `OperatorTable.foldAll`, as in tests) are infix expressions.
  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    if elements.count >= 3, isAssignment(elements[1]), let name = assignedName(elements[0]) {
      assignments.append((name, ExprSyntax(node)))
    }
    return .visitChildren
  }

  override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
    if isAssignment(node.operator), let name = assignedName(node.leftOperand) {
      assignments.append((name, ExprSyntax(node)))
    }
    return .visitChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  private func isAssignment(_ operator: ExprSyntax) -> Bool {
    if `operator`.is(AssignmentExprSyntax.self) { return true }
    guard let text = `operator`.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
    return text.count > 1 && text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
  }

  private func assignedName(_ target: ExprSyntax) -> String? {
    if let reference = target.as(DeclReferenceExprSyntax.self) {
      return names.contains(reference.baseName.text) ? reference.baseName.text : nil
    }
    guard let member = target.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    else { return nil }
    let name = member.declName.baseName.text
    return names.contains(name) ? name : nil
  }
}
