import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitPostgres

/// The grants the article *The PostgreSQL store* documents, and nothing more, against a real
/// server whose table its owner made.
@Suite("The PostgreSQL store's least privilege", .postgresInstalled, .realPostgres)
struct LeastPrivilegeTests {
  @Test("A role with exactly the documented grants writes, updates, removes, migrates and hears other stores")
  func documentedGrants() throws {
    let owner = try TestServer.store()
    let role = "app_\(UUID().uuidString.prefix(8).lowercased())"
    try TestServer.server.psql(
      """
      CREATE ROLE \(role) LOGIN;
      GRANT SELECT ON userdefaultskit_settings, userdefaultskit_schema TO \(role);
      GRANT INSERT, UPDATE ON userdefaultskit_settings TO \(role);
      GRANT USAGE ON SEQUENCE userdefaultskit_change_sequence TO \(role)
      """)
    // NB: the role may not create tables (PostgreSQL 15 and later grant no CREATE on `public`),
    // so this also shows that a table its owner made is enough.
    let app = try TestServer.store(suite: owner.suite, user: role)
    let heard = LockedArray<PropertyListValue?>()
    let observation = owner.observe("limit") { heard.append($0) }
    try app.write(.integer(1), forKey: "limit")
    try app.update {
      try app.write(.integer(2), forKey: "limit")
      try app.write(.string("x"), forKey: "other")
    }
    try app.remove("other")
    let steps = [SuiteMigration(1) { values in values["theme"] = .string("dark") }]
    #expect(try app.migrate(steps) == 1)
    let reopened = try TestServer.store(suite: owner.suite, user: role)
    #expect(reopened.read("limit") == .integer(2))
    #expect(reopened.read("other") == nil)
    #expect(reopened.read("theme") == .string("dark"))
    eventually { heard.all.last == .integer(2) }
    // NB: listening needs no grant: the role's store hears the owner's write.
    try owner.write(.integer(3), forKey: "limit")
    eventually { app.read("limit") == .integer(3) }
    observation.cancel()
  }
}
