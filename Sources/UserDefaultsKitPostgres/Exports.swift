// One import gives the store and the runtime it plugs into.
@_exported import UserDefaultsKitCore
