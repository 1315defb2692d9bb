import ArgumentParser
import Foundation
import UserDefaultsKitCore

struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Print each change of a suite as it happens, made by any process, until interrupted.",
    discussion: """
      Prints one line per changed key, KEY = VALUE, or KEY (removed), as soon as the change is \
      made; keys that do not exist yet are watched too. Says on standard error when it is \
      watching. Stop it with Ctrl-C.

      Examples:
        userdefaults watch com.example.app
        userdefaults watch com.example.app volume theme
      """)

  @OptionGroup var suite: SuiteArgument

  @Argument(help: "The keys to watch; every key when omitted.")
  var keys: [String] = []

  func run() throws {
    // NB: a parent may start the tool with these signals blocked (test runners do), and watch
    // stops only when one of them arrives.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
    let opened = try suite.open()
    let keys = Set(keys)
    // NB: what the library meets while it reads a change (a file that does not parse, which reads
    // as empty) it prints itself, and the watch goes on.
    let observation = opened.store.observeStoredValues { changes in
      for (key, value) in changes.sorted(by: { $0.key < $1.key }) where keys.isEmpty || keys.contains(key) {
        Output.line(
          value.map { "\(OldStyleText.quoted(key)) = \(OldStyleText.line(of: $0))" }
            ?? "\(OldStyleText.quoted(key)) (removed)")
      }
    }
    guard let observation else { throw ToolError("this system cannot watch \(suite) for changes") }
    Output.note("watching \(suite); press Ctrl-C to stop")
    // NB: changes are printed on the library's watcher thread; this one only keeps the process up.
    withExtendedLifetime(observation) {
      while true { sleep(3600) }
    }
  }
}
