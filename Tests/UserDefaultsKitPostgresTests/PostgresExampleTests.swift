#if PostgreSQL
  import DefaultsTestSupport
  import Testing

  /// The example of the article *The PostgreSQL store*, run as the article says: two instances and
  /// the tool, against a real server.
  @Suite("PostgresExample", .postgresInstalled, .realPostgres)
  struct PostgresExampleTests {
    @Test("Two instances of the example print the flag, and each prints the tool's flip of it")
    func twoInstancesSeeTheFlip() async throws {
      let instances = try ["first", "second"].map { try DatabaseTool.start("PostgresExample", [$0]) }
      defer { for instance in instances { instance.forceStop() } }
      for (instance, name) in zip(instances, ["first", "second"]) {
        #expect(await instance.waitForOutput(containing: "\(name): maintenanceMode is false"))
      }
      let flip = try DatabaseTool.run(["write", "example.checkout", "maintenanceMode", "--bool", "true"])
      #expect(flip.status == 0, "\(flip.standardError)")
      for (instance, name) in zip(instances, ["first", "second"]) {
        #expect(await instance.waitForOutput(containing: "\(name): maintenanceMode is true"))
        #expect(instance.standardOutputLines.count == 2, "\(instance.standardOutputLines)")
      }
    }
  }
#endif
