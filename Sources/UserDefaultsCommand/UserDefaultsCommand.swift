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

      Another account's suites (a service's, from an operator's shell; Linux only): every command \
      takes --folder <path>, the preferences folder to use instead of yours, or --user <name>, that \
      user's <home>/.config (give --folder where the account sets XDG_CONFIG_HOME). The folder \
      must exist and be readable, and a suite file the tool cannot read is an error: nothing is \
      written then. Run as root, a write keeps the owner and mode of the suite's file, and what it \
      makes in the folder (a new suite's file, the lock) belongs to the folder's owner. On macOS \
      both options are refused: cfprefsd keeps every suite.

      A fleet's suites in a PostgreSQL database (a tool built with swift build --traits \
      PostgreSQL): every command takes --database <url>, or reads USERDEFAULTS_DATABASE_URL \
      (which keeps a password out of the process list), such as \
      postgres://ops@db.internal:5432/app?sslmode=require. A write there reaches every process \
      that observes the suite, on every machine. No message repeats the password.

      Examples:
        userdefaults write com.example.app volume --float 0.8
        userdefaults read com.example.app
        userdefaults watch com.example.app
        sudo userdefaults write com.example.server port --int 8080 --user service
        USERDEFAULTS_DATABASE_URL=postgres://ops@db/app userdefaults write checkout maintenanceMode --bool true
      """,
    subcommands: [
      ReadCommand.self, WriteCommand.self, DeleteCommand.self, RenameCommand.self, ListCommand.self,
      FindCommand.self, WatchCommand.self, ExportCommand.self, ImportCommand.self, MigrationsCommand.self,
    ]
  )
}
