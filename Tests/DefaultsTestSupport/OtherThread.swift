import Foundation

/// Runs `body` on a new thread and waits for it to return, at most `seconds`: for tests of code
/// that must not wait for the thread it runs on (a deadlock then shows as `.timedOut`, and the
/// stuck thread is left behind instead of the test).
public func runOnAnotherThread(waitingAtMost seconds: Double = 1, _ body: @escaping @Sendable () -> Void)
  -> DispatchTimeoutResult
{
  let returned = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    returned.signal()
  }
  return returned.wait(timeout: .now() + seconds)
}
