// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// README, "Observing changes".

func observe(volume: DefaultsKey<Double>, muted: DefaultsKey<Bool>) async {
  let observation = volume.observe { newVolume in print(newVolume) }   // until cancelled or released
  for await newVolume in volume.values { print(newVolume) }            // current value first
  let both = DefaultsKeys.observe([volume, muted]) { print("sound changed") }   // one call per write or update
  observation.cancel()
  both.cancel()
}
