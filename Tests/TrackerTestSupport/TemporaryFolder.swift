import Foundation

/// A fresh, empty folder under the temporary directory (`TMPDIR`, which `make test` points at
/// a folder of its own), named `prefix-<UUID>`; the test removes it when it wants to.
public func temporaryFolder(_ prefix: String = "trackport-test") throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Removes a folder made by ``temporaryFolder(_:)`` (for a `defer` right after making it).
public func removeFolder(_ folder: URL) {
  try? FileManager.default.removeItem(at: folder)
}
