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
  /// Whether ``start(timeout:)`` succeeded; set once, before `startedSignal` is signalled.
  private let started = ResultBox<Void>()
  private let startedSignal = DispatchSemaphore(value: 0)
  /// The replicas to tell of changes, by suite.
  private let listeners = Locked<[String: [ObjectIdentifier: WeakReplica]]>([:])

  /// Whether the listening connection listens, and how many times it started to: a replica that
  /// caught up after the current start misses no change.
  private let listenState = Locked<(starts: Int, isListening: Bool)>((0, false))

  /// The databases in use in this process, by ``identity(of:)``.
  private static let openDatabases = Locked<[String: WeakDatabase]>([:])

  /// The one thread of the process's database work and of its connections: a write's steps then
  /// run where its connection's answers arrive, instead of waking another thread at each. Like
  /// SwiftNIO's shared group, it lives as long as the process.
  private static let eventLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1)

  /// The first wait before listening again after the listening connection ended, doubled after
  /// each failed attempt up to ``maximumReconnectDelay``.
  static let firstReconnectDelay = Duration.milliseconds(100)
  static let maximumReconnectDelay = Duration.seconds(5)

  /// The database `configuration` names, ready: its table prepared, its notifications listened to.
  /// Throws if that takes longer than `timeout`.
  static func database(for configuration: PostgresClient.Configuration, timeout: Duration) throws
    -> SharedDatabase
  {
    let identity = identity(of: configuration)
    let (database, isNew) = openDatabases.withLock { open in
      if let database = open[identity]?.database { return (database, false) }
      let database = SharedDatabase(configuration: configuration, name: identity)
      open[identity] = WeakDatabase(database: database)
      return (database, true)
    }
    if isNew {
      do {
        try database.start(timeout: timeout)
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
    self.client = PostgresClient(configuration: configuration, eventLoopGroup: Self.eventLoop)
    self.bridge = BlockingBridge(eventLoop: Self.eventLoop.next())
    self.name = name
  }

  /// The number of the listening connection's current start while it listens; nil while it does
  /// not.
  var listeningStart: Int? {
    listenState.withLock { $0.isListening ? $0.starts : nil }
  }

  /// Runs the client, prepares the table, and listens; returns once the server listens, so that
  /// a replica loaded afterwards misses no notification. Throws if any of it fails or takes
  /// longer than `timeout`; once it listened, the listening connection is started again whenever
  /// it ends (``listenAgainAfterItEnds(client:database:firstListen:)``).
  private func start(timeout: Duration) throws {
    let client = client
    let logger = logger
    tasks.withLock { $0.append(bridge.start { await client.run() }) }
    try bridge.wait(timeout: timeout) {
      try await client.withConnection { connection in
        try await SettingsTable.prepare(on: connection, logger: logger)
      }
    }
    let firstListen = ResultBox<Void>()
    let listening = DispatchSemaphore(value: 0)
    let listener = bridge.start { [client, weak self] in
      await Self.listenAgainAfterItEnds(client: client, database: WeakDatabase(database: self)) { result in
        firstListen.set(result)
        listening.signal()
      }
    }
    tasks.withLock { $0.append(listener) }
    guard listening.wait(timeout: .now() + timeout.timeInterval) == .success else {
      listener.cancel()
      throw TimeoutError(timeout: timeout)
    }
    try firstListen.get()
  }

  /// Listens until the task is cancelled: each time the listening connection ends (the server
  /// restarted, the connection was ended), waits (``firstReconnectDelay``, doubled after each
  /// failed attempt up to ``maximumReconnectDelay``) and listens again on a connection from the
  /// pool; each time it listens, every replica catches up on what it missed. `firstListen` hears
  /// whether the first attempt listened; if it did not, no other is made.
  /// The loop holds `database` weakly: it ends when the database goes (which cancels it).
  private static func listenAgainAfterItEnds(
    client: PostgresClient, database: WeakDatabase,
    firstListen: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) async {
    var hasListened = false
    var delay = Self.firstReconnectDelay
    while !Task.isCancelled {
      let listened = Locked(false)
      let ended: any Error
      do {
        try await client.withConnection { connection in
          try await connection.listen(on: SettingsTable.channel) { notifications in
            listened.withLock { $0 = true }
            database.database?.startedListening()
            if !hasListened { firstListen(.success(())) }
            for try await notification in notifications {
              let (seq, suite) = SettingsTable.notification(notification.payload)
              database.database?.changed(suite: suite, seq: seq)
            }
          }
        }
        ended = ListeningEnded()
      } catch {
        ended = error
      }
      guard hasListened || listened.withLock({ $0 }) else {
        firstListen(.failure(ended))
        return
      }
      if listened.withLock({ $0 }) {
        hasListened = true
        delay = Self.firstReconnectDelay
        database.database?.stoppedListening(because: ended)
      }
      try? await Task.sleep(for: delay)
      delay = min(delay * 2, Self.maximumReconnectDelay)
    }
  }

  /// Marks a new start of listening, and has every replica catch up on what it missed before it.
  private func startedListening() {
    listenState.withLock {
      $0.starts += 1
      $0.isListening = true
    }
    changed(suite: "", seq: nil)
  }

  /// Marks the replicas not current until the connection listens again, and says so.
  private func stoppedListening(because error: any Error) {
    listenState.withLock { $0.isListening = false }
    guard !Task.isCancelled else { return }
    DefaultsWarning.report(
      DefaultsWarning(
        .storeNotCurrent, store: name,
        detail: "stopped hearing of the changes made elsewhere until it listens again: its listening "
          + "connection ended",
        underlying: error))
  }

  /// Tells the replicas of `suite` (of every suite, for an empty name) of the change numbered
  /// `seq` (nil: of changes they may have missed), so that they catch up.
  private func changed(suite: String, seq: Int64?) {
    let replicas = listeners.withLock { listeners in
      suite.isEmpty ? listeners.values.flatMap(\.values) : Array((listeners[suite] ?? [:]).values)
    }
    for replica in replicas { replica.replica?.heard(suite.isEmpty ? nil : seq) }
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

  /// The server ended the notifications without an error.
  private struct ListeningEnded: Error, CustomStringConvertible {
    var description: String { "the listening connection ended" }
  }

  private struct WeakDatabase: Sendable {
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
