#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Testing
  import UserDefaultsKitCore

  /// `--folder` and `--user`: another account's suites.
  @Suite("The tool in another account's folder")
  struct FolderOptionTests {
    /// The owner given to the other account's folder and files: nobody, in a group of its own.
    static let otherUser: uid_t = 65534
    static let otherGroup: gid_t = 65533

    @Test("--folder reads and writes the suites of that folder, and leaves the user's own alone")
    func folderOption() async throws {
      try await Tool.withFolder { tool in
        let service = tool.folder.appendingPathComponent("service")
        try FileManager.default.createDirectory(at: service, withIntermediateDirectories: false)

        let written = try tool.run(
          "write", "com.example.server", "port", "--int", "8080", "--folder", service.path)

        #expect(written.status == 0, "\(written.standardError)")
        #expect(
          UserDefaultsStore.suite("com.example.server", in: service).storedValues == ["port": .integer(8080)])
        #expect(!FileManager.default.fileExists(atPath: tool.file(ofSuite: "com.example.server").path))
        #expect(
          try tool.run("read", "com.example.server", "port", "--folder", service.path).standardOutput
            == "8080\n")
        #expect(
          try tool.run("read", "com.example.server").status == 1, "the user's own folder has no such suite")
        #expect(
          try tool.run("list", "--folder", service.path).standardOutput.hasPrefix("com.example.server  1 key")
        )
        #expect(
          try tool.run("find", "8080", "--folder", service.path).standardOutput
            == "com.example.server port = 8080\n")
        #expect(try tool.run("list").standardOutput.isEmpty)
      }
    }

    @Test("A folder it cannot use is an error, and nothing is made")
    func unusableFolder() async throws {
      try await Tool.withFolder { tool in
        let missing = tool.folder.appendingPathComponent("missing")
        let file = tool.folder.appendingPathComponent("file")
        try Data().write(to: file)
        let before = QuietDiskTests.snapshot(of: tool.folder)

        for (arguments, message) in [
          (["--folder", missing.path], "cannot use \(missing.path): No such file or directory"),
          (["--folder", file.path], "cannot use \(file.path): it is not a folder"),
          (["--user", "no-such-user-\(UUID().uuidString.prefix(8))"], "no user 'no-such-user-"),
          (["--folder", missing.path, "--user", "root"], "give --folder or --user, not both"),
        ] {
          let result = try tool.run(["write", "com.example.server", "port", "8080"] + arguments)
          #expect(result.status != 0, "\(arguments)")
          #expect(result.standardError.contains(message), "\(result.standardError)")
          #expect(QuietDiskTests.snapshot(of: tool.folder) == before, "\(arguments)")
        }
      }
    }

    @Test(
      "--user names that user's <home>/.config, from the account database",
      .enabled(
        if: FileManager.default.homeDirectory(forUser: "nobody").map {
          !FileManager.default.fileExists(atPath: $0.appendingPathComponent(".config").path)
        } ?? false, "needs the user nobody, without a .config folder"))
    func userOption() async throws {
      let home = try #require(FileManager.default.homeDirectory(forUser: "nobody"))
      try await Tool.withFolder { tool in
        let result = try tool.run("read", "com.example.server", "--user", "nobody")

        #expect(result.status == 1)
        #expect(
          result.standardError.contains(
            "cannot use \(home.appendingPathComponent(".config").path) (the preferences folder of user 'nobody')"
          ),
          "\(result.standardError)")
      }
    }

    @Test(
      "A suite file or folder it cannot read is an error, and nothing is written",
      .enabled(
        if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: Tool.setpriv.path),
        "root reads anything: needs setpriv to run the tool as another user"))
    func unreadable() async throws {
      // NB: root reads any file, so the tool runs as another user; any other user cannot read a file
      // of mode 000, even its own.
      let runner = getuid() == 0 ? Self.otherUser : nil
      try await Tool.withFolder { tool in
        let service = tool.folder.appendingPathComponent("service")
        try FileManager.default.createDirectory(at: service, withIntermediateDirectories: false)
        try UserDefaultsStore.suite("com.example.server", in: service).write(.integer(80), forKey: "port")
        let file = service.appendingPathComponent("com.example.server.plist")
        let bytes = try Data(contentsOf: file)
        #expect(chmod(file.path, 0) == 0)
        defer { chmod(file.path, 0o600) }

        for arguments in [
          ["write", "com.example.server", "port", "--int", "8080"], ["read", "com.example.server"],
        ] {
          let result = try tool.run(arguments + ["--folder", service.path], as: runner)
          #expect(result.status == 1, "\(arguments)")
          #expect(result.standardError.contains("Permission denied"), "\(result.standardError)")
        }
        chmod(file.path, 0o600)
        #expect(try Data(contentsOf: file) == bytes)

        #expect(chmod(service.path, 0) == 0)
        defer { chmod(service.path, 0o755) }
        let result = try tool.run(["list", "--folder", service.path], as: runner)
        #expect(result.status == 1)
        #expect(
          result.standardError.contains("cannot read \(service.path): Permission denied"),
          "\(result.standardError)")
      }
    }

    @Test(
      "As root, a write to another user's folder keeps the suite's owner and mode, and what it makes there is the folder owner's",
      .enabled(if: getuid() == 0, "needs root, to write another user's files"))
    func rootKeepsOwners() async throws {
      try await Tool.withFolder { tool in
        let service = tool.folder.appendingPathComponent("service")
        try FileManager.default.createDirectory(at: service, withIntermediateDirectories: false)
        #expect(chown(service.path, Self.otherUser, Self.otherGroup) == 0)
        let file = service.appendingPathComponent("com.example.server.plist")
        try PropertyListSerialization.data(fromPropertyList: ["port": 80], format: .binary, options: 0)
          .write(to: file)
        #expect(chown(file.path, Self.otherUser, Self.otherGroup) == 0 && chmod(file.path, 0o640) == 0)

        for suite in ["com.example.server", "com.example.new"] {
          let result = try tool.run("write", suite, "port", "--int", "8080", "--folder", service.path)
          #expect(result.status == 0, "\(result.standardError)")
        }

        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(
          info.st_uid == Self.otherUser && info.st_gid == Self.otherGroup && info.st_mode & 0o7777 == 0o640)
        for (name, owner) in Self.owners(under: service) {
          #expect(owner == "\(Self.otherUser):\(Self.otherGroup)", "\(name) is not the folder owner's")
        }
        for suite in ["com.example.server", "com.example.new"] {
          let data = try Data(contentsOf: service.appendingPathComponent(suite + ".plist"))
          let values = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
          #expect(values?["port"] as? Int == 8080, "\(suite)")
        }
      }
    }

    /// Every file and folder under `folder` (hidden ones too), with its owner as `uid:gid`.
    static func owners(under folder: URL) -> [String: String] {
      var owners: [String: String] = [:]
      let enumerator = FileManager.default.enumerator(atPath: folder.path)
      while let name = enumerator?.nextObject() as? String {
        var info = stat()
        guard lstat(folder.appendingPathComponent(name).path, &info) == 0 else { continue }
        owners[name] = "\(info.st_uid):\(info.st_gid)"
      }
      return owners
    }
  }
#endif
