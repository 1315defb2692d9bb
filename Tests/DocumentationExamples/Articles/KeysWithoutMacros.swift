// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// "Settings without macros" (its other examples are the README's, in Readme/Keys.swift).

func resetChanged(_ keys: [any AnyDefaultsKey]) throws {
  for key in keys where !key.isDefault {
    try key.reset()
  }
}
