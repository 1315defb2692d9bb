// NB: on Apple platforms Foundation brings Observation with it, and the replaced packages' users
// write `@Observable` with `import Foundation` alone; this makes that code compile on Linux too.
@_exported import Observation
@_exported import UserDefaultsKit
