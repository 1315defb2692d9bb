// Apple API declarations for the APPLE_API_TYPECHECK build (see typecheck.sh): the SwiftUI names
// that `@ObservedDefault` and the documentation's settings screen use. Signatures from Apple's
// documentation (SwiftUI), as Swift imports them from the SDKs of Xcode 26, the oldest the package
// supports (Xcode 27's SDKs spell `@ViewBuilder` as `@ContentBuilder`). Only the declarations that
// code calls are here; bodies are never run.
import Foundation
import Observation

/// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> {
    TupleView((repeat each content))
  }
}

/// https://developer.apple.com/documentation/swiftui/tupleview
@frozen
public struct TupleView<T>: View {
  /// https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
  nonisolated public init(_ value: T) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/localizedstringkey
@frozen
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
  public init(stringLiteral value: String) {}
}

/// https://developer.apple.com/documentation/swiftui/text
@frozen
public struct Text: View {
  /// https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
  nonisolated public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
  ) {}
  public var body: Never { fatalError() }
}

extension View {
  /// https://developer.apple.com/documentation/swiftui/view/tag(_:includeoptional:)
  nonisolated public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View { self }
}

/// https://developer.apple.com/documentation/swiftui/form
public struct Form<Content: View>: View {
  /// https://developer.apple.com/documentation/swiftui/form/init(content:)
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/toggle
public struct Toggle<Label: View>: View {
  public var body: Never { fatalError() }
}

extension Toggle where Label == Text {
  /// `init(_:isOn:)` with a `LocalizedStringKey` (Toggle > Creating a toggle).
  nonisolated public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
}

/// https://developer.apple.com/documentation/swiftui/picker
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  public var body: Never { fatalError() }
}

extension Picker where Label == Text {
  /// https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)-6lwfn
  nonisolated public init(
    _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {}
}

/// https://developer.apple.com/documentation/swiftui/textfield
public struct TextField<Label: View>: View {
  public var body: Never { fatalError() }
}

extension TextField where Label == Text {
  /// `init(_:text:)` with a `LocalizedStringKey` (TextField > Creating a text field with a string).
  nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

/// https://developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
  public var body: Never { fatalError() }
}

extension Button where Label == Text {
  /// `init(_:action:)` with a `LocalizedStringKey` (Button > Creating a button with a string label).
  @preconcurrency nonisolated public init(
    _ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void
  ) {}
}

/// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {
  /// https://developer.apple.com/documentation/swiftui/dynamicproperty/update()
  mutating func update()
}

extension DynamicProperty {
  public mutating func update() {}
}

/// https://developer.apple.com/documentation/swiftui/state
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
  private let initialValue: Value

  /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
  public init(wrappedValue value: Value) { initialValue = value }

  /// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
  public init(initialValue value: Value) { initialValue = value }

  /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
  public var wrappedValue: Value {
    get { initialValue }
    nonmutating set {}
  }

  /// https://developer.apple.com/documentation/swiftui/state/projectedvalue
  public var projectedValue: Binding<Value> { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/binding
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}

  /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }

  /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue
  public var projectedValue: Binding<Value> { self }

  /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    fatalError()
  }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

extension Binding: DynamicProperty {}

/// https://developer.apple.com/documentation/swiftui/bindable
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
  /// https://developer.apple.com/documentation/swiftui/bindable/wrappedvalue
  public var wrappedValue: Value

  /// https://developer.apple.com/documentation/swiftui/bindable/projectedvalue
  public var projectedValue: Bindable<Value> { self }

  // NB: SwiftUI declares it here, unavailable, and the usable one for observable objects below; a
  // view's `self.model = model` in its initializer needs one here.
  @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
  public init(wrappedValue: Value) { fatalError() }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension Bindable where Value: AnyObject {
  /// https://developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:)
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<
    Subject
  > {
    fatalError()
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension Bindable where Value: AnyObject, Value: Observable {
  /// https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// https://developer.apple.com/documentation/swiftui/bindable/init(_:)
  public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
