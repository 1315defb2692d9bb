import Foundation
import UserDefaultsKitPostgres

// One instance of a service that shares the feature flag `maintenanceMode` with every other
// instance through the suite `example.checkout` of a PostgreSQL database, and prints the flag
// when it starts and each time it changes, whoever changed it. Run two, then flip the flag for
// both with the tool (see the article *The PostgreSQL store*):
//
//   swift build --traits PostgreSQL --product PostgresExample
//   swift build --traits PostgreSQL --product userdefaults
//   export USERDEFAULTS_DATABASE_URL='postgres://app@localhost:5432/app?sslmode=disable'
//   .build/debug/PostgresExample first &
//   .build/debug/PostgresExample second &
//   .build/debug/userdefaults write example.checkout maintenanceMode --bool true
let variable = "USERDEFAULTS_DATABASE_URL"
guard let url = ProcessInfo.processInfo.environment[variable] else {
  FileHandle.standardError.write(
    Data("set \(variable) to the database, postgres://user@host/database\n".utf8))
  exit(2)
}
let instance = CommandLine.arguments.dropFirst().first ?? "instance \(getpid())"
let store = try PostgresDefaultsStore(
  configuration: DatabaseURL.configuration(url), suite: "example.checkout")
let maintenance = DefaultsKey("maintenanceMode", default: false, store: store)
// NB: written without buffering, so that a reader on a pipe sees each change at once.
let show = { @Sendable [instance] (isOn: Bool) in
  FileHandle.standardOutput.write(Data("\(instance): maintenanceMode is \(isOn)\n".utf8))
}
let observation = maintenance.observe(show)
show(maintenance.value)
// NB: changes arrive on the store's threads; this one only keeps the process up until it is stopped.
withExtendedLifetime(observation) {
  while true { sleep(3600) }
}
