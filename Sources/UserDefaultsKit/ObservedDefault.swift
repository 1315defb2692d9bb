#if canImport(SwiftUI) || APPLE_API_TYPECHECK
  // Not type-checked on Linux: the import itself; the type-check's stand-ins declare SwiftUI's names.
  #if canImport(SwiftUI)
    import SwiftUI
  #endif
  import UserDefaultsKitCore

  /// A setting in a SwiftUI view, as `@AppStorage` is: the view is drawn again when the value
  /// changes, wherever the change was made (this view or another, any object over the same store,
  /// another process such as a widget), and `$property` is a `Binding` for controls.
  ///
  /// ```swift
  /// extension DefaultsKey where Value == Bool {
  ///   static let showsBadge = DefaultsKey("showsBadge", default: true)
  /// }
  ///
  /// struct BadgeSetting: View {
  ///   @ObservedDefault(.showsBadge) private var showsBadge
  ///
  ///   var body: some View {
  ///     Toggle("Badge", isOn: $showsBadge)
  ///   }
  /// }
  /// ```
  ///
  /// Outside views, use ``Default``, whose `$property` is the key. The key is observed while the
  /// view is in the view hierarchy, and only then.
  @propertyWrapper
  public struct ObservedDefault<Value>: DynamicProperty {
    private let key: DefaultsKey<Value>
    // NB: SwiftUI keeps the first state of a view and drops the copies made when the view is made
    // again; a tracked value that is never read observes nothing.
    private let tracked: State<TrackedDefault<Value>>

    /// The setting of `key`, for a view.
    public init(_ key: DefaultsKey<Value>) {
      self.key = key
      tracked = State(initialValue: TrackedDefault(key))
    }

    public var wrappedValue: Value {
      get { tracked.wrappedValue.value }
      nonmutating set { tracked.wrappedValue.value = newValue }
    }

    /// A binding to the setting, for a control.
    public var projectedValue: Binding<Value> {
      Bindable(tracked.wrappedValue).value
    }

    /// Follows the key the view was made with last.
    public func update() {
      tracked.wrappedValue.follow(key)
    }
  }
#endif
