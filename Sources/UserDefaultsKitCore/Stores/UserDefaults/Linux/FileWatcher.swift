#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// Watches files with one inotify descriptor and one thread for the whole process: Foundation
  /// on Linux posts nothing when another process changes a suite. A folder is watched only while
  /// one of its files has a handler. A folder that does not exist, or is removed, is looked for
  /// four times a second until it (again) does (within a second when it was missing from the
  /// start); its handlers are called when it goes and when it comes back. Watching never creates
  /// anything.
  final class FileWatcher: @unchecked Sendable {
    // NB: the tables are guarded by `lock`; the thread only reads events and looks handlers up.
    static let shared = FileWatcher()

    private let descriptor: Int32
    private let lock = NSLock()
    /// The watch of each watched folder; -1 while it does not exist.
    private var folders: [String: Int32] = [:]
    private var handlers: [String: [String: [Int: @Sendable () -> Void]]] = [:]
    private var nextID = 0

    private init() {
      descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard descriptor >= 0 else { return }
      let thread = Thread { FileWatcher.shared.readEvents() }
      thread.name = "UserDefaultsKit.FileWatcher"
      thread.start()
    }

    /// Calls `handler` on the watcher's thread whenever `url` is written, replaced or removed,
    /// until the returned observation ends; nil when the platform cannot watch files.
    func watch(_ url: URL, handler: @escaping @Sendable () -> Void) -> DefaultsObservation? {
      guard descriptor >= 0 else { return nil }
      let folder = url.deletingLastPathComponent().path
      let name = url.lastPathComponent
      let id = lock.withLock {
        if folders[folder] == nil { folders[folder] = addWatch(folder) }
        defer { nextID += 1 }
        handlers[folder, default: [:]][name, default: [:]][nextID] = handler
        return nextID
      }
      return DefaultsObservation { [weak self] in self?.unwatch(id, name: name, folder: folder) }
    }

    private func addWatch(_ folder: String) -> Int32 {
      // NB: `IN_MODIFY` for a journaled suite's journal, which writers append to without closing it.
      let mask =
        IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF
      return max(-1, inotify_add_watch(descriptor, folder, UInt32(mask)))
    }

    private func unwatch(_ id: Int, name: String, folder: String) {
      // NB: the handler is released after the lock: it may hold the last reference to a store,
      // whose release takes the library's write lock, which `watch` is called with.
      let removed: (@Sendable () -> Void)? = lock.withLock {
        let removed = handlers[folder]?[name]?.removeValue(forKey: id)
        if handlers[folder]?[name]?.isEmpty == true { handlers[folder]?[name] = nil }
        if handlers[folder]?.isEmpty == true {
          handlers[folder] = nil
          if let watch = folders.removeValue(forKey: folder), watch >= 0 {
            inotify_rm_watch(descriptor, watch)
          }
        }
        return removed
      }
      withExtendedLifetime(removed) {}
    }

    #if DEBUG
      /// How many handlers watch `url`: a figure for tests, which check that watches end.
      func handlerCount(for url: URL) -> Int {
        lock.withLock { handlers[url.deletingLastPathComponent().path]?[url.lastPathComponent]?.count ?? 0 }
      }
    #endif

    private func readEvents() {
      let capacity = 64 * 1024
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      defer { buffer.deallocate() }
      while true {
        let waiting = lock.withLock { folders.values.contains(-1) }
        var events = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        // NB: a folder watched after this thread went to sleep is looked for within a second.
        if poll(&events, 1, waiting ? 250 : 1_000) < 0, errno != EINTR { usleep(250_000) }
        var fired = lock.withLock { comeBack() }
        let count = read(descriptor, buffer, capacity)
        var offset = 0
        while count > 0, offset + MemoryLayout<inotify_event>.size <= count {
          let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
          let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
          let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
          fired += lock.withLock { handlers(for: event, name: name) }
          offset += MemoryLayout<inotify_event>.size + Int(event.len)
        }
        // NB: handlers compare the files' stamps with the last ones they read, so the several
        // events of one write cost one read, and the library's own writes none.
        for handler in fired { handler() }
      }
    }

    private func handlers(for event: inotify_event, name: String) -> [@Sendable () -> Void] {
      // NB: events were lost: every folder is watched again (a lost one is looked for) and every
      // handler reads its files again.
      if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
        for folder in folders.keys { folders[folder] = addWatch(folder) }
        return handlers.values.flatMap { $0.values.flatMap(\.values) }
      }
      guard let folder = folders.first(where: { $0.value == event.wd })?.key else { return [] }
      guard event.mask & UInt32(IN_IGNORED | IN_DELETE_SELF) != 0 else {
        return handlers[folder]?[name].map { Array($0.values) } ?? []
      }
      folders[folder] = -1
      return handlers[folder]?.values.flatMap(\.values) ?? []
    }

    /// Watches the folders that came back; returns the handlers of their files.
    private func comeBack() -> [@Sendable () -> Void] {
      var fired: [@Sendable () -> Void] = []
      for (folder, watch) in folders where watch < 0 {
        let added = addWatch(folder)
        guard added >= 0 else { continue }
        folders[folder] = added
        fired += handlers[folder]?.values.flatMap(\.values) ?? []
      }
      return fired
    }
  }
#endif
