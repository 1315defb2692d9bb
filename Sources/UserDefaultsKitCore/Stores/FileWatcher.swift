#if !canImport(Darwin)
  import Foundation
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// Watches files with one inotify descriptor and one thread for the whole process: Foundation
  /// on Linux posts nothing when another process changes a suite.
  final class FileWatcher: @unchecked Sendable {
    // NB: `state` is guarded by `lock`; the thread only reads events and looks handlers up.
    static let shared = FileWatcher()

    private let descriptor: Int32
    private let lock = NSLock()
    private var directories: [String: Int32] = [:]
    private var handlers: [Int32: [String: @Sendable () -> Void]] = [:]

    private init() {
      descriptor = inotify_init1(Int32(IN_CLOEXEC))
      guard descriptor >= 0 else { return }
      let thread = Thread { [descriptor] in FileWatcher.readEvents(from: descriptor) }
      thread.name = "UserDefaultsKit.FileWatcher"
      thread.start()
    }

    /// Calls `handler` on the watcher's thread whenever `url` is written, replaced or removed.
    /// Returns false when the platform cannot watch (no inotify, a folder that cannot be made).
    @discardableResult
    func watch(_ url: URL, handler: @escaping @Sendable () -> Void) -> Bool {
      guard descriptor >= 0 else { return false }
      let directory = url.deletingLastPathComponent().path
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      lock.lock()
      defer { lock.unlock() }
      let watch: Int32
      if let existing = directories[directory] {
        watch = existing
      } else {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        watch = inotify_add_watch(descriptor, directory, mask)
        guard watch >= 0 else { return false }
        directories[directory] = watch
      }
      handlers[watch, default: [:]][url.lastPathComponent] = handler
      return true
    }

    private func handler(watch: Int32, name: String) -> (@Sendable () -> Void)? {
      lock.lock()
      defer { lock.unlock() }
      return handlers[watch]?[name]
    }

    private static func readEvents(from descriptor: Int32) {
      let capacity = 64 * 1024
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      defer { buffer.deallocate() }
      while true {
        let count = read(descriptor, buffer, capacity)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return }
        var offset = 0
        var fired: [@Sendable () -> Void] = []
        while offset + MemoryLayout<inotify_event>.size <= count {
          let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
          let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
          let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
          if let handler = shared.handler(watch: event.wd, name: name) { fired.append(handler) }
          offset += MemoryLayout<inotify_event>.size + Int(event.len)
        }
        for handler in fired { handler() }
      }
    }
  }
#endif
