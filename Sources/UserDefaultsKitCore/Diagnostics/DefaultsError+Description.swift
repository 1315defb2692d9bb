import Foundation

extension DefaultsError: LocalizedError {
  /// What failed, in one sentence: `[UserDefaults(com.example.app)] 'volume' was not written: ...`.
  public var description: String {
    (store.map { "[\($0)] " } ?? "") + sentence { "\($0)" }
  }

  /// What failed, for a person: the underlying error in its localized words.
  public var errorDescription: String? {
    (store.map { "[\($0)] " } ?? "") + sentence { $0.localizedDescription }
  }

  /// What to do about it, where there is something to do.
  public var recoverySuggestion: String? {
    if let suggestion = (underlying as? any LocalizedError)?.recoverySuggestion { return suggestion }
    switch kind {
    case .writeFailed:
      switch posixCode {
      case .ENOSPC?, .EDQUOT?: return "Free some space on the disk, then write again."
      case .EACCES?, .EPERM?, .EROFS?:
        return "Make the suite's folder writable by this user, then write again."
      default: return nil
      }
    case .invalidSuiteName:
      return "Name the suite in reverse-DNS form, without '/', such as com.example.settings."
    case .unnamedSuite:
      return
        "Use UserDefaultsStore.suite(\"name\") (and its userDefaults), so that the library can name the suite."
    case .corruptFile, .unusableFile: return "Repair or remove the file; the library will not write over it."
    case .migrationInsideUpdate: return "Call migrate outside the update."
    case .cloudValueTooLarge: return "Store a smaller value in the cloud, or keep it locally."
    case .cloudKeyLimitReached: return "Remove cloud keys the app no longer uses."
    default: return nil
    }
  }

  private func sentence(describing describe: (any Error) -> String) -> String {
    let subject = key.map { "'\($0)'" } ?? path ?? "the store"
    // NB: a file operation's detail says its errno in words already.
    let cause = [detail, underlying is POSIXError ? nil : underlying.map(describe)].compactMap { $0 }
      .joined(separator: ": ")
    let unwritten = key.map { "'\($0)' was not written: " } ?? ""
    let file = path ?? "the file"
    let because = cause.isEmpty ? "" : ": \(cause)"
    switch kind {
    case .writeFailed:
      return "\(subject) was not written\(because); every value stored before is unchanged"
    case .valueNotStorable:
      return key == nil ? "the value cannot be stored\(because)" : "\(subject) was not written\(because)"
    case .invalidSuiteName: return "the suite name is refused\(because)"
    case .unnamedSuite:
      return
        "\(subject) was not made by UserDefaultsKit, which cannot tell its suite: use UserDefaultsStore.suite(\"name\") (and its userDefaults) so that every key of a suite shares one store"
    case .unusableFile: return "\(unwritten)\(file) is left as it is\(because)"
    case .corruptFile:
      return
        "\(unwritten)\(file) did not parse and could not be moved aside\(because); it is left untouched and writes to it are refused until it is repaired"
    case .migrationStepsUnordered:
      return "suite migrations must have positive, increasing numbers\(because)"
    case .migrationRecordDamaged:
      return "\(SuiteMigration.recordKey) is not a step number\(because); nothing ran"
    case .migrationRecordWritten:
      return
        "\(SuiteMigration.recordKey) was written by a step, and only the library writes it\(because); nothing was written"
    case .migrationInsideUpdate:
      return "migrate was called inside an update of the same store; call it outside"
    case .notConvertible: return "\(subject) \(detail ?? "cannot be read as asked")"
    case .cloudValueTooLarge:
      return
        "[cloud] \(subject) was not written: its value is larger than the \(CloudLimits.maximumValueBytes) bytes a cloud value may take\(because)"
    case .cloudKeyTooLong:
      return
        "[cloud] \(subject) was not written: the key is longer than the \(CloudLimits.maximumKeyBytes) bytes a cloud key may be\(because)"
    case .cloudKeyLimitReached:
      return
        "[cloud] \(subject) was not written: the cloud store takes no more than \(CloudLimits.maximumKeyCount) keys\(because)"
    default: return "\(kind)\(key.map { " of '\($0)'" } ?? "")\(because)"
    }
  }
}

extension DefaultsWarning {
  /// What happened, in one sentence: `[UserDefaults(com.example.app)] 'volume' holds ...`.
  public var description: String {
    (store.map { "[\($0)] " } ?? "") + sentence
  }

  private var sentence: String {
    let subject = key.map { "'\($0)'" } ?? path ?? "the store"
    let detail = detail ?? ""
    switch kind {
    case .undecodableValue:
      return
        "\(subject) holds \(value.map { "\($0)" } ?? "nothing"), which does not decode as \(detail); using the default"
    case .unreadableObject: return "\(subject) holds \(detail), which is not a property-list value"
    case .storeNotCurrent:
      return
        "\(subject) \(detail) (\(underlying.map { "\($0)" } ?? "")); reads serve the values fetched before"
    case .migrationFailed:
      return "\(subject): a migration failed (\(underlying.map { "\($0)" } ?? detail)); nothing was written"
    case .keyNotObservableAcrossProcesses:
      return
        "\(subject) cannot be watched by key-value observing (a '.', a leading '@' or a non-ASCII character): its observers hear changes made in this process only"
    case .suiteOpenedDifferently:
      return
        "\(store == nil ? "the suite " : "")was asked for differently than it is open: \(detail); the open store is used"
    case .corruptFileMovedAside:
      return "\(subject) did not parse; it was moved to \(detail) and not overwritten"
    case .journalRecordSkipped:
      return "\(subject): a damaged record (bytes \(detail)) was skipped; the records after it were read"
    case .cloudUnavailable:
      return
        "[cloud] the cloud store is unavailable (no account or entitlement), noticed while syncing \(subject); cloud-synced values are kept locally"
    case .cloudQuotaViolation:
      return
        "[cloud] the app exceeds its cloud storage quota; the cloud rejected values\(detail.isEmpty ? "" : " (keys: \(detail))")"
    case .cloudKeyTooLong:
      return
        "[cloud] \(subject) is \(detail) long in UTF-8, more than the \(CloudLimits.maximumKeyBytes) a cloud key may be, on which the cloud store crashes: it is kept locally only"
    case .corruptFile:
      return
        "\(subject) is left as it is: it is not a property list; it reads as empty, and the next write moves it aside"
    case .foldFailed:
      let cause = detail.isEmpty ? underlying.map { "\($0)" } ?? "" : detail
      return
        "\(subject): its journal could not be folded into the suite's file (\(cause)); the journal keeps them"
    case .conflictingDefaults:
      return
        "\(subject) is registered with the defaults \(detail) by two keys of that name: Foundation's registration domain is the process's, so every suite that stores nothing for it reads the last; give the keys different names or one default"
    default: return "\(kind)\(key.map { " of '\($0)'" } ?? "")\(detail.isEmpty ? "" : ": \(detail)")"
    }
  }
}
