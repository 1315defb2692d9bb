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
      #expect(read.standardOutput == "{\n  \"limit\": 5,\n  \"maintenanceMode\": true\n}\n", "\(read)")
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

    /// How the tool fails to write, each with a password in its URL.
    enum Failure: String, CaseIterable, Sendable {
      case unknownRole = "a role the server does not know"
      case unreachableServer = "a server nothing listens for"
      case refusedWrite = "a role that may only read"
      case malformedURL = "a URL that names no host"
    }

    // NB: PostgreSQL's own message on a refused login or connection is the tool's too; the pool
    // gives up connecting after its circuit breaker's 60 s, so the cases run side by side.
    @Test(
      "A password in the URL never appears in the tool's output when it fails", arguments: Failure.allCases)
    func noPasswordInOutput(_ failure: Failure) throws {
      let password = "Pa55-w0rd-\(UUID().uuidString.prefix(8))"
      let store = try TestServer.store()
      try store.write(.integer(1), forKey: "limit")
      let url: String
      switch failure {
      case .unknownRole: url = DatabaseTool.url(user: "nobody_here", password: password)
      case .unreachableServer:
        url = "postgres://\(PostgresServer.superuser):\(password)@127.0.0.1:1/app?sslmode=disable"
      case .refusedWrite:
        let reader = "reader_\(UUID().uuidString.prefix(8).lowercased())"
        try TestServer.server.psql(
          "CREATE ROLE \(reader) LOGIN; GRANT SELECT ON userdefaultskit_settings, userdefaultskit_schema TO \(reader)"
        )
        url = DatabaseTool.url(user: reader, password: password)
      case .malformedURL: url = "postgres://reader:\(password)@/app"
      }
      let output = try DatabaseTool.run(["write", store.suite, "limit", "--int", "2"], url: url)
      #expect(output.status == 1, "\(output)")
      #expect(output.standardError.contains("Error:"), "\(output.standardError)")
      #expect(!output.standardError.contains(password), "\(output.standardError)")
      #expect(!output.standardOutput.contains(password), "\(output.standardOutput)")
      if failure == .refusedWrite {
        #expect(output.standardError.contains("permission denied"), "\(output.standardError)")
      }
      #expect(store.read("limit") == .integer(1))
    }
  }
#endif
