import SwiftSyntax
import SwiftSyntaxMacros

/// ObservableUserDefault's `@ObservableUserDefault`: without arguments it forwards to a static
/// property `UserDefaults.<name>` that the user declares, as the original does; with
/// `.init(key:defaultValue:store:)` it expands as `@ObservableDefaultsEntry`.
public enum ObservableUserDefaultMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    guard let entry = entryAttribute(for: attribute) else {
      guard let name = variable.propertyName else { return [] }
      return [
        """
        get {
          access(keyPath: \\.\(name))
          return UserDefaults.\(name)
        }
        """,
        """
        set {
          withMutation(keyPath: \\.\(name)) {
            UserDefaults.\(name) = newValue
          }
        }
        """,
      ]
    }
    return ObservableDefaultsEntryMacro.accessors(
      of: variable, use: use(entry, written: attribute), in: context)
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let entry = entryAttribute(for: attribute) else { return [] }
    return ObservableDefaultsEntryMacro.peers(of: variable, use: use(entry, written: attribute), in: context)
  }

  /// `@ObservableDefaultsEntry`'s expansion under this macro's name.
  private static func use(_ entry: AttributeSyntax, written: AttributeSyntax)
    -> ObservableDefaultsEntryMacro.Use
  {
    var use = ObservableDefaultsEntryMacro.Use(entry)
    use.written = written
    use.macro = "ObservableUserDefault"
    return use
  }
}

extension ObservableUserDefaultMacro {
  /// `@ObservableDefaultsEntry(key, default: value, store: store, register: false)` for the
  /// metadata argument `.init(key:defaultValue:store:)`, or nil without an argument:
  /// ObservableUserDefault never registers, so plain `UserDefaults` reads of the key see nothing
  /// until a value is stored.
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
    arguments.append("register: false")
    return AttributeSyntax("@ObservableDefaultsEntry(\(raw: arguments.joined(separator: ", ")))")
  }
}
