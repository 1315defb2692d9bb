import SwiftSyntax
import SwiftSyntaxMacros

/// `@DefaultsIgnored` and `@DefaultsProperty`: markers read by the settings-type macros.
public enum DefaultsMarkerMacro: PropertyPeerRole {
  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
