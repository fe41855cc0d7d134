import Foundation
import TrackerCodec

/// How free text travels in TrackerPort XML (docs/xml-format.md, "Text values").
///
/// XML 1.0 cannot carry C0 control characters other than tab, line feed and carriage return,
/// nor U+FFFE and U+FFFF, not even as character references. A value holding one of them — or
/// one that itself begins with ``base64Marker`` — is written as the marker followed by the
/// base64 of its UTF-8 bytes; the reader reverses it. Every other value is written as it is,
/// with `&`, `<`, `>`, `"` escaped and tab, line feed and carriage return written as character
/// references, so that attribute-value normalisation and line-end normalisation keep them.
enum XMLText {
  /// Begins a base64-encoded value.
  static let base64Marker = "~b64~"
  static let base64Prefix = Array(base64Marker.utf8)

  /// Whether `text` must be written in base64.
  static func needsBase64(_ text: String) -> Bool {
    if text.utf8.starts(with: base64Prefix) { return true }
    var state = 0  // how many bytes of EF BF were just seen
    for b in text.utf8 {
      if b < 0x20, b != 0x09, b != 0x0A, b != 0x0D { return true }
      switch (state, b) {
      case (2, 0xBE), (2, 0xBF): return true
      case (1, 0xBF): state = 2
      case (_, 0xEF): state = 1
      default: state = 0
      }
    }
    return false
  }

  /// Writes `text` as the inside of a double-quoted attribute value.
  static func writeAttribute(_ text: String, to out: ByteWriter) {
    if needsBase64(text) {
      out.write(base64Marker)
      out.write(Data(text.utf8).base64EncodedString())
      return
    }
    var run: [UInt8] = []
    run.reserveCapacity(text.utf8.count)
    for b in text.utf8 {
      switch b {
      case UInt8(ascii: "&"): run.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): run.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): run.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\""): run.append(contentsOf: "&quot;".utf8)
      case 0x09: run.append(contentsOf: "&#9;".utf8)
      case 0x0A: run.append(contentsOf: "&#10;".utf8)
      case 0x0D: run.append(contentsOf: "&#13;".utf8)
      default: run.append(b)
      }
    }
    out.write(bytes: run)
  }

  /// Writes `text` as element content: `&`, `<`, `>` escaped, carriage return as `&#13;`.
  /// The caller guarantees the text has no character XML cannot carry (extras JSON escapes them).
  static func writeContent(_ text: String, to out: ByteWriter) {
    var run: [UInt8] = []
    run.reserveCapacity(text.utf8.count)
    for b in text.utf8 {
      switch b {
      case UInt8(ascii: "&"): run.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): run.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): run.append(contentsOf: "&gt;".utf8)
      case 0x0D: run.append(contentsOf: "&#13;".utf8)
      default: run.append(b)
      }
    }
    out.write(bytes: run)
  }

  /// The value an attribute's text stands for: a ``base64Marker`` value decoded, else as read.
  /// `nil` when the base64 or its UTF-8 is broken.
  static func decodeAttribute(_ bytes: UnsafeRawBufferPointer) -> String? {
    guard bytes.starts(with: base64Prefix) else { return String(decoding: bytes, as: UTF8.self) }
    let body = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[base64Prefix.count...]), as: UTF8.self)
    guard let data = Data(base64Encoded: body) else { return nil }
    return String(validating: data, as: UTF8.self)
  }
}
