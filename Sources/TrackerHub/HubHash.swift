internal import CLibCrypto
import Foundation

/// SHA-256 in lower-case hex: how the hub names a source's content (a file taken once, however
/// often it is seen), a stored dataset and a history.
enum HubHash {
  /// The hash of `bytes`.
  static func of(_ bytes: some ContiguousBytes) -> String {
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    bytes.withUnsafeBytes { message in
      trackport_sha256(message.baseAddress, message.count, &digest)
    }
    return hex(digest)
  }

  /// The hash of the bytes of `text` (UTF-8).
  static func of(text: String) -> String { of(Array(text.utf8)) }

  private static let digits = Array("0123456789abcdef".utf8)

  private static func hex(_ bytes: [UInt8]) -> String {
    var out = [UInt8]()
    out.reserveCapacity(bytes.count * 2)
    for b in bytes {
      out.append(digits[Int(b >> 4)])
      out.append(digits[Int(b & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
