import Foundation
import PostgresNIO

/// A database named by a URL, as libpq takes one: `postgres://user:password@host:port/database`,
/// with `?sslmode=disable|prefer|require|verify-full` (`require` verifies the server's certificate
/// too, as `verify-full` does) and `?host=/folder` for the Unix socket in that folder. For the tool
/// and the example, whose operators name a database in one string.
package enum DatabaseURL {
  /// The configuration `text` names. Its error never repeats the text, which may hold a password.
  package static func configuration(_ text: String) throws(Problem) -> PostgresClient.Configuration {
    guard let parts = URLComponents(string: text), ["postgres", "postgresql"].contains(parts.scheme ?? "")
    else { throw problem("it is not a postgres:// or postgresql:// URL") }
    // NB: URLComponents decodes the user, password and path.
    guard let user = parts.user, !user.isEmpty else {
      throw problem("it names no user (postgres://user@host/database)")
    }
    let password = parts.password
    let path = String(parts.path.drop { $0 == "/" })
    let database = path.isEmpty ? nil : path
    var query: [String: String] = [:]
    for item in parts.queryItems ?? [] {
      guard ["sslmode", "host"].contains(item.name) else {
        throw problem("it has the parameter '\(item.name)'; only sslmode and host are taken")
      }
      query[item.name] = item.value ?? ""
    }
    let port = parts.port ?? 5432
    if let folder = query["host"] {
      guard folder.hasPrefix("/") else { throw problem("its host parameter is not a folder's absolute path") }
      guard query["sslmode"] == nil || query["sslmode"] == "disable" else {
        throw problem("a Unix socket takes no sslmode but disable")
      }
      return PostgresClient.Configuration(
        unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password,
        database: database)
    }
    guard let host = parts.host, !host.isEmpty else { throw problem("it names no host") }
    let tls: PostgresClient.Configuration.TLS
    switch query["sslmode"] ?? "prefer" {
    case "disable": tls = .disable
    case "prefer": tls = .prefer(.makeClientConfiguration())
    case "require", "verify-full": tls = .require(.makeClientConfiguration())
    case let mode: throw problem("its sslmode '\(mode)' is not disable, prefer, require or verify-full")
    }
    return PostgresClient.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: tls)
  }

  /// Why a URL names no database this store can use.
  package struct Problem: Error, CustomStringConvertible {
    package let description: String
  }

  private static func problem(_ reason: String) -> Problem {
    Problem(description: "cannot use the database URL: \(reason)")
  }
}
