import Testing
import TrackerCodec
import TrackerModel

/// `JSONText.writeQuoted` reads eight bytes at a time past the ones that need no escape; these
/// compare it, byte value by byte value and position by position, with the rule written out
/// one byte at a time.
@Suite struct JSONTextQuotingTests {
  /// The rule, one byte at a time: `"`, `\` and control characters escaped, the rest as is.
  private func reference(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x22]
    for b in bytes {
      switch b {
      case 0x22: out += [0x5C, 0x22]
      case 0x5C: out += [0x5C, 0x5C]
      case 0x0A: out += Array("\\n".utf8)
      case 0x0D: out += Array("\\r".utf8)
      case 0x09: out += Array("\\t".utf8)
      case 0x08: out += Array("\\b".utf8)
      case 0x0C: out += Array("\\f".utf8)
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 0xF)]]
      default: out.append(b)
      }
    }
    return out + [0x22]
  }

  private func quoted(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBufferPointer { source in
      [UInt8](unsafeUninitializedCapacity: JSONText.quotedCapacity(source.count)) { room, count in
        count = JSONText.writeQuoted(source, to: room.baseAddress!)
      }
    }
  }

  @Test func everyByteAtEveryPlaceOfAWordIsQuotedAsTheRuleSays() {
    // Lengths around one and two words, every byte value at each position of a run of 'a'.
    for length in [1, 7, 8, 9, 15, 16, 17, 23] {
      for position in 0..<length {
        for value in 0...255 {
          var bytes = [UInt8](repeating: 0x61, count: length)
          bytes[position] = UInt8(value)
          #expect(quoted(bytes) == reference(bytes), "byte \(value) at \(position) of \(length)")
        }
      }
    }
  }

  @Test func randomTextsWithEscapesAndNonASCIIMatchTheRule() {
    var random = SplitMix64(seed: 44)
    let alphabet: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
    for _ in 0..<2_000 {
      let length = Int(random.next() % 40)
      let bytes = (0..<length).map { _ in random.next() % 3 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : 0x62 }
      #expect(quoted(bytes) == reference(bytes))
    }
    #expect(quoted([]) == [0x22, 0x22])
  }

  @Test func appendQuotedAndQuotedAgreeWithTheWriter() {
    let text = "Sport \"daily\"\\ \n\u{1}é😀 — a note long enough to pass several words"
    var appended: [UInt8] = Array("x".utf8)
    JSONText.appendQuoted(text, to: &appended)
    #expect(appended == Array("x".utf8) + reference(Array(text.utf8)))
    #expect(JSONText.quoted(text) == String(decoding: reference(Array(text.utf8)), as: UTF8.self))
  }
}
