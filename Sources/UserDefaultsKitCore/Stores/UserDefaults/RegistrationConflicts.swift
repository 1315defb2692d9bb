/// Debug builds: keys of one name registered with different defaults, which Foundation's
/// registration domain (the process's, for every suite) cannot tell apart: every suite that stores
/// nothing for the name reads the default registered last. Reported once per name.
enum RegistrationConflicts {
  private static let reported = Locked(Set<String>())

  static func report(key: String, registered: PropertyListValue, replacedBy replacement: PropertyListValue) {
    guard reported.withLock({ $0.insert(key).inserted }) else { return }
    DefaultsWarning.report(
      DefaultsWarning(.conflictingDefaults, key: key, detail: "\(registered), then \(replacement)"))
  }
}
