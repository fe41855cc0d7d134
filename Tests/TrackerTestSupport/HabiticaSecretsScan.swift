import Foundation
import Testing

/// Looks for planted secrets in what a reader or writer made (``HabiticaExports/secrets``).
public enum HabiticaSecretsScan {
  /// `path` itself when it is a file; every file under it when it is a folder; none when absent.
  public static func files(at path: String) throws -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
    guard isFolder.boolValue else { return [path] }
    return try FileManager.default.subpathsOfDirectory(atPath: path).map { path + "/" + $0 }
      .filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && !d.boolValue }
  }

  /// Records an issue for each of `secrets` found in `bytes`, as UTF-8 or UTF-16 little-endian
  /// (SQLite may store either); `what` names the place in the message.
  public static func expectNoSecret(in bytes: [UInt8], _ what: String, secrets: [String],
                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for secret in secrets {
      for needle in [Array(secret.utf8), Array(secret.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }] {
        let found = bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { start in
          bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle)
        }
        #expect(!found, "\(what) holds \(secret)", sourceLocation: sourceLocation)
      }
    }
  }
}
