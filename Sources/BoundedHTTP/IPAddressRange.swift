#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address, or a network of them in CIDR notation (`10.0.0.0/8`, `fd00::/8`):
/// a `--trusted-proxy`.
public struct IPAddressRange: Sendable, Hashable, CustomStringConvertible {
  /// The network's address bytes (4 or 16), the bits past ``prefixLength`` zero.
  public let bytes: [UInt8]
  /// How many leading bits an address must share with ``bytes``.
  public let prefixLength: Int

  /// `text` as an address (a single host) or `ADDRESS/BITS`; nil when it is neither.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let address = IPAddressRange.parse(String(parts[0])) else { return nil }
    let bits = address.count * 8
    var length = bits
    if parts.count == 2 {
      guard let given = Int(parts[1]), (0...bits).contains(given), parts[1].allSatisfy(\.isASCII) else { return nil }
      length = given
    }
    prefixLength = length
    bytes = address.enumerated().map { index, byte in
      let kept = max(0, min(8, length - index * 8))
      return kept == 8 ? byte : byte & ~(UInt8.max >> kept)
    }
  }

  /// Whether the address `text` is in the range; false when `text` is not an address.
  public func contains(_ text: String) -> Bool {
    guard var address = IPAddressRange.parse(text) else { return false }
    if address.count != bytes.count, let v4 = IPAddressRange.unmapped(address) { address = v4 }
    guard address.count == bytes.count else { return false }
    for index in 0..<bytes.count {
      let kept = max(0, min(8, prefixLength - index * 8))
      guard kept > 0 else { return true }
      let mask = kept == 8 ? UInt8.max : ~(UInt8.max >> kept)
      guard address[index] & mask == bytes[index] else { return false }
    }
    return true
  }

  /// The range as `--trusted-proxy` takes it: the address, with `/BITS` for a network.
  public var description: String {
    let text: String
    if bytes.count == 4 {
      text = bytes.map(String.init).joined(separator: ".")
    } else {
      var storage = in6_addr()
      withUnsafeMutableBytes(of: &storage) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
      var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
      text = inet_ntop(AF_INET6, &storage, &buffer, socklen_t(buffer.count)) != nil
        ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }
    return prefixLength == bytes.count * 8 ? text : "\(text)/\(prefixLength)"
  }

  /// The bytes of an IPv4 (4) or IPv6 (16) address in text, nil otherwise.
  static func parse(_ text: String) -> [UInt8]? {
    guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
    return nil
  }

  /// The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:1.2.3.4`).
  static func unmapped(_ address: [UInt8]) -> [UInt8]? {
    guard address.count == 16, address[0..<10].allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF else { return nil }
    return Array(address[12..<16])
  }
}
