import SwiftSyntax
import SwiftSyntaxMacros

/// ObservableUserDefault's `@ObservableUserDefault`: without arguments it forwards to a static
/// property `UserDefaults.<name>` that the user declares, as the original does; with
/// `.init(key:defaultValue:store:)` it expands as `@ObservableDefaultsEntry`.
public enum ObservableUserDefaultMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let entry = entryAttribute(for: attribute) else {
      guard let name = variable.propertyName else { return [] }
      return [
        """
        get {
          access(keyPath: \\.\(raw: name))
          return UserDefaults.\(raw: name)
        }
        """,
        """
        set {
          withMutation(keyPath: \\.\(raw: name)) {
            UserDefaults.\(raw: name) = newValue
          }
        }
        """,
      ]
    }
    return try ObservableDefaultsEntryMacro.accessors(of: variable, attribute: entry, in: context)
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let entry = entryAttribute(for: attribute) else { return [] }
    return try ObservableDefaultsEntryMacro.peers(of: variable, attribute: entry, in: context)
  }
}

extension ObservableUserDefaultMacro {
  /// `@ObservableDefaultsEntry(key, default: value, store: store)` for the metadata argument
  /// `.init(key:defaultValue:store:)`, or nil without an argument.
  static func entryAttribute(for node: AttributeSyntax) -> AttributeSyntax? {
    guard let call = node.labeledArguments.first?.expression.as(FunctionCallExprSyntax.self) else {
      return nil
    }
    var arguments: [String] = []
    for argument in call.arguments {
      let value = argument.expression.trimmed
      switch argument.label?.text {
      case "key":
        arguments.insert(value.defaultNameArgument, at: 0)
      case "defaultValue": arguments.append("default: \(value)")
      case "store": arguments.append("store: \(value)")
      default: break
      }
    }
    return AttributeSyntax("@ObservableDefaultsEntry(\(raw: arguments.joined(separator: ", ")))")
  }
}
