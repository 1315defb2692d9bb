// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// README, "Atomic updates and errors", and the article "Errors and threads".

struct Logger {
  func warning(_ message: String) { print(message) }
}

func reportErrors(to logger: Logger, volume: DefaultsKey<Double>) -> DefaultsObservation {
  do {
    try volume.set(0.8)
  } catch where error.kind == .writeFailed {
    print("not saved: \(error.localizedDescription)")       // Linux: a full disk, error.posixCode == .ENOSPC
  } catch {
    print(error)                                             // another kind: new ones break no switch
  }
  let reporting = DefaultsReports.observe { problem in logger.warning("\(problem)") }
  return reporting
}
