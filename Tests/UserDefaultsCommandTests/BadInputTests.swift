#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import DefaultsTestSupport
  import Foundation
  import Testing
  import UserDefaultsKitCore

  @Suite("Bad input: a clear message and a non-zero exit, and the suite untouched")
  struct BadInputTests {
    @Test(
      "An unknown suite is an error for the commands that read one",
      arguments: [
        ["read", "com.example.none"], ["read", "com.example.none", "key"], ["delete", "com.example.none"],
        ["rename", "com.example.none", "a", "b"], ["export", "com.example.none", "out.plist"],
      ])
    func unknownSuite(arguments: [String]) async throws {
      try await Tool.withFolder { tool in
        let result = try tool.run(arguments)
        #expect(result.status == 1)
        #expect(result.standardError.contains("no suite 'com.example.none'"), "\(result.standardError)")
        #expect(
          try FileManager.default.contentsOfDirectory(atPath: tool.folder.path).filter { !$0.hasPrefix(".") }
            .isEmpty)
      }
    }

    @Test("A value that starts with '-' without '--' is an unknown option: an error, and nothing is written")
    func dashValueWithoutTerminator() async throws {
      try await Tool.withFolder { tool in
        let result = try tool.run(["write", "com.example.app", "offset", "--int", "-5"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("Unknown option '-5'"), "\(result.standardError)")
        #expect(tool.store("com.example.app").storedValues.isEmpty)
      }
    }

    @Test("An unknown key is an error for read, delete and rename")
    func unknownKey() async throws {
      try await Tool.withFolder { tool in
        try tool.store("com.example.app").write(.integer(1), forKey: "a")
        for arguments in [
          ["read", "com.example.app", "b"], ["delete", "com.example.app", "b"],
          ["rename", "com.example.app", "b", "c"],
        ] {
          let result = try tool.run(arguments)
          #expect(result.status == 1)
          #expect(
            result.standardError.contains("suite 'com.example.app' has no key 'b'"), "\(result.standardError)"
          )
        }
        #expect(tool.store("com.example.app").storedValues == ["a": .integer(1)])
      }
    }

    @Test(
      "A value that does not parse as its type is an error, and nothing is written",
      arguments: [
        (["--int", "12abc"], "'12abc' is not an integer"), (["--int", "1.5"], "'1.5' is not an integer"),
        (["--float", "fast"], "'fast' is not a number"), (["--bool", "maybe"], "'maybe' is not a boolean"),
        (["--date", "yesterday"], "'yesterday' is not a date"), (["--data", "abc"], "'abc' is not data"),
        (["--data", "base64:***"], "is not data"), (["--dict", "a"], "'a' has no value"),
        (["--json", "{"], "not valid JSON"), (["--int"], "--int takes one VALUE, not 0"),
        (["--string", "a", "b"], "--string takes one VALUE, not 2"),
      ])
    func unparsableValue(arguments: [String], message: String) async throws {
      try await Tool.withFolder { tool in
        try tool.store("com.example.app").write(.integer(1), forKey: "key")
        let result = try tool.run(["write", "com.example.app", "key"] + arguments)
        #expect(result.status == 1)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(tool.store("com.example.app").storedValues == ["key": .integer(1)])
      }
    }

    @Test(
      "A corrupt suite file is left as it is, and the tool says so and stops",
      arguments: [
        ("garbage", ["read", "com.example.app"]),
        ("<plist><dict><key>a</key></plist>", ["read", "com.example.app"]),
        ("<plist><dict><key>a</key></plist>", ["write", "com.example.app", "b", "1"]),
      ])
    func corruptFile(contents: String, arguments: [String]) async throws {
      try await Tool.withFolder { tool in
        let file = tool.file(ofSuite: "com.example.app")
        try Data(contents.utf8).write(to: file)

        let result = try tool.run(arguments)

        #expect(result.status == 1)
        #expect(
          result.standardError.components(separatedBy: "is not a property list").count == 2,
          "said once: \(result.standardError)")
        #expect(!result.standardError.contains("next write"), "the tool writes nothing over it")
        #expect(try Data(contentsOf: file) == Data(contents.utf8), "nothing was written or moved")
        let folder = try FileManager.default.contentsOfDirectory(
          atPath: file.deletingLastPathComponent().path)
        #expect(!folder.contains { $0.contains(".corrupt-") }, "\(folder)")
      }
    }

    @Test("A suite name the library would misplace is an error")
    func badSuiteName() async throws {
      try await Tool.withFolder { tool in
        let result = try tool.run("write", "../escape", "key", "value")
        #expect(result.status == 1)
        #expect(result.standardError.contains("contains '/'"), "\(result.standardError)")
        #expect(
          !FileManager.default.fileExists(
            atPath: tool.folder.deletingLastPathComponent().appendingPathComponent("escape.plist").path))
      }
    }

    @Test(
      "A write into a read-only folder is an error, and what was stored stays",
      .enabled(if: getuid() != 0 || MountedFolder.canMount, "root writes anywhere, and cannot mount here"))
    func readOnlyFolder() async throws {
      let mounted = getuid() == 0 ? try MountedFolder(size: "64k") : nil
      defer { mounted?.remove() }
      try await Tool.withFolder(mounted?.url) { tool in
        #expect(try tool.run("write", "com.example.app", "key", "before").status == 0)
        let readOnly = mounted?.url ?? tool.folder
        try ReadOnly.make(readOnly, mounted: mounted != nil)
        defer { try? ReadOnly.undo(readOnly, mounted: mounted != nil) }

        let result = try tool.run("write", "com.example.app", "key", "after")

        #expect(result.status == 1)
        #expect(result.standardError.contains("was not written"), "\(result.standardError)")
        #expect(result.standardError.contains(mounted != nil ? "EROFS" : "EACCES"), "\(result.standardError)")
        #expect(try tool.run("read", "com.example.app", "key").standardOutput == "before\n")
      }
    }
  }

  /// Makes a folder read-only, in a way that holds for root too when the folder is a mount.
  private enum ReadOnly {
    static func make(_ folder: URL, mounted: Bool) throws {
      if mounted {
        try run("/bin/mount", "-o", "remount,ro", folder.path)
      } else {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
      }
    }

    static func undo(_ folder: URL, mounted: Bool) throws {
      if mounted {
        try run("/bin/mount", "-o", "remount,rw", folder.path)
      } else {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      }
    }

    private static func run(_ arguments: String...) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: arguments[0])
      process.arguments = Array(arguments.dropFirst())
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
  }
#endif
