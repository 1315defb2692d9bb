// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// README, "Observing changes".

func observe(volume: DefaultsKey<Double>) async {
  let observation = volume.observe { newVolume in print(newVolume) }   // until cancelled or released
  for await newVolume in volume.values { print(newVolume) }            // current value first
  observation.cancel()
}
