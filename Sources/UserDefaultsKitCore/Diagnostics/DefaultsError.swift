import Foundation

/// The error the library throws: what failed (``kind``), the key, store and file it concerns, and
/// the error underneath it (``underlying``), kept as a value.
///
/// APIs that can fail throw it: `try key.set(value)`, `try key.reset()`, `try key.update { ... }`,
/// `try store.update { ... }`, a settings type's `try resetToDefaults()` and
/// `try updateDefaults { ... }`, `try store.migrate(...)` (whose steps' own errors, and an update
/// body's, pass through unchanged). A store of your own's error comes back as the ``underlying``
/// error of a ``Kind/writeFailed`` error, and a Linux suite's file failure as a `POSIXError` there
/// (``posixCode``).
///
/// ```swift
/// let volume = DefaultsKey("volume", default: 0.5)
/// do {
///   try volume.set(0.8)
/// } catch where error.posixCode == .ENOSPC {
///   print("the disk is full: \(error.localizedDescription)")
/// } catch where error.kind == .writeFailed {
///   print("not saved: \(error.underlying.map { "\($0)" } ?? "")")
/// } catch {
///   print(error.localizedDescription)
/// }
/// ```
///
/// What cannot throw (a property's setter outside an update) reports the error instead, to
/// ``DefaultsReports/observe(_:)``, with the conditions that are only ever reported
/// (``DefaultsWarning``).
public struct DefaultsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What failed. Later versions may add kinds: compare with `==`, or give a `switch` a `default:`.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name, as its static property spells it.
    public let name: String

    init(_ name: String) { self.name = name }

    public var description: String { name }
  }

  /// What failed.
  public let kind: Kind
  /// The key the failure concerns; nil for a failure of a whole store or file.
  public let key: String?
  /// The store the failure concerns, as it describes itself (`UserDefaults(com.example.app)`).
  public let store: String?
  /// The file the failure concerns (Linux).
  public let path: String?
  /// What the kind and the names leave to say: why a value has no stored form, what a migration
  /// record holds, which type a configuration asked for.
  public let detail: String?
  /// The error underneath: a store of your own's error, `POSIXError` for a file operation on
  /// Linux, a value's encoding error, a migration step's error.
  public let underlying: (any Error)?

  /// An error of `kind`, as the library makes them: for a `DefaultsSerializable` conformance of
  /// yours that throws ``Kind/valueNotStorable``, and for comparing with what was thrown.
  ///
  /// ```swift
  /// let error = DefaultsError(.valueNotStorable, detail: "a collection holds nil")
  /// ```
  public init(
    _ kind: Kind, key: String? = nil, store: String? = nil, path: String? = nil, detail: String? = nil,
    underlying: (any Error)? = nil
  ) {
    self.kind = kind
    self.key = key
    self.store = store
    self.path = path
    self.detail = detail
    self.underlying = underlying
  }

  /// The `errno` of a file operation that failed (Linux), which ``underlying`` holds as a
  /// `POSIXError`.
  public var posixCode: POSIXErrorCode? {
    (underlying as? POSIXError)?.code
  }

  /// Equal kinds, names and details, and underlying errors of one type that describe alike.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind && lhs.hasSameNamesAndCause(as: rhs)
  }
}
