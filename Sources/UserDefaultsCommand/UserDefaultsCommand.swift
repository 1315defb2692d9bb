import ArgumentParser

@main
struct UserDefaultsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "userdefaults",
    abstract: "Read, write, watch, export and import the settings of UserDefaults suites.",
    discussion: """
      Every change goes through UserDefaultsKit's store: it is locked against other writers, \
      atomic, and announced to the processes that observe the suite.

      On Linux a suite lives in $XDG_CONFIG_HOME/<suite>.plist, or ~/.config/<suite>.plist when \
      XDG_CONFIG_HOME is not set; on macOS in ~/Library/Preferences/<suite>.plist, kept by cfprefsd.

      Examples:
        userdefaults write com.example.app volume --float 0.8
        userdefaults read com.example.app
        userdefaults watch com.example.app
      """,
    subcommands: [
      ReadCommand.self, WriteCommand.self, DeleteCommand.self, RenameCommand.self, ListCommand.self,
      FindCommand.self, WatchCommand.self, ExportCommand.self, ImportCommand.self, MigrationsCommand.self,
    ]
  )
}
