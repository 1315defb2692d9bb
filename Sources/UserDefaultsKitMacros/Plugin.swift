import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct UserDefaultsKitMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [
    DefaultsEntryMacro.self,
    DefaultsBackedMacro.self,
    ObservableDefaultsMacro.self,
    DefaultsPropertyAccessorMacro.self,
    ObservedDefaultsPropertyAccessorMacro.self,
    ObservedMemoryPropertyMacro.self,
    ObservableDefaultsEntryMacro.self,
    DefaultsMarkerMacro.self,
    ObservableUserDefaultMacro.self,
    VADefaultsValueMacro.self,
    UserDefaultsDataMacro.self,
    ObservableUserDefaultsDataMacro.self,
    UserDefaultRecordMacro.self,
    UserDefaultDataStoreMacro.self,
    ObservableUserDefaultsMacro.self,
    ObservableUserDefaultsPropertyMacro.self,
  ]
}
