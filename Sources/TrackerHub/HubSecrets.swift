import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `hub serve`'s secrets, kept in the store (never in `hub.toml`, which a user may share):
/// the calendar feed's secret (`store/feed-secret`: the feed is `/feed/SECRET.ics`) and the
/// access tokens (`store/tokens`, one SHA-256 per line: the tokens themselves are shown once,
/// when made, and never stored).
public struct HubSecrets: Sendable {
  let store: HubStore

  public init(store: HubStore) { self.store = store }

  var feedPath: String { store.storePath + "/feed-secret" }
  var tokensPath: String { store.storePath + "/tokens" }

  /// Makes the feed's secret.
  func create() throws {
    try HubFiles.makeFolder(store.storePath)
    chmod(store.storePath, 0o700)
    try write(Self.random(), to: feedPath)
  }

  /// The feed's secret (made when missing).
  public func feedSecret() throws -> String {
    if let bytes = try HubFiles.read(feedPath) {
      let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces.replacingOccurrences(of: "\n", with: "")
      if !text.isEmpty { return text }
    }
    try create()
    return try feedSecret()
  }

  /// Replaces the feed's secret: the old feed URL answers 404 from now on.
  @discardableResult
  public func rotateFeedSecret() throws -> String {
    try create()
    return try feedSecret()
  }

  /// Makes an access token, stores its hash and returns it (shown once).
  public func addToken() throws -> String {
    let token = Self.random()
    var lines = try tokenHashes()
    lines.append(HubHash.of(text: token))
    try write(lines.joined(separator: "\n") + "\n", to: tokensPath)
    return token
  }

  /// Forgets every token: none works any more.
  public func revokeTokens() throws {
    try write("", to: tokensPath)
  }

  /// The stored tokens' hashes.
  public func tokenHashes() throws -> [String] {
    guard let bytes = try HubFiles.read(tokensPath) else { return [] }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// Whether `token` is one of the stored ones: compared by hash, in time that does not depend
  /// on where the bytes differ (every stored hash is compared whole).
  public func accepts(_ token: String, hashes: [String]) -> Bool {
    let given = Array(HubHash.of(text: token).utf8)
    var found = false
    for hash in hashes {
      found = Self.constantTimeEqual(given, Array(hash.utf8)) || found
    }
    return found
  }

  /// Equal bytes, compared without an early exit.
  public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for i in a.indices { difference |= a[i] ^ b[i] }
    return difference == 0
  }

  /// 32 random bytes from the kernel, as 64 hex digits.
  static func random() -> String {
    var bytes = [UInt8](repeating: 0, count: 32)
    var generator = SystemRandomNumberGenerator()
    for i in bytes.indices { bytes[i] = generator.next() }
    return HubHash.of(bytes)
  }

  private func write(_ text: String, to path: String) throws {
    try HubFiles.write(text: text, to: path)
    chmod(path, 0o600)
  }
}
