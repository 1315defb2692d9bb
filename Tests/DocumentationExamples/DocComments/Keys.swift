// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKit

// The examples of the doc comments of keys and key names (UserDefaultsKitCore); `@Default`'s is
// the README's.

extension DefaultsKey where Value == Int {
  static let launchCount = DefaultsKey("launchCount", default: 0)
}

func incrementLaunchCount() {
  DefaultsKey.launchCount.value += 1
}

func declareKeys() {
  let celsius = DefaultsKey(
    "temperature", default: Measurement(value: 20, unit: UnitTemperature.celsius),
    store: InMemoryDefaultsStore(),
    coding: DefaultsCoding(
      encode: { .double($0.converted(to: .celsius).value) },
      decode: { $0.doubleValue.map { Measurement(value: $0, unit: .celsius) } }))
  let volume = DefaultsKey("volume", default: 0.5)
  let events = DefaultsKey<[Date]>("events", default: [], encoder: JSONEncoder(), decoder: JSONDecoder())
  _ = (celsius, volume, events)
}

func declareOptionalKey() {
  let nickname = DefaultsKey<String?>("nickname")
  _ = nickname
}

func setVolume() throws {
  let volume = DefaultsKey("volume", default: 0.5, store: InMemoryDefaultsStore())
  try volume.set(0.8)
}

func resetVolume() throws {
  let volume = DefaultsKey("volume", default: 0.5, store: InMemoryDefaultsStore())
  try volume.reset()
}


func countLaunch() throws {
  let launches = DefaultsKey("launches", default: 0)
  try launches.update { $0 += 1 }
}

func observe(_ volumeKey: DefaultsKey<Double>) async {
  let observation = volumeKey.observe { volume in print("volume is now \(volume)") }
  for await volume in volumeKey.values { print(volume) }
  withExtendedLifetime(observation) {}
}

func observeChanges(of volumeKey: DefaultsKey<Double>) {
  let observation = volumeKey.observeChanges { print("volume changed") }
  withExtendedLifetime(observation) {}
}

func observeSeveralKeys() async {
  let store = UserDefaultsStore.suite("com.example.game")
  let wins = DefaultsKey("wins", default: 0, store: store)
  let streak = DefaultsKey("streak", default: 0, store: store)
  let observation = DefaultsKeys.observe([wins, streak]) {
    print("\(wins.value) wins, a streak of \(streak.value)")
  }
  for await _ in DefaultsKeys.updates(of: [wins, streak]) {
    print("\(wins.value) wins, a streak of \(streak.value)")
  }
  withExtendedLifetime(observation) {}
}

func cancelObservation(of volumeKey: DefaultsKey<Double>) {
  let observation = volumeKey.observe { print($0) }
  observation.cancel()
}

extension DefaultName {
  static let numberOfPlayers: DefaultName = "NumberOfPlayers"
}

func declarePlayerCount() {
  let playerCount = DefaultsKey(.numberOfPlayers, default: 3)
  _ = playerCount
}


enum TextSize: String { case small, medium, large }

func migrateValues() {
  // Version 1 stored the text size in points; version 2 stores a TextSize.
  let textSize = DefaultsKey(
    "textSize", default: TextSize.medium, store: InMemoryDefaultsStore(),
    migrations: [.from(Int.self) { $0 < 14 ? .small : $0 < 18 ? .medium : .large }])
  let launches = DefaultsKey(
    "launches", default: 0, store: InMemoryDefaultsStore(),
    migrations: [.stored { $0 == .string("never") ? 0 : nil }])
  let theme = DefaultsKey(
    "theme", default: "system", store: InMemoryDefaultsStore(),
    migrations: [.moved(from: "theme", in: UserDefaultsStore.standard)])
  _ = (textSize, launches, theme)
}

func migrateKeyAtLaunch() throws {
  let largeText = DefaultsKey(
    "largeText", default: false, store: UserDefaultsStore.suite("group.com.example.app"),
    migrations: [.moved(from: "fontSize", in: UserDefaultsStore.standard), .from(Int.self) { $0 > 16 }])
  try largeText.migrate()   // at launch, before a widget reads the app group's suite
}

func migrateSuite() throws {
  let store = InMemoryDefaultsStore(values: ["colorScheme": .string("dark"), "legacyFlag": .bool(true)])
  try store.migrate([
    SuiteMigration(1) { values in values["theme"] = values.removeValue(forKey: "colorScheme") },
    SuiteMigration(2) { values in values["legacyFlag"] = nil },
  ])
}
