import Foundation
import PostgresNIO

/// One transaction on one pooled connection, driven step by step from a synchronous caller: an
/// update's body runs on the caller's thread between the transaction's first statements and its
/// `COMMIT`. Each step runs on the bridge's executor while the caller waits for its result; the
/// connection is held until ``finish(commit:)``.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
final class DatabaseTransaction: Sendable {
  typealias Step = @Sendable (Result<PostgresConnection, any Error>) async -> Void

  private let steps: AsyncStream<Step>.Continuation
  private let bridge: BlockingBridge
  private let logger: Logger

  /// Leases a connection from `client` and sends `BEGIN`; throws if either fails.
  init(client: PostgresClient, bridge: BlockingBridge, logger: Logger) throws {
    try BlockingBridge.checkMayBlock()
    let (stream, continuation) = AsyncStream<Step>.makeStream()
    self.steps = continuation
    self.bridge = bridge
    self.logger = logger
    bridge.start {
      do {
        try await client.withConnection { connection in
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
    done.wait()
    return try result.get()
  }

  /// Commits (or rolls back) and gives the connection back; throws if the commit fails, in which
  /// case nothing of the transaction was stored.
  func finish(commit: Bool) throws {
    defer { steps.finish() }
    try run { connection, logger in
      _ = try await connection.query(commit ? "COMMIT" : "ROLLBACK", logger: logger)
    }
  }
}
