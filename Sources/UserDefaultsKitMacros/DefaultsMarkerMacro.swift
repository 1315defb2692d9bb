import SwiftSyntax
import SwiftSyntaxMacros

/// `@DefaultsIgnored` and `@DefaultsProperty`: markers read by the settings-type macros.
public enum DefaultsMarkerMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
