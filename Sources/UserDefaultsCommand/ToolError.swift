/// A problem that ends a command: ArgumentParser prints it as "Error: <message>" on standard error
/// and exits with status 1.
struct ToolError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
