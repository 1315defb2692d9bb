#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Testing
  import UserDefaultsKitCore

  @Suite("Exporting and importing with the tool")
  struct ExportImportTests {
    static let values: [String: PropertyListValue] = [
      "name": .string("Ada"), "count": .integer(3), "big": .unsignedInteger(.max), "ratio": .double(0.5),
      "on": .bool(true), "tags": .array([.string("red")]), "window": .dictionary(["width": .integer(800)]),
    ]

    /// Values that only some formats keep: JSON has no dates or data, XML keeps whole seconds.
    static let exactValues: [String: PropertyListValue] = [
      "when": .date(Date(timeIntervalSince1970: 1_795_000_000.25)), "token": .data(Data([0, 1, 255])),
      "negativeZero": .double(-0.0),
    ]

    @Test(
      "export then import gives back the suite, through each format",
      arguments: [
        (["backup.plist", "--format", "binary"], values.merging(exactValues) { $1 }),
        (["backup.plist"], values), (["backup.json"], values),
      ])
    func roundTrip(exportArguments: [String], values: [String: PropertyListValue]) async throws {
      try await Tool.withFolder { tool in
        let source = tool.store("com.example.source")
        try source.update { for (key, value) in values { try source.write(value, forKey: key) } }
        let file = tool.folder.appendingPathComponent("exports").appendingPathComponent(exportArguments[0])
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)

        let exported = try tool.run(
          ["export", "com.example.source", file.path] + exportArguments.dropFirst())
        #expect(exported.status == 0, "\(exported.standardError)")
        let imported = try tool.run("import", "com.example.copy", file.path)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(
          imported.standardOutput == "com.example.copy now holds the \(values.count) keys of \(file.path)\n")

        #expect(tool.store("com.example.copy").storedValues == values)
      }
    }

    @Test(
      "export replaces a file as the store replaces a suite: a leftover temporary file is no obstacle, and the owner stays",
      .enabled(if: getuid() == 0, "needs root, to give a file to another user"))
    func exportReplacesDurably() async throws {
      try await Tool.withFolder { tool in
        try tool.store("com.example.source").write(.integer(3), forKey: "count")
        let file = tool.folder.appendingPathComponent("settings.plist")
        try Data("old".utf8).write(to: file)
        #expect(chown(file.path, 65534, 65534) == 0)
        // NB: what a killed export leaves: replaced, not written into.
        try Data("stale".utf8).write(to: tool.folder.appendingPathComponent(".settings.plist.export"))

        let exported = try tool.run("export", "com.example.source", file.path)

        #expect(exported.status == 0, "\(exported.standardError)")
        var info = stat()
        #expect(stat(file.path, &info) == 0 && info.st_uid == 65534, "the file is still its owner's")
        let values = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
        #expect((values as? [String: Any])?["count"] as? Int == 3)
        #expect(
          !FileManager.default.fileExists(
            atPath: tool.folder.appendingPathComponent(".settings.plist.export").path))
      }
    }

    @Test("import replaces the suite's keys with the file's in one write")
    func importReplaces() async throws {
      try await Tool.withFolder { tool in
        let store = tool.store("com.example.app")
        try store.update {
          try store.write(.integer(1), forKey: "old")
          try store.write(.integer(1), forKey: "kept")
        }
        let file = tool.folder.appendingPathComponent("new.json")
        try Data(#"{"kept": 2, "new": "x"}"#.utf8).write(to: file)

        #expect(try tool.run("import", "com.example.app", file.path).status == 0)
        #expect(store.storedValues == ["kept": .integer(2), "new": .string("x")])
      }
    }

    @Test(
      "import of a file that does not parse, or holds no dictionary, changes nothing",
      arguments: [
        ("bad.plist", "not a property list {", "neither a property list nor JSON"),
        ("bad.json", #"{"a": 1,"#, "not valid JSON"),
        ("null.json", #"{"a": null}"#, "JSON null cannot be stored"),
        ("list.plist", "(a, b)", "does not hold a dictionary"),
      ])
    func badImport(name: String, contents: String, message: String) async throws {
      try await Tool.withFolder { tool in
        let store = tool.store("com.example.app")
        try store.write(.integer(1), forKey: "kept")
        let before = try Data(contentsOf: tool.file(ofSuite: "com.example.app"))
        let file = tool.folder.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)

        let result = try tool.run("import", "com.example.app", file.path)

        #expect(result.status == 1)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(try Data(contentsOf: tool.file(ofSuite: "com.example.app")) == before)
        #expect(store.storedValues == ["kept": .integer(1)])
      }
    }
  }
#endif
