// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// "Observation and external changes".

func observe(_ key: DefaultsKey<Int>) async {
  let observation = key.observe { print($0) }
  for await value in key.values { print(value) }
  observation.cancel()
}
