// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKit

// The examples of the doc comments of DefaultsError, DefaultsWarning and DefaultsReports.

func catchByKind() {
  let volume = DefaultsKey("volume", default: 0.5)
  do {
    try volume.set(0.8)
  } catch where error.posixCode == .ENOSPC {
    print("the disk is full: \(error.localizedDescription)")
  } catch where error.kind == .writeFailed {
    print("not saved: \(error.underlying.map { "\($0)" } ?? "")")
  } catch {
    print(error.localizedDescription)
  }
}

func makeError() -> DefaultsError {
  let error = DefaultsError(.valueNotStorable, detail: "a collection holds nil")
  return error
}

func reportProblems() -> DefaultsObservation {
  let reporting = DefaultsReports.observe { problem in print("settings: \(problem)") }
  return reporting
}

func reportUndecodableValues() -> DefaultsObservation {
  let reporting = DefaultsReports.observe { problem in
    if let warning = problem as? DefaultsWarning, warning.kind == .undecodableValue {
      print("\(warning.key ?? "") reads as its default: \(warning)")
    }
  }
  return reporting
}

func makeWarning() -> DefaultsWarning {
  let expected = DefaultsWarning(.cloudUnavailable, key: "favoriteColor")
  return expected
}
