import SwiftSyntax

/// The members Apple's `@Observable` gives a class, which the compatibility macros that replace it
/// generate too: the registrar, and `access(keyPath:)` and `withMutation(keyPath:_:)` for computed
/// properties that report their own reads and writes. A class that declares either keeps its own.
enum ObservationMembers {
  static func of(_ declaration: some DeclGroupSyntax) -> [DeclSyntax] {
    let functions = Set(
      declaration.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
    let typeName = declaration.typeName ?? "Self"
    var members: [DeclSyntax] = [
      "private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()"
    ]
    if !functions.contains("access") {
      members.append(
        """
        internal nonisolated func access<Member>(keyPath: KeyPath<\(raw: typeName), Member>) {
          _$observationRegistrar.access(self, keyPath: keyPath)
        }
        """)
    }
    if !functions.contains("withMutation") {
      members.append(
        """
        internal nonisolated func withMutation<Member, MutationResult>(
          keyPath: KeyPath<\(raw: typeName), Member>, _ mutation: () throws -> MutationResult
        ) rethrows -> MutationResult {
          try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
        }
        """)
    }
    return members
  }
}
