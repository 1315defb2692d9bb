import Observation
import UserDefaultsKit

// What users write, built in three client configurations (Swift 5 mode, MainActor as the default
// isolation, upcoming concurrency features); each configuration's target links this one file.
// The targets pass by compiling, with warnings as errors.

public enum ClientTheme: String, Codable, Sendable {
  case light, dark
}

@DefaultsBacked(prefix: "client_")
public struct ClientSettings: Sendable {
  public var launchCount = 0
  public var theme: ClientTheme = .light
  public var nickname: String?
  @DefaultsProperty("volume_v2", previously: "volume") public var volume = 0.5
  @DefaultsIgnored public var scratch = ""

  public init(nickname: String?) {
    self.init()
    self.scratch = nickname ?? ""
  }
}

@DefaultsBacked(prefix: "clientMoved_")
public struct ClientMovedSettings: Sendable {
  @DefaultsProperty(
    migrations: .moved(from: "volume", in: UserDefaultsStore.standard), .from(Int.self) { Double($0) / 10 })
  public var volume = 0.5
}

@ObservableDefaults(prefix: "clientObserved_")
public final class ClientObservedSettings: Sendable {
  public var volume = 0.5
  public var theme: ClientTheme = .dark
}

@MainActor
@ObservableDefaults(prefix: "clientMain_")
final class ClientMainActorSettings {
  var count = 0
  @DefaultsIgnored var isEditing = false
}

@Observable
final class ClientModel {
  @ObservableDefaultsEntry("clientModelVolume") @ObservationIgnored var volume = 0.5
  var transient = 0
}

enum ClientKeys {
  @DefaultsEntry("clientLaunches", default: 0)
  static var launches: Int

  static let lastOpened = DefaultsKey("clientLastOpened", default: 0.0)
}

struct ClientGame {
  @Default(ClientKeys.lastOpened) var lastOpened
}

func useClientSettings(_ settings: ClientSettings) throws {
  try settings.updateDefaults { $0.launchCount += 1 }
  try ClientMovedSettings().migrateDefaults()
  try ClientKeys.lastOpened.migrate()
  ClientKeys.launches += 1
  try ClientGame().$lastOpened.update { $0 += 1 }
}

func observeClientSettings(_ settings: ClientSettings) async -> DefaultsObservation {
  let keys = [settings.defaultsKey(for: \.launchCount)!, settings.defaultsKey(for: \.theme)!]
  for await _ in DefaultsKeys.updates(of: keys) { break }
  return DefaultsKeys.observe(keys + [ClientKeys.lastOpened]) { print("settings changed") }
}
