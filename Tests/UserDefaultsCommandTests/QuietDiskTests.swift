#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Testing
  import UserDefaultsKitCore

  /// What the tool and the library leave on disk when they only read or watch: nothing.
  @Suite("Reading and watching change nothing on disk")
  struct QuietDiskTests {
    /// Every file under `folder` (hidden ones too) with its inode, size and change time.
    static func snapshot(of folder: URL) -> [String: String] {
      var files: [String: String] = [:]
      let enumerator = FileManager.default.enumerator(atPath: folder.path)
      while let name = enumerator?.nextObject() as? String {
        var info = stat()
        guard lstat(folder.appendingPathComponent(name).path, &info) == 0 else { continue }
        files[name] = "\(info.st_ino) \(info.st_size) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
      }
      return files
    }

    @Test(
      "Two watching processes and a writer: each hears the change once, and the suite's files stay as written",
      arguments: [false, true])
    func twoWatchers(journaled: Bool) async throws {
      try await Tool.withFolder { tool in
        let store =
          journaled
          ? UserDefaultsStore.journaledSuite("s", in: tool.folder)
          : UserDefaultsStore.suite("s", in: tool.folder)
        try store.write(.integer(1), forKey: "count")
        let watchers = try [tool.start("watch", "s"), tool.start("watch", "s")]
        defer { for watcher in watchers { watcher.stop() } }
        for watcher in watchers { #expect(await watcher.waitForError(containing: "watching s")) }

        #expect(try tool.run("write", "s", "theme", "dark").status == 0)
        for watcher in watchers { #expect(await watcher.waitForOutput(lineCount: 1)) }
        try await Task.sleep(for: .milliseconds(300))
        let settled = Self.snapshot(of: tool.folder)
        try await Task.sleep(for: .seconds(1.5))

        #expect(Self.snapshot(of: tool.folder) == settled, "a file changed after the write settled")
        for watcher in watchers { #expect(watcher.standardOutputLines == ["theme = dark"]) }
      }
    }

    @Test("Commands that only read change nothing, beside another program's unparsable file too")
    func readOnlyCommands() async throws {
      try await Tool.withFolder { tool in
        try tool.store("s").write(.integer(1), forKey: "count")
        try Data("another program's notes".utf8).write(to: tool.file(ofSuite: "notes"))
        let before = Self.snapshot(of: tool.folder)

        for arguments in [
          ["list"], ["find", "count"], ["read"], ["read", "s"], ["read", "s", "count"], ["read", "notes"],
        ] {
          _ = try tool.run(arguments)
          #expect(Self.snapshot(of: tool.folder) == before, "\(arguments)")
        }
      }
    }

    @Test("export writes through a link, refuses a device, and keeps the suite's mode")
    func export() async throws {
      try await Tool.withFolder { tool in
        try tool.store("s").write(.integer(1), forKey: "count")
        #expect(chmod(tool.file(ofSuite: "s").path, 0o600) == 0)
        let target = tool.folder.appendingPathComponent("real.plist")
        let link = tool.folder.appendingPathComponent("link.plist")
        #expect(symlink(target.path, link.path) == 0)

        #expect(try tool.run("export", "s", link.path).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        let exported = try PropertyListSerialization.propertyList(from: Data(contentsOf: target), format: nil)
        #expect((exported as? [String: Any])?["count"] as? Int == 1)
        var info = stat()
        #expect(stat(target.path, &info) == 0 && info.st_mode & 0o777 == 0o600)

        let device = try tool.run("export", "s", "/dev/null")
        #expect(device.status == 1)
        #expect(device.standardError.contains("not a regular file"), "\(device.standardError)")
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
      }
    }
  }
#endif
