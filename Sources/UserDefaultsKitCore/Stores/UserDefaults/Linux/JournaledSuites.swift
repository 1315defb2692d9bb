#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// How a journaled suite writes (see ``UserDefaultsStore/journaledSuite(_:in:flushesEachWrite:)``).
  struct JournalOptions: Sendable, Equatable {
    /// Whether each write is flushed to the disk before it returns.
    let flushesEachWrite: Bool
  }

  /// The journaled suites open in this process, whose logs are folded into their files when the
  /// process exits, so that Foundation readers (in this process too, or any other) see them.
  enum JournaledSuites {
    private static let open = Locked([ObjectIdentifier: WeakAdapter]())
    private static let exitHook: Void = {
      atexit { JournaledSuites.foldAll() }
    }()

    static func add(_ adapter: UserDefaultsAdapter) {
      exitHook
      open.withLock { open in
        open = open.filter { $0.value.adapter != nil }
        open[ObjectIdentifier(adapter)] = WeakAdapter(adapter: adapter)
      }
    }

    private static func foldAll() {
      for adapter in open.withLock({ $0.values.compactMap(\.adapter) }) { adapter.foldLog() }
    }

    private struct WeakAdapter {
      weak var adapter: UserDefaultsAdapter?
    }
  }
#endif
