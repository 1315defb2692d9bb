import Foundation

/// A PostgreSQL server of the tests' own: a cluster made with the installed `initdb` in a
/// temporary folder, listening on a Unix socket there only (no port to collide with other runs),
/// run as the `postgres` user when the tests run as root (the server refuses root), and removed
/// with its folder by ``stop()``.
public final class PostgresServer: Sendable {
  /// The folder of the installed server's programs, if PostgreSQL is installed.
  public static let binaries: URL? = findBinaries()
  /// Set (to anything) where the tests must not skip for want of PostgreSQL: `.ci/run` sets it.
  public static let requiredVariable = "USERDEFAULTSKIT_REQUIRE_POSTGRES"
  /// Whether the tests that need a server run: PostgreSQL is installed, or it is required (and
  /// then its absence fails them).
  public static var shouldRun: Bool {
    binaries != nil || ProcessInfo.processInfo.environment[requiredVariable] != nil
  }

  /// The database the tests use, made when the server starts.
  public static let databaseName = "userdefaultskit_tests"
  /// The superuser, which trusts local connections.
  public static let superuser = "postgres"

  /// The folder with the cluster and the socket.
  public let folder: URL
  /// The socket's path, for `PostgresClient.Configuration(unixSocketPath:...)`.
  public var socketPath: String { folder.appendingPathComponent(".s.PGSQL.5432").path }
  private let binaryFolder: URL
  private let runsAsPostgresUser: Bool

  /// Makes a cluster, starts its server, waits until it accepts connections, and creates
  /// ``databaseName``.
  public static func start() throws -> PostgresServer {
    guard let binaries else {
      throw ServerError("PostgreSQL is required (\(requiredVariable) is set) but not installed")
    }
    let runsAsPostgresUser = getuid() == 0
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "userdefaultskit-postgres-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    if runsAsPostgresUser {
      guard let user = getpwnam("postgres") else {
        throw ServerError("no 'postgres' user to run the server as")
      }
      guard chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
        throw ServerError("cannot give \(folder.path) to the 'postgres' user")
      }
    }
    let data = folder.appendingPathComponent("data").path
    try run(
      binaries.appendingPathComponent("initdb"),
      ["-D", data, "-U", superuser, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"],
      asPostgresUser: runsAsPostgresUser)
    let started = PostgresServer(
      folder: folder, binaryFolder: binaries, runsAsPostgresUser: runsAsPostgresUser)
    do {
      try started.startServer()
      try started.psql("CREATE DATABASE \(databaseName)", database: "postgres")
    } catch {
      started.stop()
      throw error
    }
    return started
  }

  private init(folder: URL, binaryFolder: URL, runsAsPostgresUser: Bool) {
    self.folder = folder
    self.binaryFolder = binaryFolder
    self.runsAsPostgresUser = runsAsPostgresUser
  }

  /// Runs `sql` with `psql` as `user` (the superuser unless given) and returns what it prints,
  /// unaligned and without headers; throws with psql's message if it fails.
  @discardableResult
  public func psql(_ sql: String, database: String = databaseName, user: String = superuser) throws -> String
  {
    try Self.run(
      binaryFolder.appendingPathComponent("psql"),
      ["-h", folder.path, "-U", user, "-d", database, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql],
      asPostgresUser: false)
  }

  /// Starts the cluster's server; returns once it accepts connections.
  public func startServer() throws {
    // NB: pg_ctl waits (-w) until the server accepts connections, and leaves it running.
    try pgCtl([
      "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60", "-o",
      "-k \(folder.path) -c listen_addresses= -c fsync=off -c max_connections=200", "start",
    ])
  }

  /// Stops the server and keeps its cluster, as an outage would: every connection ends, and
  /// nothing connects until ``startServer()``.
  public func stopServer() throws {
    try pgCtl(["-m", "fast", "-w", "stop"])
  }

  /// Runs `pg_ctl` on the cluster with `arguments`.
  private func pgCtl(_ arguments: [String]) throws {
    try Self.run(
      binaryFolder.appendingPathComponent("pg_ctl"),
      ["-D", folder.appendingPathComponent("data").path] + arguments,
      asPostgresUser: runsAsPostgresUser)
  }

  /// Stops the server (an immediate shutdown: the cluster is thrown away) and removes its folder.
  public func stop() {
    _ = try? Self.run(
      binaryFolder.appendingPathComponent("pg_ctl"),
      ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"],
      asPostgresUser: runsAsPostgresUser)
    try? FileManager.default.removeItem(at: folder)
  }

  private static func findBinaries() -> URL? {
    var candidates: [URL] = []
    if let bindir = try? run(
      URL(fileURLWithPath: "/usr/bin/env"), ["pg_config", "--bindir"], asPostgresUser: false)
    {
      candidates.append(URL(fileURLWithPath: bindir.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    for version in versions.sorted(by: >) {
      candidates.append(URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin"))
    }
    return candidates.first { folder in
      ["initdb", "pg_ctl", "postgres", "psql"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent($0).path)
      }
    }
  }

  /// Runs `program` to its end; its output, or an error with what it printed.
  ///
  /// NB: spawned and waited for with POSIX calls rather than `Process`, whose `waitUntilExit()`
  /// was seen never to return for `runuser` running `pg_ctl start` (left a zombie, unnoticed).
  @discardableResult
  private static func run(_ program: URL, _ arguments: [String], asPostgresUser: Bool) throws -> String {
    let command =
      (asPostgresUser ? ["/usr/sbin/runuser", "-u", "postgres", "--", program.path] : [program.path])
      + arguments
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "userdefaultskit-postgres-output-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
    guard spawned == 0 else { throw ServerError("cannot run \(command[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    // NB: a normal exit has no signal in the low 7 bits and its code in the next 8.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw ServerError("\(program.lastPathComponent) failed (status \(status)): \(text)")
    }
    return text
  }

  /// What went wrong while starting or using the server.
  public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }
}
