import CoreFoundation
import Foundation

/// Reads one suite's values as `UserDefaults` would, minus Foundation's registration domain: a
/// launch argument (`-key value`), else what CFPreferences holds for the suite (its own values and
/// the global domain). Foundation's registration domain is shared by every suite of the process,
/// so a default registered for one suite would be read for all of them; ``UserDefaultsStore`` keeps
/// each suite's registered defaults itself and reads them after this.
struct SuiteReader: @unchecked Sendable {
  // NB: immutable; CFStrings and boxed property lists are safe to share between threads.
  private let domain: CFString
  private let arguments: [String: StoredValueBox]

  /// A reader of the suite that Foundation knows as `foundationName` (nil: the application's own,
  /// `UserDefaults.standard`), with the launch arguments that `userDefaults` sees.
  init(foundationName: String?, userDefaults: UserDefaults) {
    self.domain =
      foundationName.map(PropertyListValue.coreFoundationString) ?? kCFPreferencesCurrentApplication
    self.arguments = userDefaults.volatileDomain(forName: UserDefaults.argumentDomain)
      .compactMapValues { PropertyListValue(foundationObject: $0).map(StoredValueBox.init) }
  }

  /// What reads `key`: the immutable object CFPreferences holds for it, which is replaced
  /// whenever the value changes, or the launch argument that overrides it. `beforeRead` runs
  /// before each read from CFPreferences.
  func lookup(forKey key: String, beforeRead: @escaping @Sendable () -> Void = {})
    -> @Sendable () -> AnyObject?
  {
    if let argument = arguments[key] { return { argument } }
    let cfKey = ImmutableString(PropertyListValue.coreFoundationString(key))
    return { [self] in
      beforeRead()
      return CFPreferencesCopyAppValue(cfKey.value, domain)
    }
  }

  /// The launch argument (`-key value`) that overrides `key`, if any.
  func argument(forKey key: String) -> StoredValueBox? {
    arguments[key]
  }

  /// Whether CFPreferences holds `value` for `key` (nil: nothing).
  func holds(_ value: PropertyListValue?, forKey key: String) -> Bool {
    let object = CFPreferencesCopyAppValue(PropertyListValue.coreFoundationString(key), domain)
    return object.flatMap(PropertyListValue.init(coreFoundationObject:)) == value
  }

  /// Has CFPreferences write the suite's unwritten values and drop its cached copy.
  func synchronize() {
    CFPreferencesSynchronize(domain, kCFPreferencesCurrentUser, kCFPreferencesAnyHost)
  }
}

/// An immutable CFString, safe to share between threads.
private struct ImmutableString: @unchecked Sendable {
  let value: CFString
  init(_ value: CFString) { self.value = value }
}
