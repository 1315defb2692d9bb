// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// The article "Errors and threads" (the README links it).

struct Logger {
  func warning(_ message: String) { print(message) }
}

func reportErrors(to logger: Logger) -> DefaultsObservation {
  let reporting = DefaultsReports.observe { problem in logger.warning("\(problem)") }
  return reporting
}
