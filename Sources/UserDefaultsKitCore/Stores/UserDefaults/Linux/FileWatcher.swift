#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// Watches files with one inotify descriptor and one thread for the whole process: Foundation
  /// on Linux posts nothing when another process changes a suite. A folder is watched only while
  /// one of its files has a handler.
  final class FileWatcher: @unchecked Sendable {
    // NB: the tables are guarded by `lock`; the thread only reads events and looks handlers up.
    static let shared = FileWatcher()

    private let descriptor: Int32
    private let lock = NSLock()
    private var folders: [String: Int32] = [:]
    private var handlers: [Int32: [String: [Int: @Sendable () -> Void]]] = [:]
    private var nextID = 0

    private init() {
      descriptor = inotify_init1(Int32(IN_CLOEXEC))
      guard descriptor >= 0 else { return }
      let thread = Thread { [descriptor] in FileWatcher.readEvents(from: descriptor) }
      thread.name = "UserDefaultsKit.FileWatcher"
      thread.start()
    }

    /// Calls `handler` on the watcher's thread whenever `url` is written, replaced or removed,
    /// until the returned observation ends; nil when the platform cannot watch it.
    func watch(_ url: URL, handler: @escaping @Sendable () -> Void) -> DefaultsObservation? {
      guard descriptor >= 0 else { return nil }
      let folder = url.deletingLastPathComponent().path
      let name = url.lastPathComponent
      try? POSIXFile.makeDirectory(folder)
      lock.lock()
      defer { lock.unlock() }
      let watch: Int32
      if let existing = folders[folder] {
        watch = existing
      } else {
        // NB: `IN_MODIFY` for a journaled suite's log, which writers append to without closing it.
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        watch = inotify_add_watch(descriptor, folder, mask)
        guard watch >= 0 else { return nil }
        folders[folder] = watch
      }
      let id = nextID
      nextID += 1
      handlers[watch, default: [:]][name, default: [:]][id] = handler
      return DefaultsObservation { [weak self] in self?.unwatch(id, name: name, folder: folder) }
    }

    private func unwatch(_ id: Int, name: String, folder: String) {
      // NB: the handler is released after the lock: it may hold the last reference to a store,
      // whose release takes the library's write lock, which `watch` is called with.
      let removed: (@Sendable () -> Void)? = lock.withLock {
        guard let watch = folders[folder] else { return nil }
        let removed = handlers[watch]?[name]?.removeValue(forKey: id)
        if handlers[watch]?[name]?.isEmpty == true { handlers[watch]?[name] = nil }
        if handlers[watch]?.isEmpty == true {
          handlers[watch] = nil
          folders[folder] = nil
          inotify_rm_watch(descriptor, watch)
        }
        return removed
      }
      withExtendedLifetime(removed) {}
    }

    /// How many handlers watch `url`: a figure for tests, which check that watches end.
    func handlerCount(for url: URL) -> Int {
      lock.lock()
      defer { lock.unlock() }
      guard let watch = folders[url.deletingLastPathComponent().path] else { return 0 }
      return handlers[watch]?[url.lastPathComponent]?.count ?? 0
    }

    private func handlers(watch: Int32, name: String) -> [@Sendable () -> Void] {
      lock.lock()
      defer { lock.unlock() }
      return handlers[watch]?[name].map { Array($0.values) } ?? []
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
          fired += shared.handlers(watch: event.wd, name: name)
          offset += MemoryLayout<inotify_event>.size + Int(event.len)
        }
        // NB: handlers compare the file's stamp with the last one they saw, so the several events
        // of one write cost one reload, and the library's own writes none.
        for handler in fired { handler() }
      }
    }
  }
#endif
