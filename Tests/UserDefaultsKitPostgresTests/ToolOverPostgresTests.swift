#if PostgreSQL
  import DefaultsTestSupport
  import Foundation
  import PostgresTestSupport
  import Testing
  import UserDefaultsKitPostgres

  /// The built `userdefaults` tool over a database, against a real server.
  @Suite("userdefaults over a PostgreSQL database", .postgresInstalled, .realPostgres)
  struct ToolOverPostgresTests {
    @Test(
      "write, read, list, watch and delete work on a database's suite, which a store in this process shares")
    func commands() async throws {
      let store = try TestServer.store()
      let suite = store.suite
      let watch = try DatabaseTool.start("userdefaults", ["watch", suite])
      defer { watch.stop() }
      #expect(await watch.waitForError(containing: "watching"))
      #expect(try DatabaseTool.run(["write", suite, "maintenanceMode", "--bool", "true"]).status == 0)
      eventually { store.read("maintenanceMode") == .bool(true) }
      #expect(await watch.waitForOutput(containing: "maintenanceMode = 1"))
      try store.write(.integer(5), forKey: "limit")
      let read = try DatabaseTool.run(["read", suite, "--json"])
      #expect(read.status == 0, "\(read.standardError)")
      #expect(read.standardOutput.contains(#""limit" : 5"#), "\(read.standardOutput)")
      #expect(read.standardOutput.contains(#""maintenanceMode" : true"#), "\(read.standardOutput)")
      #expect(try DatabaseTool.run(["read", suite, "limit"]).standardOutput == "5\n")
      let list = try DatabaseTool.run(["list"])
      #expect(list.standardOutput.contains("\(suite)  2 keys\n"), "\(list.standardOutput)")
      #expect(try DatabaseTool.run(["delete", suite, "limit"]).status == 0)
      eventually { store.read("limit") == nil }
      #expect(await watch.waitForOutput(containing: "limit (removed)"))
      let removed = try DatabaseTool.run(["delete", suite])
      #expect(removed.standardOutput == "removed suite \(suite) (1 key: maintenanceMode)\n", "\(removed)")
      eventually { store.storedValues.isEmpty }
      let gone = try DatabaseTool.run(["read", suite])
      #expect(gone.status == 1)
      #expect(gone.standardError.contains("no suite '\(suite)': it holds no value"), "\(gone.standardError)")
    }

    @Test(
      "A password never appears in the tool's output: a refused login, an unreachable server, a refused write"
    )
    func noPasswordInOutput() async throws {
      let password = "Pa55-w0rd-\(UUID().uuidString.prefix(8))"
      let store = try TestServer.store()
      try store.write(.integer(1), forKey: "limit")
      let reader = "reader_\(UUID().uuidString.prefix(8).lowercased())"
      try TestServer.server.psql(
        "CREATE ROLE \(reader) LOGIN; GRANT SELECT ON userdefaultskit_settings, userdefaultskit_schema TO \(reader)"
      )
      let cases: [(name: String, url: String)] = [
        ("unknown role", DatabaseTool.url(user: "nobody_here", password: password)),
        (
          "unreachable server",
          "postgres://\(PostgresServer.superuser):\(password)@127.0.0.1:1/\(PostgresServer.databaseName)?sslmode=disable"
        ),
        ("refused write", DatabaseTool.url(user: reader, password: password)),
        ("malformed URL", "postgres://\(reader):\(password)@/db?sslmode=sometimes"),
      ]
      for (name, url) in cases {
        let output = try DatabaseTool.run(["write", store.suite, "limit", "--int", "2"], url: url)
        #expect(output.status == 1, "\(name): \(output)")
        #expect(output.standardError.contains("Error:"), "\(name): \(output.standardError)")
        #expect(!output.standardError.contains(password), "\(name): \(output.standardError)")
        #expect(!output.standardOutput.contains(password), "\(name): \(output.standardOutput)")
      }
      #expect(store.read("limit") == .integer(1))
      let refused = try DatabaseTool.run(["write", store.suite, "limit", "--int", "2"], url: cases[2].url)
      #expect(refused.standardError.contains("permission denied"), "\(refused.standardError)")
    }
  }
#endif
