import SwiftSyntax

/// The generated call that turns a `store:` argument into a store.
///
/// `UserDefaults(suiteName: name)` (with or without `!`) becomes the library's shared store of
/// that suite: the expression is evaluated for each instance (and, in `@DefaultsEntry`, each
/// access), and on Apple platforms a new `UserDefaults` object does not say which suite it reads,
/// so each would get a store of its own.
enum StoreArgument {
  static func storeCall(_ store: ExprSyntax) -> ExprSyntax {
    if let suiteName = suiteName(in: store) {
      return "UserDefaultsKit._defaultsStore(suiteName: \(suiteName))"
    }
    return "UserDefaultsKit._defaultsStore(\(store))"
  }

  /// The argument of `UserDefaults(suiteName: x)` or `UserDefaults(suiteName: x)!`.
  private static func suiteName(in store: ExprSyntax) -> ExprSyntax? {
    let call = (store.as(ForceUnwrapExprSyntax.self)?.expression ?? store).as(FunctionCallExprSyntax.self)
    guard let call, call.trailingClosure == nil, call.arguments.count == 1,
      let argument = call.arguments.first, argument.label?.text == "suiteName",
      ["UserDefaults", "Foundation.UserDefaults"].contains(call.calledExpression.trimmedDescription)
    else { return nil }
    return argument.expression.trimmed
  }
}
