import Foundation
import Testing
import TrackerTestSupport
import HaboCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Damaged backups (bytes flipped, cut, repeated, JSON tokens put in), from a fixed seed: the
/// reader refuses them with a located ``CodecError`` or reads them, and what it reads writes
/// and reads back without a crash — the fuzz harness's check, in every test run.
@Suite struct HaboMutationTests {
  /// A small deterministic generator (SplitMix64), so a failure replays.
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
  }

  static let tokens = ["\"DayType.check\"", "\"DayType.Skip\"", "\"DayType.progress\"", "null", "true", "-0.0", "1e308", "[]", "{}",
                       "\"2024-02-30 12:00:00.000Z\"", "\"habitType\":1", "\"deleted_at\":\"x\"", "\"\\ud800\"", "9007199254740993"]

  @Test(arguments: ["envelope.json", "legacy-array.json"])
  func damagedBackupsNeverCrash(_ name: String) throws {
    let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Habo.fixture(name))))
    var random = Random(state: 20_261_124)
    var read = 0, refused = 0
    for _ in 0..<400 {
      var bytes = original
      for _ in 0...random.next(3) {
        let at = random.next(bytes.count)
        switch random.next(4) {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next(256))
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + random.next(40)))
        case 2: bytes.insert(contentsOf: Array(Self.tokens[random.next(Self.tokens.count)].utf8), at: at)
        default: bytes = Array(bytes.prefix(at))
        }
        if bytes.isEmpty { bytes = [0x5B] }
      }
      do {
        let (dataset, _) = try Habo.decode(bytes)
        read += 1
        let (written, _) = try Habo.encode(dataset)
        _ = try Habo.decode(written)
        _ = HaboCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.json"), options: [:])
      } catch let error as CodecError {
        refused += 1
        #expect(error.location.file != nil)
      }
    }
    #expect(read > 0 && refused > 0)
  }
}
