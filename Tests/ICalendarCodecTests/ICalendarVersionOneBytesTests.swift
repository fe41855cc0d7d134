import Foundation
import Testing
import TrackerTestSupport
import ICalendarCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// A dataset that uses nothing of format version 2 is written byte for byte as before it.
@Suite struct ICalendarVersionOneBytesTests {
  /// FNV-1a (64-bit) of a file's bytes.
  static func digest(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16) + "/\(bytes.count)"
  }

  /// Outputs and their digests as TrackerPort wrote them before format version 2 (commit
  /// 467db96): the demo with each writing option, and generated datasets with nasty strings;
  /// but for the `COLOR` names, chosen by ``PaletteMatcher`` since issue 28 (the demo's output
  /// differs from 467db96's in three `COLOR` lines and nothing else).
  /// (They depend on `DatasetGenerator` too: a change to what it generates changes them.)
  static let before: [(name: String, digest: String)] = [
    ("demo", "8776a331ec57557f/22518"),
    ("demo history", "8740bae048bc638b/326649"),
    ("demo until timezone", "cd5f62dbaf3e8a21/22935"),
    ("nasty 0", "a575f66cdf75a007/264"),
    ("nasty 3", "859b6104814fd2b4/5198"),
    ("nasty 5", "338bf2ad15dd089f/4811"),
    ("nasty 11", "b727d7bdcfc5d94f/7570"),
    ("nasty 17", "b1d8ebe0d264aa4f/4251"),
    ("nasty 29", "27c56399e2bf585f/3077"),
  ]

  static func outputs() throws -> [(name: String, bytes: [UInt8])] {
    let demo = try Harness.demo()
    var outputs: [(String, [UInt8])] = [
      ("demo", try Harness.encode(demo)),
      ("demo history", try Harness.encode(demo, options: ["history": "true"])),
      ("demo until timezone", try Harness.encode(demo, options: ["until": "2027-01-31", "timezone": "Europe/Moscow", "start": "2025-01-01"])),
    ]
    for seed in [0, 3, 5, 11, 17, 29] {
      outputs.append(("nasty \(seed)", try Harness.encode(nastyDataset(seed: UInt64(seed)), options: seed % 2 == 0 ? ["history": "true"] : [:])))
    }
    return outputs
  }

  @Test func versionOneOutputIsUnchanged() throws {
    let outputs = try Self.outputs()
    #expect(outputs.count == Self.before.count)
    for ((name, bytes), expected) in zip(outputs, Self.before) {
      #expect(name == expected.name)
      #expect(Self.digest(bytes) == expected.digest, "\(name) is no longer written as before")
    }
  }
}
