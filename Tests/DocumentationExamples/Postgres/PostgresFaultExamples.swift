import PostgresNIO
import UserDefaultsKitPostgres

// The examples of the PostgreSQL store's fault behaviour, in its doc comments and article.

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
func checkingCurrency(store: PostgresDefaultsStore) {
  if !store.isCurrent { print("settings may be stale: the database is unreachable") }
}
