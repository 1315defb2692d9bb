@_exported import UserDefaultsKit
