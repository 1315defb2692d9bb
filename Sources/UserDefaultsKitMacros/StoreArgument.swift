import SwiftSyntax

/// The generated call that turns a `store:` argument into a store.
///
/// `UserDefaults(suiteName: name)` (with `!`, `?? .standard` or neither) becomes the library's shared store of
/// that suite: the expression is evaluated for each instance, and on Apple platforms a new
/// `UserDefaults` object does not say which suite it reads, so each would get a store of its own.
enum StoreArgument {
  /// The call, as source; without a `store:` argument, the standard store's.
  static func storeCall(_ store: ExprSyntax?) -> String {
    guard let store else {
      return "UserDefaultsKit._defaultsStore(UserDefaultsKit.UserDefaultsStore.standard)"
    }
    if let suiteName = suiteName(in: store) {
      return "UserDefaultsKit._defaultsStore(suiteName: \(suiteName))"
    }
    return "UserDefaultsKit._defaultsStore(\(store))"
  }

  /// The argument of `UserDefaults(suiteName: x)`, followed by `!` or `?? .standard` or not,
  /// also spelled `UserDefaults.init(suiteName: x)` or `.init(suiteName: x)`.
  private static func suiteName(in store: ExprSyntax) -> ExprSyntax? {
    var call = store.as(ForceUnwrapExprSyntax.self)?.expression ?? store
    // NB: `a ?? b` is a sequence until operators are folded, and an infix expression after.
    let operands =
      store.as(InfixOperatorExprSyntax.self).map { [$0.leftOperand, $0.operator, $0.rightOperand] }
      ?? store.as(SequenceExprSyntax.self).map { Array($0.elements) }
    if let operands {
      let isStandard = ["UserDefaults.standard", ".standard"].contains(operands.last?.trimmedDescription)
      guard operands.count == 3, operands[1].trimmedDescription == "??", isStandard else { return nil }
      call = operands[0]
    }
    guard let call = call.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
      call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "suiteName",
      initializers.contains(call.calledExpression.trimmedDescription)
    else { return nil }
    return argument.expression.trimmed
  }

  private static let initializers: Set = [
    "UserDefaults", "UserDefaults.init", "Foundation.UserDefaults", "Foundation.UserDefaults.init", ".init",
  ]
}
