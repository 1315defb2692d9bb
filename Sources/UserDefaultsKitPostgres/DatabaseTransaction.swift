import Foundation
import PostgresNIO

/// One transaction on one pooled connection, driven step by step from a synchronous caller: an
/// update's body runs on the caller's thread between the transaction's first statements and its
/// `COMMIT`. Each step runs on the bridge's executor while the caller waits for its result, for
/// the store's timeout at most; the connection is held until ``finish(commit:)``.
///
/// A step that does not answer in time abandons the transaction: its connection is closed (so the
/// server rolls back whatever it had not committed, and the pool never lends a connection inside
/// a transaction), a connection still awaited from the pool is no longer awaited, and every later
/// step throws at once.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
final class DatabaseTransaction: Sendable {
  typealias Step = @Sendable (Result<PostgresConnection, any Error>) async -> Void

  private let steps: AsyncStream<Step>.Continuation
  private let logger: Logger
  private let timeout: Duration
  private let connection: Locked<PostgresConnection?>
  private let abandoned = Locked<TimeoutError?>(nil)
  private let task: Task<Void, Never>

  /// Leases a connection from `client` and sends `BEGIN`; throws if either fails or does not
  /// answer within `timeout`.
  init(client: PostgresClient, bridge: BlockingBridge, logger: Logger, timeout: Duration) throws {
    try BlockingBridge.checkMayBlock()
    let (stream, continuation) = AsyncStream<Step>.makeStream()
    self.steps = continuation
    self.logger = logger
    self.timeout = timeout
    let leased = Locked<PostgresConnection?>(nil)
    self.connection = leased
    task = bridge.start {
      do {
        try await client.withConnection { connection in
          leased.withLock { $0 = connection }
          for await step in stream { await step(.success(connection)) }
        }
      } catch {
        // NB: the lease failed, or was cut; every step left fails with its error.
        for await step in stream { await step(.failure(error)) }
      }
    }
    do {
      try run { connection, logger in _ = try await connection.query("BEGIN", logger: logger) }
    } catch {
      steps.finish()
      throw error
    }
  }

  /// Runs `work` on the transaction's connection and waits for its result.
  func run<T: Sendable>(_ work: @escaping @Sendable (PostgresConnection, Logger) async throws -> T) throws
    -> T
  {
    if let abandoned = abandoned.withLock({ $0 }) { throw abandoned }
    let done = DispatchSemaphore(value: 0)
    let result = ResultBox<T>()
    steps.yield { [logger] connection in
      do {
        result.set(.success(try await work(connection.get(), logger)))
      } catch {
        result.set(.failure(error))
      }
      done.signal()
    }
    guard done.wait(timeout: .now() + timeout.timeInterval) == .success else {
      let error = TimeoutError(timeout: timeout)
      abandoned.withLock { $0 = error }
      connection.withLock { $0 }?.close().whenComplete { _ in }
      task.cancel()
      throw error
    }
    return try result.get()
  }

  /// Commits (or rolls back) and gives the connection back; throws if the commit fails, in which
  /// case nothing of the transaction was stored, or if its answer is lost (the connection ended or
  /// the timeout passed while committing), in which case it may have been stored: the replica
  /// then reads it from the table like any other change.
  func finish(commit: Bool) throws {
    defer { steps.finish() }
    try run { connection, logger in
      _ = try await connection.query(commit ? "COMMIT" : "ROLLBACK", logger: logger)
    }
  }
}
