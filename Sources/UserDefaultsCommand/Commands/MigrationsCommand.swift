import ArgumentParser
import UserDefaultsKitCore

struct MigrationsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrations",
    abstract: "Show the number of the last suite migration a suite ran.",
    discussion: """
      An app's suite migrations (SuiteMigration) record the number of the last step they ran in \
      the suite, under the key \(SuiteMigration.recordKey); the next steps run when the app next \
      calls migrate. A suite that never ran one shows 0.

      Example:
        userdefaults migrations com.example.app
      """)

  @OptionGroup var suite: SuiteArgument

  func run() throws {
    let opened = try suite.existing()
    guard let recorded = opened.values[SuiteMigration.recordKey] else {
      Output.line("\(suite): no suite migration has run (0)")
      return
    }
    guard let number = recorded.exactInteger(as: Int.self) else {
      throw ToolError("\(suite): \(SuiteMigration.recordKey) holds \(recorded), not a step number")
    }
    Output.line("\(suite): suite migrations ran up to step \(number)")
  }
}
