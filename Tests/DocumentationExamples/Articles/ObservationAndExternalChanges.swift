// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// "Observation and external changes".

func observe(_ key: DefaultsKey<Int>) async {
  let observation = key.observe { print($0) }
  for await value in key.values { print(value) }
  observation.cancel()
}

func observe(wins: DefaultsKey<Int>, streak: DefaultsKey<Int>, settings: Settings) async {
  let observation = DefaultsKeys.observe([wins, streak]) { print(wins.value, streak.value) }
  for await _ in DefaultsKeys.updates(of: [wins, streak]) { print(wins.value, streak.value) }
  for await _ in DefaultsKeys.updates(of: settings.defaultsKeys(for: \.launchCount, \.theme)) {
    print(settings.launchCount, settings.theme)
  }
  observation.cancel()
}
