import Foundation

/// Where the observers of one store (or of one kind of report) are called from.
///
/// The library queues each change's announcement while it holds its locks, and runs the queue once
/// the thread holds none of them, so a handler may take a lock of its own or wait for another
/// thread (`DispatchQueue.main.sync`) without deadlocking with a writer. Handlers of one queue run
/// one at a time, in the order the changes were made: on the thread that made the change, before
/// the write returns; if another thread is running that queue's handlers at that moment (it may be
/// waiting for the writer), the write returns and that thread runs this one right after. A handler
/// that writes has its change announced after it returns. Changes made in another process are
/// announced on the thread that noticed them (the library's watcher on Linux, Foundation's
/// notifying thread on Apple platforms).
final class AnnouncementQueue: Sendable {
  private struct State {
    var waiting: [@Sendable () -> Void] = []
    var isRunning = false
  }

  private let state = Locked(State())

  /// Queues `announcement`; call it with the lock that orders the change held, so that the queue
  /// keeps the changes' order. It runs when this thread holds no library lock: at once, or when it
  /// lets go of the last.
  func post(_ announcement: @escaping @Sendable () -> Void) {
    state.withLock { $0.waiting.append(announcement) }
    if !LibraryThread.current.deferRun(of: self) { run() }
  }

  /// Runs the waiting announcements, unless another thread is running them (it runs these too).
  func run() {
    let starts = state.withLock { state in
      guard !state.isRunning, !state.waiting.isEmpty else { return false }
      state.isRunning = true
      return true
    }
    guard starts else { return }
    while let next = state.withLock({ state -> (@Sendable () -> Void)? in
      guard !state.waiting.isEmpty else {
        state.isRunning = false
        return nil
      }
      return state.waiting.removeFirst()
    }) {
      next()
    }
  }
}

/// A recursive lock of the library. While a thread holds any of them, the announcements it queues
/// wait; when it lets go of the last, it runs them (see ``AnnouncementQueue``).
package final class LibraryLock: Sendable {
  private let lock = NSRecursiveLock()

  package init() {}

  package func withLock<R, Failure>(_ body: () throws(Failure) -> R) throws(Failure) -> R {
    try LibraryThread.holding { () throws(Failure) in
      lock.lock()
      defer { lock.unlock() }
      return try body()
    }
  }

  /// Runs `body` holding the lock if no other thread holds it now; nil, at once, if one does.
  func withLockIfFree<R>(_ body: () -> R) -> R? {
    LibraryThread.holding {
      guard lock.try() else { return nil }
      defer { lock.unlock() }
      return body()
    }
  }
}

/// What the library keeps for the current thread: how many of its locks the thread holds, and the
/// queues it posted to meanwhile.
final class LibraryThread {
  private var locksHeld = 0
  private var posted: [AnnouncementQueue] = []

  /// Where each thread keeps its record: a thread-specific key, as a lookup in Foundation's
  /// `threadDictionary` costs several microseconds on Linux, and every lock of the library asks.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    // NB: a thread's record goes with the thread.
    let created = pthread_key_create(&key) { pointer in
      let record: UnsafeMutableRawPointer? = pointer
      if let record { Unmanaged<LibraryThread>.fromOpaque(record).release() }
    }
    precondition(created == 0, "UserDefaultsKit: the process has no thread-specific key left")
    return key
  }()

  static var current: LibraryThread {
    if let record = pthread_getspecific(key) {
      return Unmanaged<LibraryThread>.fromOpaque(record).takeUnretainedValue()
    }
    let thread = LibraryThread()
    pthread_setspecific(key, Unmanaged.passRetained(thread).toOpaque())
    return thread
  }

  /// Runs `body`, which holds a lock of the library (a ``LibraryLock``, or another it takes inside),
  /// and then, if the thread holds no other, the announcements queued meanwhile.
  static func holding<R, Failure>(_ body: () throws(Failure) -> R) throws(Failure) -> R {
    let thread = current
    thread.locksHeld += 1
    defer {
      thread.locksHeld -= 1
      if thread.locksHeld == 0, !thread.posted.isEmpty {
        let queues = thread.posted
        thread.posted = []
        for queue in queues { queue.run() }
      }
    }
    return try body()
  }

  /// Whether the thread holds a lock of the library.
  var holdsLocks: Bool { locksHeld > 0 }

  /// Queues `queue` to run when the thread holds no lock of the library; false when it holds none
  /// now, and the caller runs it.
  func deferRun(of queue: AnnouncementQueue) -> Bool {
    guard locksHeld > 0 else { return false }
    if !posted.contains(where: { $0 === queue }) { posted.append(queue) }
    return true
  }
}
