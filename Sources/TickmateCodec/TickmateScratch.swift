import Foundation
import TrackerCodec
import TrackerModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private temporary folder for the copy of a Tickmate backup SQLite must have as a file
/// (standard input, a WAL-mode file): made by `mkdtemp` (mode 0700, so no other user can read
/// what is put in it) and removed with everything in it afterwards, as the Loop codec does.
enum TickmateScratch {
  /// Runs `body` with the path of a new private folder, then removes the folder.
  ///
  /// - Throws: ``CodecError`` `.io` (with `fileName`) when the folder cannot be made; what
  ///   `body` throws.
  static func withFolder<T>(fileName: String, _ body: (String) throws -> T) throws -> T {
    let folder = try make(fileName: fileName)
    defer { TemporaryItems.remove(folder) }
    return try body(folder)
  }

  private static func make(fileName: String) throws -> String {
    var base = FileManager.default.temporaryDirectory.path
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    // Recorded as it is made, so an interrupted run removes it (TemporaryItems).
    let made = TemporaryItems.create {
      var template = Array((base + "/trackport-tickmate-XXXXXX").utf8CString)
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
