// One import gives the provider and the stores it reads.
@_exported import UserDefaultsKitCore
