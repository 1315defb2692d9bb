import SwiftDiagnostics
import SwiftSyntax

/// Every mistake the macros report, with a message that says why the rule exists.
enum DefaultsMacroDiagnostic: DiagnosticMessage {
  case letProperty(String)
  case multipleBindings
  case notAnIdentifier
  case noTypeNoInitializer(String)
  case missingDefault(String)
  case computedProperty(String)
  case staticInSettingsType(String, macro: String)
  case notAStructOrClass(macro: String, kind: String)
  case observableNeedsClass(macro: String)
  case duplicateKey(String, firstProperty: String)
  case keyNotObservable(String, reason: String)
  case ignoredWithoutInitialValue(String)
  case globalWithInitializer(String)
  case observationIgnoredMissing(String, macro: String)
  case observationIgnoredFirst(String, macro: String)
  case lazyProperty(String)
  case propertyWrapper(String, wrapper: String)
  case defaultGivenTwice(String, initialValue: String)
  case assignedInInitializer(String, macro: String)
  case observableTwice(String, macro: String)
  case vaDefaultsPrefixOnStruct
  case cloudKeyTooLong(String, bytes: Int)

  var message: String {
    switch self {
    case .letProperty(let name):
      return
        "'\(name)' is persisted, so it must be a 'var': its value can change whenever the store changes"
    case .multipleBindings:
      return "declare one property per 'var': each persisted property has its own key and default"
    case .notAnIdentifier:
      return "a persisted property needs a plain name, which is also its default key"
    case .noTypeNoInitializer(let name):
      return "'\(name)' needs a type annotation or an initial value, so that its stored type is known"
    case .missingDefault(let name):
      return
        "non-optional '\(name)' needs a default value, which is read while nothing is stored; give it an initial value or a 'default:' argument"
    case .computedProperty(let name):
      return "'\(name)' is computed; only stored properties can be persisted"
    case .staticInSettingsType(let name, let macro):
      return
        "static '\(name)' is shared by every instance, while '@\(macro)' persists each instance in its own store; persist it with '@DefaultsEntry' or mark it '@DefaultsIgnored'"
    case .notAStructOrClass(let macro, let kind):
      return "'@\(macro)' applies to a struct or a class, not to \(kind)"
    case .observableNeedsClass(let macro):
      return "'@\(macro)' applies to a class: Observation tracks reference types"
    case .duplicateKey(let key, let firstProperty):
      return
        "key '\(key)' is already used by '\(firstProperty)'; two properties with one key would overwrite each other"
    case .keyNotObservable(let key, let reason):
      return
        "key '\(key)' \(reason), which key-value observing cannot watch: on Apple platforms, changes that other processes make to it are read but not announced"
    case .ignoredWithoutInitialValue(let name):
      return
        "'\(name)' is not persisted, so the generated 'init(store:)' needs an initial value for it"
    case .observationIgnoredMissing(let name, let macro):
      return
        "mark '\(name)' '@ObservationIgnored', so that '@Observable' leaves its accessors to '@\(macro)' (which tracks it itself)"
    case .observationIgnoredFirst(let name, let macro):
      return
        "write '@\(macro)' before '@ObservationIgnored' on '\(name)': the compiler expands accessor macros in order"
    case .lazyProperty(let name):
      return
        "'\(name)' cannot be 'lazy': a persisted property reads the store each time, there is nothing to compute once"
    case .propertyWrapper(let name, let wrapper):
      return
        "'\(name)' already has the property wrapper '@\(wrapper)', which cannot also be persisted; mark it '@DefaultsIgnored' to keep it in memory, or remove the wrapper"
    case .defaultGivenTwice(let name, let initialValue):
      return
        "'\(name)' has two defaults, this 'default:' argument and its initial value '\(initialValue)'; keep one"
    case .assignedInInitializer(let name, let macro):
      return
        "assigning '\(name)' here writes it to the store each time an instance is made, replacing what was stored; make the value its initial value instead, which '@\(macro)' registers as its default"
    case .observableTwice(let name, let macro):
      return "'@\(macro)' makes '\(name)' observable already; remove '@Observable'"
    case .globalWithInitializer(let name):
      return
        "a global or static persisted property cannot keep an initializer; move the default of '\(name)' into the 'default:' argument"
    case .vaDefaultsPrefixOnStruct:
      return
        "VADefaults reads 'keyPrefix:' on a class only, so this struct's keys have no prefix, as they had with VADefaults: values stored under them stay readable; remove the argument, or make the type a class to prefix its keys"
    case .cloudKeyTooLong(let key, let bytes):
      return
        "cloud key '\(key)' is \(bytes) bytes in UTF-8, and NSUbiquitousKeyValueStore takes at most \(CloudKeyLength.maximumBytes): for a longer key it raises an exception that Swift cannot catch, which crashes the app; use a shorter key"
    }
  }

  var severity: DiagnosticSeverity {
    switch self {
    case .keyNotObservable, .vaDefaultsPrefixOnStruct: return .warning
    default: return .error
    }
  }

  var diagnosticID: MessageID {
    let name = "\(self)".prefix { $0 != "(" }
    return MessageID(domain: "UserDefaultsKit", id: String(name))
  }

  func diagnose(at node: some SyntaxProtocol, fixIts: [FixIt] = []) -> Diagnostic {
    Diagnostic(node: Syntax(node), message: self, fixIts: fixIts)
  }
}

/// The text of a fix-it.
struct DefaultsFixItMessage: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "UserDefaultsKit", id: message) }
}
