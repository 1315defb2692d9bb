#if canImport(UserDefaultsKitMacros)
  import SwiftSyntaxMacroExpansion
  import SwiftSyntaxMacros
  import UserDefaultsKitMacros

  /// Every macro under its attribute name, as the compiler plugin provides them; the compiler asks
  /// `@ObservableDefaults` for the `Observable` conformance.
  let allMacros: [String: MacroSpec] = [
    "ObservableDefaults": MacroSpec(type: ObservableDefaultsMacro.self, conformances: ["Observable"]),
    "ObservableUserDefaults": MacroSpec(
      type: ObservableUserDefaultsMacro.self, conformances: ["Observable"]),
    "UserDefaultsData": MacroSpec(
      type: UserDefaultsDataMacro.self, conformances: ["_VADefaultsObservedContainer"]),
    "ObservableUserDefaultsData": MacroSpec(
      type: ObservableUserDefaultsDataMacro.self, conformances: ["Observable"]),
  ].merging(plainMacros.mapValues { MacroSpec(type: $0) }) { spec, _ in spec }

  private let plainMacros: [String: Macro.Type] = [
    "DefaultsEntry": DefaultsEntryMacro.self,
    "ObservableDefaultsEntry": ObservableDefaultsEntryMacro.self,
    "DefaultsBacked": DefaultsBackedMacro.self,
    "DefaultsIgnored": DefaultsMarkerMacro.self,
    "DefaultsProperty": DefaultsMarkerMacro.self,
    "_DefaultsProperty": DefaultsPropertyAccessorMacro.self,
    "_ObservedDefaultsProperty": ObservedDefaultsPropertyAccessorMacro.self,
    "_ObservedMemoryProperty": ObservedMemoryPropertyMacro.self,
    "ObservableUserDefault": ObservableUserDefaultMacro.self,
    "UserDefaultsValue": VADefaultsValueMacro.self,
    "CodableUserDefaultsValue": VADefaultsValueMacro.self,
    "RawUserDefaultsValue": VADefaultsValueMacro.self,
    "DefaultsValue": VADefaultsValueMacro.self,
    "CodableDefaultsValue": VADefaultsValueMacro.self,
    "RawDefaultsValue": VADefaultsValueMacro.self,
    "UserDefaultDataStore": UserDefaultDataStoreMacro.self,
    "UserDefaultRecord": UserDefaultRecordMacro.self,
    "UserDefaultProperty": UserDefaultRecordMacro.self,
    "_ObservableUserDefaultsProperty": ObservableUserDefaultsPropertyMacro.self,
    "ObservableUserDefaultsIgnored": DefaultsMarkerMacro.self,
    "UserDefaultsProperty": DefaultsMarkerMacro.self,
    "UserDefaultsStore": DefaultsMarkerMacro.self,
    "CloudProperty": DefaultsMarkerMacro.self,
  ]
#endif
