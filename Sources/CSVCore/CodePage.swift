import Glibc

/// A single-byte code page (windows-1251, windows-1252, ISO-8859-1), transcoded to UTF-8 byte
/// by byte through a table of its 128 upper bytes.
///
/// The table comes from the C library's `iconv` (glibc's charmaps follow the vendors' own
/// mappings: windows-1251 leaves 0x98 undefined, windows-1252 leaves 0x81, 0x8D, 0x8F, 0x90
/// and 0x9D undefined), asked once per code page, byte by byte; reading is then one table
/// lookup per byte, never a call per cell.
package struct CodePage: Sendable {
  /// The name users give (`windows-1252`), as in messages.
  package let name: String
  /// Unicode scalars of 0x80-0xFF; 0 where the code page has no character.
  private let high: [UInt32]
  /// Whether the C library knew the code page; when not, no upper byte reads.
  package let available: Bool

  package static let windows1251 = CodePage(name: "windows-1251", iconvName: "CP1251")
  package static let windows1252 = CodePage(name: "windows-1252", iconvName: "CP1252")
  package static let latin1 = CodePage(name: "iso-8859-1", iconvName: "ISO-8859-1")

  /// Builds the table with `iconv_open(UTF-32LE, iconvName)`. When the C library does not know
  /// the code page (a system without glibc's gconv modules), every upper byte is undefined, and
  /// reading a file that has one says so (``transcode(_:)``).
  init(name: String, iconvName: String) {
    self.name = name
    var table = [UInt32](repeating: 0, count: 128)
    let converter = iconv_open("UTF-32LE", iconvName)
    available = converter != iconv_t(bitPattern: -1)
    if available {
      defer { iconv_close(converter) }
      for index in 0..<128 {
        var input = [CChar(bitPattern: UInt8(0x80 + index))]
        var output = [UInt8](repeating: 0, count: 8)
        var inLeft = 1, outLeft = output.count
        let result = input.withUnsafeMutableBufferPointer { inBuffer in
          output.withUnsafeMutableBufferPointer { outBuffer -> Int in
            var inPointer = inBuffer.baseAddress
            var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            return iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
          }
        }
        iconv(converter, nil, nil, nil, nil)
        guard result != -1, output.count - outLeft == 4 else { continue }
        table[index] = UInt32(output[0]) | UInt32(output[1]) << 8 | UInt32(output[2]) << 16 | UInt32(output[3]) << 24
      }
    }
    high = table
  }

  /// `bytes` as UTF-8, or the offset of the first byte with no character in the code page.
  package func transcode(_ bytes: UnsafeRawBufferPointer) -> Result<[UInt8], UndefinedByte> {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 2)
    for (offset, byte) in bytes.enumerated() {
      if byte < 0x80 {
        out.append(byte)
        continue
      }
      let scalar = high[Int(byte) - 0x80]
      if scalar == 0 { return .failure(UndefinedByte(offset: offset, byte: byte)) }
      if scalar < 0x800 {
        out.append(UInt8(0xC0 | (scalar >> 6)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
      } else {
        out.append(UInt8(0xE0 | (scalar >> 12)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
      }
    }
    return .success(out)
  }

  /// A byte the code page leaves undefined.
  package struct UndefinedByte: Error {
    /// Offset in the input.
    package var offset: Int
    /// The byte itself.
    package var byte: UInt8
  }
}
