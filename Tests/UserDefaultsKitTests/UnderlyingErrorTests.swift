import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

/// The error of a store of your own, which the library's errors keep as their underlying error.
private struct QuotaExceeded: Error, Equatable {
  let limit: Int
}

/// A store of your own that refuses every write with its own error.
private final class RefusingStore: DefaultsStore, @unchecked Sendable {
  // NB: immutable; the in-memory store is thread-safe.
  private let inner = InMemoryDefaultsStore()

  func read(_ key: String) -> PropertyListValue? { inner.read(key) }
  func write(_ value: PropertyListValue, forKey key: String) throws { throw QuotaExceeded(limit: 3) }
  func remove(_ key: String) throws { throw QuotaExceeded(limit: 3) }
  func register(_ defaults: [String: PropertyListValue]) { inner.register(defaults) }
  func observe(_ key: String, onChange: @escaping @Sendable (PropertyListValue?) -> Void)
    -> DefaultsObservation
  {
    inner.observe(key, onChange: onChange)
  }
}

@DefaultsBacked
private struct Quotas {
  var used = 0
}

@Suite("The error underneath")
struct UnderlyingErrorTests {
  /// The store's own error, reached by its type from what `attempt` threw.
  private func storeError(_ attempt: () throws -> Void) -> QuotaExceeded? {
    do {
      try attempt()
    } catch let error as DefaultsError where error.kind == .writeFailed {
      return error.underlying as? QuotaExceeded
    } catch {
      Issue.record("not a write failure: \(error)")
    }
    return nil
  }

  @Test("A store of your own's error is caught by its own type through every throwing write")
  func customStoreError() {
    let store = RefusingStore()
    let used = DefaultsKey("used", default: 0, store: store)
    let quotas = Quotas(store: store)
    #expect(storeError { try used.set(1) } == QuotaExceeded(limit: 3), "key.set")
    #expect(storeError { try used.reset() } == QuotaExceeded(limit: 3), "key.reset")
    #expect(storeError { try used.update { $0 += 1 } } == QuotaExceeded(limit: 3), "key.update")
    #expect(storeError { try store.update { used.value = 2 } } == QuotaExceeded(limit: 3), "store.update")
    #expect(
      storeError { try quotas.updateDefaults { $0.used = 4 } } == QuotaExceeded(limit: 3), "updateDefaults")
    #expect(storeError { try quotas.resetToDefaults() } == QuotaExceeded(limit: 3), "resetToDefaults")
  }

  @Test("The error names the key and store, says what failed, and passes on the store's suggestion")
  func errorProperties() throws {
    let store = RefusingStore()
    let used = DefaultsKey("used", default: 0, store: store)
    let error = try #require(
      #expect(throws: DefaultsError.self) { try used.set(1) })
    #expect(error.key == "used" && error.store == "\(store)" && error.path == nil)
    #expect(error.localizedDescription.contains("'used' was not written"))
    #expect(error.posixCode == nil)
  }

  @Test("A value with no stored form is thrown as valueNotStorable, with what the encoder threw")
  func valueNotStorable() throws {
    struct Unencodable: Codable {
      func encode(to encoder: any Encoder) throws { throw QuotaExceeded(limit: 0) }
      init() {}
      init(from decoder: any Decoder) throws {}
    }
    let key = DefaultsKey<Unencodable?>("thing", default: nil, store: InMemoryDefaultsStore())
    let error = try #require(#expect(throws: DefaultsError.self) { try key.set(Unencodable()) })
    #expect(error.kind == .valueNotStorable && error.key == "thing")
    #expect(error.underlying is QuotaExceeded)
  }
}
