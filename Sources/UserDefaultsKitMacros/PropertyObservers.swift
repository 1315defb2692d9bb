import SwiftSyntax

/// The `willSet` and `didSet` observers written on a persisted property. The compiler drops them
/// once a macro gives the property a getter and a setter, so the generated setter runs them around
/// each write through the property, as Swift runs a stored property's: `willSet` with `newValue`,
/// `didSet` with `oldValue` (or the names the observers give them).
struct PropertyObservers {
  private var willSet: AccessorDeclSyntax?
  private var didSet: AccessorDeclSyntax?

  init(of variable: VariableDeclSyntax) {
    guard case .accessors(let accessors) = variable.bindings.first?.accessorBlock?.accessors else { return }
    for accessor in accessors {
      switch accessor.accessorSpecifier.tokenKind {
      case .keyword(.willSet): willSet = accessor
      case .keyword(.didSet): didSet = accessor
      default: continue
      }
    }
  }

  /// The statements of a setter that runs the observers around `write`; `read` reads the value
  /// the property holds before the write. Each observer runs in a closure of its own, so that a
  /// `return` in it leaves only the observer, as it would in Swift.
  func setterBody(write: String, read: String) -> String {
    guard willSet != nil || didSet != nil else { return write }
    var statements: [String] = []
    if let didSet {
      statements.append("let \(Self.parameter(of: didSet, else: "oldValue")) = \(read)")
    }
    if let willSet {
      statements.append(
        Self.call(willSet, parameter: Self.parameter(of: willSet, else: "newValue"), with: "newValue"))
    }
    statements.append(write)
    if let didSet {
      let parameter = Self.parameter(of: didSet, else: "oldValue")
      statements.append(Self.call(didSet, parameter: parameter, with: parameter))
    }
    return statements.joined(separator: "\n")
  }

  private static func parameter(of observer: AccessorDeclSyntax, else implicitName: String) -> String {
    observer.parameters?.name.text ?? implicitName
  }

  private static func call(_ observer: AccessorDeclSyntax, parameter: String, with argument: String) -> String
  {
    let statements = observer.body?.statements.map { "  " + $0.trimmedDescription } ?? []
    // NB: `_ =` keeps the closure from being read as a trailing closure of the line before.
    return "_ = { (\(parameter)) in\n\(statements.joined(separator: "\n"))\n}(\(argument))"
  }
}
