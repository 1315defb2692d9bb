#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import DefaultsTestSupport
  import Foundation
  import Testing
  import UserDefaultsKitCore

  @Suite("Writes that cannot complete lose nothing", .serialized)
  struct FailedWriteTests {
    @Test(
      "A full disk: the write reports its cause, every earlier value reads back, also after a restart",
      .enabled(if: MountedFolder.canMount, "needs root, to mount a 256 KB tmpfs"),
      arguments: [false, true])
    func fullDisk(journaled: Bool) throws {
      let mount = try MountedFolder(size: "256k")
      defer { mount.remove() }
      let store =
        journaled
        ? UserDefaultsStore.journaledSuite("full", in: mount.url)
        : UserDefaultsStore.suite("full", in: mount.url)
      let errors = ReportedErrors(for: store)
      for index in 1...4 { store.setValue(index, forKey: "kept\(index)") }

      DefaultsKey<Data>("big", default: Data(), store: store).value = Data(repeating: 7, count: 300_000)

      #expect(errors.all.count == 1)
      #expect("\(errors.all.first.map { "\($0)" } ?? "")".contains("ENOSPC"), "\(errors.all)")
      for index in 1...4 { #expect(store.value(forKey: "kept\(index)", default: 0) == index) }
      let restarted = try HelperProcess.run([
        "readIn", mount.url.path, (journaled ? "journaled:" : "") + "full", "kept4",
      ])
      #expect(restarted.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "4")
      #expect(leftovers(in: mount.url).isEmpty, "no kept or new file is left behind")
      store.setValue(5, forKey: "kept5")
      #expect(store.value(forKey: "kept5", default: 0) == 5, "the suite takes writes again")
    }

    @Test(
      "A disk without a byte free: a small write is refused, nothing earlier is lost, and writes work once space is freed",
      .enabled(if: MountedFolder.canMount, "needs root, to mount a 256 KB tmpfs"))
    func completelyFullDisk() throws {
      let mount = try MountedFolder(size: "256k")
      defer { mount.remove() }
      let store = UserDefaultsStore.suite("full", in: mount.url)
      store.setValue("kept", forKey: "fixed")
      let filler = mount.fill()
      let errors = ReportedErrors(for: store)

      store.setValue(1, forKey: "counter")

      #expect(errors.all.count == 1, "\(errors.all)")
      #expect(store.value(forKey: "fixed", default: "") == "kept")
      #expect(store.value(forKey: "counter", default: 0) == 0)
      #expect(leftovers(in: mount.url).isEmpty, "no kept or new file is left behind")

      try FileManager.default.removeItem(at: filler)
      store.setValue(2, forKey: "counter")
      #expect(store.value(forKey: "counter", default: 0) == 2)
      #expect(errors.all.count == 1)
    }

    @Test(
      "A corrupt file in a folder that may not change is never overwritten; writes are refused and reported")
    func corruptFileInReadOnlyFolder() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("UserDefaultsKitTests-readonly-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try? FileManager.default.removeItem(at: folder)
      }
      let file = folder.appendingPathComponent("locked.plist")
      let garbage = Data(repeating: UInt8(ascii: "x"), count: 2_048)
      try garbage.write(to: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file.path)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)

      let writer = try HelperProcess.run(["writeInAsUser", folder.path, "locked", "counter", "1"])

      #expect(writer.status == 0)
      #expect(writer.standardOutput.contains("it is not a property list"), "\(writer.standardOutput)")
      #expect(writer.standardOutput.contains("was not written"), "the write is refused, with its cause")
      #expect(writer.standardOutput.contains("(EACCES)"))
      #expect(writer.standardOutput.contains("read -1"), "reads return the default")
      #expect(try Data(contentsOf: file) == garbage, "the corrupt file is untouched")
    }

    @Test(
      "Foundation's write of its unwritten values failing on a full disk leaves the previous file whole",
      .enabled(if: MountedFolder.canMount, "needs root, to mount a 256 KB tmpfs"))
    func foundationWriteFailsOnFullDisk() throws {
      let mount = try MountedFolder(size: "256k")
      defer { mount.remove() }
      let store = UserDefaultsStore.suite("full", in: mount.url)
      let errors = ReportedErrors(for: store)
      store.setValue(1, forKey: "kept")
      DefaultsKey<Data>("big", default: Data(), store: store).value = Data(repeating: 1, count: 115_000)
      // A direct write that Foundation holds in memory: its XML of the suite does not fit the disk.
      store.userDefaults.set(1, forKey: "direct")
      store.setValue(2, forKey: "x")

      #expect(errors.all.count == 1, "\(errors.all)")
      let file = mount.url.appendingPathComponent("full.plist")
      #expect((try? PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)) != nil)
      let read = try HelperProcess.run(["readIn", mount.url.path, "full", "kept"])
      #expect(read.standardOutput == "1\n", "a restart reads \(read.standardOutput)")
    }

    /// Files a write leaves when it fails: a new file that was never renamed into place.
    private func leftovers(in folder: URL) -> [String] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasSuffix(".new") }
    }
  }
#endif
