#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Testing
  import UserDefaultsKitCore

  @Suite("Deleting, renaming, listing and finding with the tool")
  struct SuiteCommandTests {
    @Test("delete removes one key, or the whole suite and its file, and says what it removed")
    func delete() async throws {
      try await Tool.withFolder { tool in
        let store = tool.store("com.example.app")
        try store.update {
          try store.write(.integer(1), forKey: "a")
          try store.write(.integer(2), forKey: "b")
        }

        let key = try tool.run("delete", "com.example.app", "a")
        #expect(key.status == 0)
        #expect(key.standardOutput == "removed a from com.example.app\n")
        #expect(store.storedValues == ["b": .integer(2)])

        let suite = try tool.run("delete", "com.example.app")
        #expect(suite.status == 0)
        #expect(suite.standardOutput == "removed suite com.example.app (1 key: b)\n")
        #expect(store.storedValues.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: tool.file(ofSuite: "com.example.app").path))
      }
    }

    @Test("migrations shows the last suite migration a suite ran")
    func migrations() async throws {
      try await Tool.withFolder { tool in
        let store = tool.store("com.example.app")
        try store.write(.string("dark"), forKey: "colorScheme")
        #expect(
          try tool.run("migrations", "com.example.app").standardOutput
            == "com.example.app: no suite migration has run (0)\n")

        try store.migrate([
          SuiteMigration(1) { $0["theme"] = $0.removeValue(forKey: "colorScheme") },
          SuiteMigration(2) { $0["legacy"] = nil },
        ])
        let shown = try tool.run("migrations", "com.example.app")
        #expect(shown.status == 0)
        #expect(shown.standardOutput == "com.example.app: suite migrations ran up to step 2\n")

        try store.write(.string("two"), forKey: SuiteMigration.recordKey)
        let damaged = try tool.run("migrations", "com.example.app")
        #expect(damaged.status == 1 && damaged.standardError.contains("not a step number"))
      }
    }

    @Test("rename moves a value to a new key, and refuses to overwrite one")
    func rename() async throws {
      try await Tool.withFolder { tool in
        let store = tool.store("com.example.app")
        try store.update {
          try store.write(.double(0.5), forKey: "volume")
          try store.write(.string("dark"), forKey: "theme")
        }

        #expect(try tool.run("rename", "com.example.app", "volume", "volume_v2").status == 0)
        #expect(store.storedValues == ["volume_v2": .double(0.5), "theme": .string("dark")])

        let taken = try tool.run("rename", "com.example.app", "volume_v2", "theme")
        #expect(taken.status == 1)
        #expect(taken.standardError.contains("has a key 'theme' already"))
        #expect(store.storedValues == ["volume_v2": .double(0.5), "theme": .string("dark")])
      }
    }

    @Test("list shows each suite of the folder with its key count and size, and no hidden file")
    func list() async throws {
      try await Tool.withFolder { tool in
        try tool.store("com.example.one").write(.integer(1), forKey: "a")
        let two = tool.store("com.example.two")
        try two.update {
          try two.write(.integer(1), forKey: "a")
          try two.write(.integer(2), forKey: "b")
        }
        func size(_ suite: String) throws -> Int {
          try FileManager.default.attributesOfItem(atPath: tool.file(ofSuite: suite).path)[.size] as! Int
        }

        let result = try tool.run("list")
        #expect(result.status == 0)
        #expect(
          result.standardOutput == """
            com.example.one  1 key, \(try size("com.example.one")) bytes
            com.example.two  2 keys, \(try size("com.example.two")) bytes

            """)
      }
    }

    @Test("find matches keys and values in every suite, ignoring case, inside collections too")
    func find() async throws {
      try await Tool.withFolder { tool in
        try tool.store("a").write(.string("Dark Mode"), forKey: "theme")
        try tool.store("b").write(.array([.string("dark"), .string("light")]), forKey: "themes")
        try tool.store("b").write(.integer(3), forKey: "darkness")
        try tool.store("c").write(.string("light"), forKey: "other")

        let result = try tool.run("find", "DARK")
        #expect(result.status == 0)
        #expect(
          result.standardOutput == """
            a theme = "Dark Mode"
            b darkness = 3
            b themes = ( dark, light )

            """)

        let none = try tool.run("find", "nowhere")
        #expect(none.status == 0)
        #expect(none.standardOutput.isEmpty)
        #expect(none.standardError.contains("no key or value contains 'nowhere'"))
      }
    }
  }
#endif
