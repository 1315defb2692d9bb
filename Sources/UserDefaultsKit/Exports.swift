@_exported import UserDefaultsKitCore
