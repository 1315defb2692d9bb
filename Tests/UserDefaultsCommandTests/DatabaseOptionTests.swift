#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Testing

  /// `--database` where the tool cannot use it; the tests of the tool over a database are in
  /// UserDefaultsKitPostgresTests, against a real server.
  @Suite("userdefaults --database: refused clearly, never the local files instead")
  struct DatabaseOptionTests {
    @Test("--database with --folder is an error, and nothing is written")
    func databaseWithFolder() async throws {
      try await Tool.withFolder { tool in
        let result = try tool.run([
          "write", "com.example.app", "a", "1", "--database", "postgres://ops@db/app", "--folder",
          tool.folder.path,
        ])
        #expect(result.status != 0)
        #expect(
          result.standardError.contains("give --database, or --folder or --user, not both"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: tool.file(ofSuite: "com.example.app").path))
      }
    }

    #if !PostgreSQL
      @Test("A tool built without the PostgreSQL trait refuses --database and says how to build it")
      func withoutTrait() async throws {
        try await Tool.withFolder { tool in
          let result = try tool.run([
            "write", "com.example.app", "a", "1", "--database", "postgres://ops@db/app",
          ])
          #expect(result.status == 1)
          #expect(result.standardError.contains("swift build --traits PostgreSQL"), "\(result.standardError)")
          #expect(!FileManager.default.fileExists(atPath: tool.file(ofSuite: "com.example.app").path))
        }
      }
    #endif
  }
#endif
