// The names of all five replaced packages, for code that uses several of them. A user of one
// imports that package's module instead, which holds its names and no other package's.
@_exported import UserDefaultsKitCompatDefaultsWrapper
@_exported import UserDefaultsKitCompatObservableUserDefault
@_exported import UserDefaultsKitCompatUserDefaultMacro
@_exported import UserDefaultsKitCompatUserDefaultsObservation
@_exported import UserDefaultsKitCompatVADefaults
