import Foundation
import TrackerModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private temporary folder for files a library must have as files (SQLite reads and writes
/// paths, not bytes): made by `mkdtemp` in `$TMPDIR` as `trackport-<prefix>-XXXXXX` (mode 0700,
/// so no other user can read what is put in it), recorded in ``TemporaryItems`` as it is made
/// (so an interrupted run removes it), and removed with everything in it afterwards.
///
/// ``AtomicFile`` makes its temporaries beside the output, with the ordinary modes, for a
/// rename into place; these are never renamed, so they live in the temporary directory.
package enum ScratchFolder {
  /// Runs `body` with the path of a new private folder, then removes the folder.
  ///
  /// - Throws: ``CodecError`` `.io` (with `fileName`) when the folder cannot be made; what
  ///   `body` throws.
  package static func with<T>(prefix: String, fileName: String, _ body: (String) throws -> T) throws -> T {
    let folder = try make(prefix: prefix, fileName: fileName)
    defer { TemporaryItems.remove(folder) }
    return try body(folder)
  }

  private static func make(prefix: String, fileName: String) throws -> String {
    var base = FileManager.default.temporaryDirectory.path
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    let made = TemporaryItems.create {
      var template = Array((base + "/trackport-\(prefix)-XXXXXX").utf8CString)
      return template.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.flatMap(mkdtemp).map { String(cString: $0) }
      }
    }
    guard let made else {
      let reason = String(cString: strerror(errno))
      throw CodecError(.io, "cannot create a temporary folder in \(base): \(reason)", location: SourceLocation(file: fileName))
    }
    return made
  }
}
