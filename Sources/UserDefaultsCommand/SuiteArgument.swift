import ArgumentParser

/// The suite a command works on: the first argument of every command that takes one, and the
/// place it is in. It prints as the suite's name.
struct SuiteArgument: ParsableArguments, CustomStringConvertible {
  @Argument(help: "The suite, such as com.example.app.")
  var suite: String

  @OptionGroup var location: FolderOptions

  var description: String { suite }

  /// Opens the suite, making it at the first write if needed.
  func open() throws -> Suite {
    try Suite(suite, in: location.place())
  }

  /// Opens the suite, which must exist: reading, deleting or exporting an unknown suite is a
  /// mistake.
  func existing() throws -> Suite {
    try Suite.existing(suite, in: location.place())
  }
}
