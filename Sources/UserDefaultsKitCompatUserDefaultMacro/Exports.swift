// The library and Observation come with UserDefaultMacro's names. NB: Foundation brings
// Observation on Apple platforms, where UserDefaultMacro's users may write `@Observable` with
// `import Foundation` alone; this makes that code compile on Linux too.
@_exported import Observation
@_exported import UserDefaultsKit
