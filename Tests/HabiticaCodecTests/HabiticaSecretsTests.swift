import Foundation
import Testing
import TrackerTestSupport
import HabiticaCodec
import TrackerCodec
import TrackerModel

/// An export carries the user's API token, e-mail addresses, login ids and push tokens: the
/// reader's errors quote none of them (every writer's output: TrackerPortTests).
@Suite(.enabled(if: Habitica.haveFixtures, "needs the shared habitica fixtures (TRACKPORT_SHARED_FIXTURES)"))
struct HabiticaSecretsTests {
  /// The bad-input paths quote no secret either: a wrong type next to them, a broken file.
  @Test func errorsQuoteNoSecret() throws {
    var export = try Habitica.fixtureExport()
    export["preferences"] = ["dayStart": "5"]
    let wrongType = Habitica.error { _ = try Habitica.decode(export) }
    #expect(wrongType?.location.pointer == "/preferences/dayStart")
    try Self.expectNoSecret(in: Array("\(wrongType?.message ?? "") \(wrongType?.note ?? "")".utf8), "error")
    let bytes = try Habitica.bytes(try Habitica.fixtureExport())
    let truncated = Habitica.error { _ = try Habitica.decode(Array(bytes.prefix(bytes.count / 2))) }
    #expect(truncated?.kind == .malformedInput)
    try Self.expectNoSecret(in: Array("\(truncated?.message ?? "") \(truncated?.note ?? "")".utf8), "error")
  }

  static func files(at path: String) throws -> [String] { try HabiticaSecretsScan.files(at: path) }

  /// No secret in the bytes, as UTF-8 or UTF-16 (SQLite may store either).
  static func expectNoSecret(in bytes: [UInt8], _ what: String) throws {
    HabiticaSecretsScan.expectNoSecret(in: bytes, what, secrets: Habitica.secrets)
  }
}
