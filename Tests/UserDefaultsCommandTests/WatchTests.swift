#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Testing
  import UserDefaultsKitCore

  @Suite("Watching with the tool")
  struct WatchTests {
    @Test("watch prints each change another process makes, to keys that did not exist before too")
    func watchSuite() async throws {
      try await Tool.withFolder { tool in
        let watch = try tool.start("watch", "com.example.app")
        defer { watch.stop() }
        #expect(await watch.waitForError(containing: "watching com.example.app"))

        let store = tool.store("com.example.app")
        try store.write(.integer(1), forKey: "count")
        #expect(await watch.waitForOutput(lineCount: 1))
        #expect(try tool.run("write", "com.example.app", "theme name", "dark").status == 0)
        #expect(await watch.waitForOutput(lineCount: 2))
        try store.remove("count")
        #expect(await watch.waitForOutput(lineCount: 3))

        #expect(watch.standardOutputLines == ["count = 1", "\"theme name\" = dark", "count (removed)"])
        #expect(watch.stop(), "watch runs until it is interrupted")
      }
    }

    @Test("watch with keys prints changes of those keys only")
    func watchKeys() async throws {
      try await Tool.withFolder { tool in
        let store = tool.store("com.example.app")
        try store.write(.integer(1), forKey: "count")
        let watch = try tool.start("watch", "com.example.app", "volume")
        defer { watch.stop() }
        #expect(await watch.waitForError(containing: "watching com.example.app"))

        try store.write(.integer(2), forKey: "count")
        try store.write(.double(0.5), forKey: "volume")
        #expect(await watch.waitForOutput(lineCount: 1))
        try store.write(.integer(3), forKey: "count")
        try store.write(.double(0.75), forKey: "volume")
        #expect(await watch.waitForOutput(lineCount: 2))

        #expect(watch.standardOutputLines == ["volume = 0.5", "volume = 0.75"])
      }
    }

    @Test("watch says when the suite's file stops parsing, and goes on watching")
    func watchCorruptFile() async throws {
      try await Tool.withFolder { tool in
        let store = tool.store("com.example.app")
        try store.write(.integer(1), forKey: "count")
        let watch = try tool.start("watch", "com.example.app")
        defer { watch.stop() }
        #expect(await watch.waitForError(containing: "watching com.example.app"))

        try Data("garbage".utf8).write(to: tool.file(ofSuite: "com.example.app"))
        #expect(await watch.waitForError(containing: "is left as it is: it is not a property list"))
        #expect(try Data(contentsOf: tool.file(ofSuite: "com.example.app")) == Data("garbage".utf8))
        #expect(await watch.waitForOutput(lineCount: 1))
        try store.write(.integer(2), forKey: "count")
        #expect(await watch.waitForOutput(lineCount: 2))

        #expect(watch.standardOutputLines == ["count (removed)", "count = 2"])
      }
    }
  }
#endif
