import Foundation
import PostgresNIO
import UserDefaultsKitCore

/// What the stores of one database share in a process: one `PostgresClient` (its pool of
/// connections for writes and catching up) and one listening connection, whatever the number of
/// suites. It lives while a store uses it.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
final class SharedDatabase: Sendable {
  let client: PostgresClient
  let bridge: BlockingBridge
  let logger = Logger(label: "UserDefaultsKitPostgres")
  private let name: String
  private let tasks = Locked<[Task<Void, Never>]>([])
  /// Whether ``start()`` succeeded; set once, before `startedSignal` is signalled.
  private let started = ResultBox<Void>()
  private let startedSignal = DispatchSemaphore(value: 0)
  /// The replicas to tell of changes, by suite.
  private let listeners = Locked<[String: [ObjectIdentifier: WeakReplica]]>([:])

  /// The databases in use in this process, by ``identity(of:)``.
  private static let openDatabases = Locked<[String: WeakDatabase]>([:])

  /// The database `configuration` names, ready: its table prepared, its notifications listened to.
  static func database(for configuration: PostgresClient.Configuration) throws -> SharedDatabase {
    let identity = identity(of: configuration)
    let (database, isNew) = openDatabases.withLock { open in
      if let database = open[identity]?.database { return (database, false) }
      let database = SharedDatabase(configuration: configuration, name: identity)
      open[identity] = WeakDatabase(database: database)
      return (database, true)
    }
    if isNew {
      do {
        try database.start()
        database.started.set(.success(()))
      } catch {
        database.started.set(.failure(error))
        openDatabases.withLock { open in
          if open[identity]?.database === database { open[identity] = nil }
        }
      }
      database.startedSignal.signal()
    } else {
      try BlockingBridge.checkMayBlock()
      // NB: another thread may be starting it; each waiter passes the signal on.
      database.startedSignal.wait()
      database.startedSignal.signal()
    }
    try database.started.get()
    return database
  }

  /// The server, database and role of `configuration`: never its password.
  static func identity(of configuration: PostgresClient.Configuration) -> String {
    let server = configuration.unixSocketPath ?? "\(configuration.host ?? ""):\(configuration.port ?? 0)"
    let database = configuration.database.flatMap { $0.isEmpty ? nil : $0 } ?? configuration.username
    return "\(configuration.username)@\(server)/\(database)"
  }

  private init(configuration: PostgresClient.Configuration, name: String) {
    self.client = PostgresClient(configuration: configuration)
    self.bridge = BlockingBridge(eventLoop: MultiThreadedEventLoopGroup.singleton.any())
    self.name = name
  }

  /// Runs the client, prepares the table, and listens; returns once the server listens, so that
  /// a replica loaded afterwards misses no notification.
  private func start() throws {
    let client = client
    let logger = logger
    tasks.withLock { $0.append(bridge.start { await client.run() }) }
    try bridge.wait {
      try await client.withConnection { connection in
        try await SettingsTable.prepare(on: connection, logger: logger)
      }
    }
    let listening = DispatchSemaphore(value: 0)
    let failure = ResultBox<Void>()
    let hasListened = Locked(false)
    let listener = bridge.start { [weak self, name] in
      do {
        try await client.withConnection { connection in
          try await connection.listen(on: SettingsTable.channel) { notifications in
            hasListened.withLock { $0 = true }
            failure.set(.success(()))
            listening.signal()
            for try await notification in notifications {
              self?.changed(suite: notification.payload)
            }
          }
        }
      } catch {
        guard hasListened.withLock({ $0 }) else {
          failure.set(.failure(error))
          listening.signal()
          return
        }
        // NB: a store that stops hearing of other processes' changes says so; it still fetches
        // them inside each of its own writes.
        if !Task.isCancelled {
          DefaultsWarning.report(
            DefaultsWarning(
              .storeNotCurrent, store: name,
              detail: "stopped hearing of the changes made elsewhere: its listening connection ended",
              underlying: error))
        }
      }
    }
    tasks.withLock { $0.append(listener) }
    listening.wait()
    try failure.get()
  }

  /// Tells the replicas of `suite` (of every suite, for an empty name) to catch up.
  private func changed(suite: String) {
    let replicas = listeners.withLock { listeners in
      suite.isEmpty ? listeners.values.flatMap(\.values) : Array((listeners[suite] ?? [:]).values)
    }
    for replica in replicas { replica.replica?.catchUpSoon() }
  }

  /// Tells `replica` of its suite's changes until it goes.
  func listen(_ replica: Replica) {
    listeners.withLock {
      $0[replica.suite, default: [:]][ObjectIdentifier(replica)] = WeakReplica(replica: replica)
    }
  }

  func stopListening(_ replica: Replica) {
    listeners.withLock { listeners in
      listeners[replica.suite]?[ObjectIdentifier(replica)] = nil
      if listeners[replica.suite]?.isEmpty == true { listeners[replica.suite] = nil }
    }
  }

  deinit {
    // NB: the listening connection goes back to the pool, and the pool closes its connections.
    // The listener is cancelled before the pool's run: a closing pool ends the listening
    // connection, which a listener not yet cancelled would report as lost.
    for task in tasks.withLock({ $0 }).reversed() { task.cancel() }
  }

  private struct WeakDatabase {
    weak var database: SharedDatabase?
  }

  private struct WeakReplica {
    weak var replica: Replica?
  }
}

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
extension SharedDatabase: CustomStringConvertible {
  var description: String { name }
}
