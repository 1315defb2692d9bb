import Foundation

/// A small tmpfs mounted on a new folder, for the full-disk tests. Mounting needs root on Linux
/// (and, in a container, the right to mount); elsewhere, and without them, ``canMount`` is false
/// and the tests that need one are skipped.
public struct MountedFolder {
  public let url: URL

  public static let canMount: Bool = {
    #if os(Linux)
      guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
      // NB: root in a container without CAP_SYS_ADMIN cannot mount: one real mount tells.
      guard let probe = try? MountedFolder(size: "16k") else { return false }
      probe.remove()
      return true
    #else
      return false
    #endif
  }()

  /// Mounts a tmpfs of `size` (in mount's notation: "256k").
  public init(size: String) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("UserDefaultsKitTests-mount-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    do {
      try Self.run("/bin/mount", "-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", url.path)
    } catch {
      try? FileManager.default.removeItem(at: url)
      throw error
    }
  }

  /// Fills the tmpfs to its last byte with a file named `name`, which is returned: removing it
  /// frees the space.
  @discardableResult
  public func fill(named name: String = "filler") -> URL {
    let file = url.appendingPathComponent(name)
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0, count: 4_096)
    while write(descriptor, chunk, chunk.count) > 0 {}
    var byte: UInt8 = 0
    while write(descriptor, &byte, 1) > 0 {}
    return file
  }

  /// Unmounts the tmpfs (at once, even while a store still has a file open there) and removes the
  /// folder.
  public func remove() {
    try? Self.run("/bin/umount", "--lazy", url.path)
    try? FileManager.default.removeItem(at: url)
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
