import Foundation
import PostgresNIO
import UserDefaultsKitCore

/// Runs the store's database work (postgres-nio is async) for its synchronous requirements
/// (`DefaultsStore` is synchronous: a property's setter writes), and waits for it.
///
/// The work runs on an event loop (``SharedDatabase``'s), as its task executor: not on Swift's
/// cooperative pool, whose few threads may all be blocked in such waits (tests and request
/// handlers run there), which would then wait for each other forever. The waiting thread must not
/// be an event loop's either: the work may need that very loop. ``wait(_:)`` refuses to block one,
/// with a ``DefaultsError`` that says so.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
struct BlockingBridge: Sendable {
  let eventLoop: any EventLoop

  /// Starts `work` on the executor and returns at once.
  @discardableResult
  func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    Task(executorPreference: EventLoopTaskExecutor(eventLoop: eventLoop), operation: work)
  }

  /// Runs `work` and blocks this thread until it is done, or for `timeout` at most: then the work
  /// is cancelled and the wait throws a ``TimeoutError``.
  func wait<T: Sendable>(timeout: Duration, _ work: @escaping @Sendable () async throws -> T) throws -> T {
    try Self.checkMayBlock()
    let done = DispatchSemaphore(value: 0)
    let result = ResultBox<T>()
    let task = start {
      do {
        result.set(.success(try await work()))
      } catch {
        result.set(.failure(error))
      }
      done.signal()
    }
    guard done.wait(timeout: .now() + timeout.timeInterval) == .success else {
      task.cancel()
      throw TimeoutError(timeout: timeout)
    }
    return try result.get()
  }

  /// Fails on an event loop's thread, where a blocking wait could wait for itself.
  static func checkMayBlock() throws(DefaultsError) {
    guard MultiThreadedEventLoopGroup.currentEventLoop == nil else {
      throw DefaultsError(
        .writeFailed,
        detail: "a PostgreSQL store's opening, writes and updates block until the database "
          + "answers, and this thread is a SwiftNIO event loop's, which the database work may "
          + "need: call from another thread or task")
    }
  }
}

/// The database did not answer within the store's timeout (the server is down or unreachable, or
/// the pool has no connection to give).
struct TimeoutError: Error, CustomStringConvertible {
  let timeout: Duration
  var description: String { "no answer from the database within \(timeout)" }
}

@available(macOS 13, iOS 16, watchOS 9, tvOS 16, *)
extension Duration {
  /// The duration in seconds, for Dispatch.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

/// The result of work done on another thread, handed to the thread that waits for it.
final class ResultBox<T: Sendable>: Sendable {
  private let result = Locked<Result<T, any Error>?>(nil)

  func set(_ value: Result<T, any Error>) {
    result.withLock { $0 = value }
  }

  func get() throws -> T {
    guard let value = result.withLock({ $0 }) else { preconditionFailure("read before it was set") }
    return try value.get()
  }
}

/// A task executor that runs jobs on one SwiftNIO event loop.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
final class EventLoopTaskExecutor: TaskExecutor {
  let eventLoop: any EventLoop

  init(eventLoop: any EventLoop) {
    self.eventLoop = eventLoop
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
