#if PostgreSQL
  import PostgresNIO
  import UserDefaultsKitPostgres

  /// A PostgreSQL database whose suites a command works on, named by `--database` or
  /// `USERDEFAULTS_DATABASE_URL`. It prints as its role, server and name, never its password.
  struct SuiteDatabase: CustomStringConvertible {
    private let configuration: PostgresClient.Configuration
    let description: String

    /// The database `url` names; a URL that names none is an error that does not repeat it (it
    /// may hold a password).
    init(url: String) throws {
      do {
        configuration = try DatabaseURL.configuration(url)
      } catch {
        throw ToolError("\(error)")
      }
      description = PostgresDefaultsStore.place(of: configuration)
    }

    /// Opens `suite`, loading its values.
    func open(_ suite: String) throws -> PostgresDefaultsStore {
      try PostgresDefaultsStore(configuration: configuration, suite: suite)
    }

    func suiteNames() throws -> [String] {
      try PostgresDefaultsStore.suiteNames(configuration: configuration)
    }
  }
#endif
