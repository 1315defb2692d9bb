#if canImport(CoreGraphics) || APPLE_API_TYPECHECK
  import Foundation
  import UserDefaultsKitCore
  // Not type-checked on Linux: the import of a module Linux lacks (the stand-ins declare its types).
  #if canImport(CoreGraphics)
    import CoreGraphics
  #endif

  // DefaultsWrapper's CGVector and CGAffineTransform spellings: these types exist only where
  // CoreGraphics does (not on Linux). The APPLE_API_TYPECHECK build checks this file on Linux, with
  // the rest of its folder (see Tests/AppleAPITypeCheck).
  //
  // A CGAffineTransform is stored as DefaultsWrapper stores it, the array `[a, b, c, d, tx, ty]`,
  // rather than as the library's dictionary; both forms are read.

  extension UserDefaults {
    /// Stores a `CGVector` as a readable dictionary: `["dx": 1, "dy": 2]`.
    public func set(_ value: CGVector, forKey defaultName: String) {
      vectorKey(defaultName).value = value
    }

    /// A `CGVector`, or `.zero`.
    public func cgVector(forKey defaultName: String) -> CGVector {
      vectorKey(defaultName).value ?? CGVector(dx: 0, dy: 0)
    }

    /// Registers a `CGVector` as a readable dictionary.
    public func register(_ value: CGVector, forKey defaultName: String) {
      guard let stored = try? value.toDefaults() else { return }
      UserDefaultsStore.store(for: self).register([defaultName: stored])
    }

    /// Stores a `CGAffineTransform` as DefaultsWrapper's array `[a, b, c, d, tx, ty]`.
    ///
    /// ```swift
    /// UserDefaults.standard.set(CGAffineTransform(scaleX: 2, y: 2), forKey: "zoom")
    /// ```
    public func set(_ value: CGAffineTransform, forKey defaultName: String) {
      transformKey(defaultName).value = value
    }

    /// A `CGAffineTransform` stored as an array or as a dictionary, or `.identity`.
    public func cgAffineTransform(forKey defaultName: String) -> CGAffineTransform {
      transformKey(defaultName).value ?? CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// Registers a `CGAffineTransform` as DefaultsWrapper's array.
    public func register(_ value: CGAffineTransform, forKey defaultName: String) {
      guard let stored = try? DefaultsCoding.transformArray.encode(value) else { return }
      UserDefaultsStore.store(for: self).register([defaultName: stored])
    }

    private func vectorKey(_ defaultName: String) -> DefaultsKey<CGVector?> {
      DefaultsKey(
        DefaultName(defaultName), default: nil, store: defaultsWrapperStore(for: defaultName), register: false
      )
    }

    private func transformKey(_ defaultName: String) -> DefaultsKey<CGAffineTransform?> {
      DefaultsKey(
        DefaultName(defaultName), default: nil, store: defaultsWrapperStore(for: defaultName),
        coding: .optional(.transformArray), register: false)
    }
  }

  extension DefaultsCoding where Value == CGAffineTransform {
    /// DefaultsWrapper's array `[a, b, c, d, tx, ty]`; the library's dictionary form is read too.
    fileprivate static var transformArray: Self {
      Self(
        encode: { transform in
          .array(
            [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map {
              .double(Double($0))
            })
        },
        decode: CGAffineTransform.fromDefaults)
    }
  }

  extension Default where Value == CGAffineTransform {
    /// A `CGAffineTransform` property, stored as DefaultsWrapper's array `[a, b, c, d, tx, ty]`.
    ///
    /// ```swift
    /// @Default(key: "Zoom", defaultValue: .identity) var zoom: CGAffineTransform
    /// ```
    public init(
      key: DefaultName, defaultValue: @autoclosure () -> CGAffineTransform,
      defaults: UserDefaults = .standard,
      registerValue: Bool = true
    ) {
      self.init(declaring: key, in: defaults, registerValue: registerValue) {
        DefaultsKey(key, default: defaultValue(), store: $0, coding: .transformArray, register: $1)
      }
    }

    /// A `CGAffineTransform` property, in DefaultsWrapper 3's deprecated spelling.
    public init(
      _ key: DefaultName, value: @autoclosure () -> CGAffineTransform, defaults: UserDefaults = .standard,
      registerValue: Bool = true
    ) {
      self.init(key: key, defaultValue: value(), defaults: defaults, registerValue: registerValue)
    }

    /// A `CGAffineTransform` property, in DefaultsWrapper 3's spelling.
    public init(
      wrappedValue: @autoclosure () -> CGAffineTransform, _ key: DefaultName,
      defaults: UserDefaults = .standard,
      registerValue: Bool = true
    ) {
      self.init(key: key, defaultValue: wrappedValue(), defaults: defaults, registerValue: registerValue)
    }
  }

  extension Default where Value == CGAffineTransform? {
    /// An optional `CGAffineTransform` property; assigning `nil` removes the stored value.
    public init(
      key: DefaultName, defaultValue: @autoclosure () -> CGAffineTransform? = nil,
      defaults: UserDefaults = .standard, registerValue: Bool = true
    ) {
      self.init(declaring: key, in: defaults, registerValue: registerValue) {
        DefaultsKey(key, default: defaultValue(), store: $0, coding: .optional(.transformArray), register: $1)
      }
    }

    /// An optional `CGAffineTransform` property, in DefaultsWrapper 3's deprecated spelling.
    public init(
      _ key: DefaultName, value: @autoclosure () -> CGAffineTransform?, defaults: UserDefaults = .standard,
      registerValue: Bool = true
    ) {
      self.init(key: key, defaultValue: value(), defaults: defaults, registerValue: registerValue)
    }

    /// An optional `CGAffineTransform` property, in DefaultsWrapper 3's spelling.
    public init(
      wrappedValue: @autoclosure () -> CGAffineTransform? = nil, _ key: DefaultName,
      defaults: UserDefaults = .standard, registerValue: Bool = true
    ) {
      self.init(key: key, defaultValue: wrappedValue(), defaults: defaults, registerValue: registerValue)
    }
  }
#endif
