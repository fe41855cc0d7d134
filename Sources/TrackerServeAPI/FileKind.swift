/// What an upload no habit format could read is, told by its first bytes (its "magic"): the
/// page names a photo a photo and a PDF a PDF, and says how to get the right file instead
/// (``PageWords/fileKinds``). Only for refusals: a file a codec reads is never looked at here.
enum FileKind: String, CaseIterable, Sendable {
  case empty
  case jpeg
  case png
  case gif
  case webp
  case heic
  case pdf
  case html
  /// A zip archive whose table of contents is missing: a download cut short.
  case truncatedZip = "zip-truncated"
  /// A whole zip archive that holds no format's files (photos, documents, an office file).
  case otherZip = "zip-other"

  /// The kind of `bytes`, or `nil` when they look like none of these (text, say).
  init?(_ bytes: [UInt8]) {
    func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
    }
    let ascii = { (text: String) in Array(text.utf8) }
    if bytes.isEmpty {
      self = .empty
    } else if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) {
      self = .gif
    } else if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) {
      self = .webp
    } else if starts(ascii("ftyp"), at: 4) && ["heic", "heix", "mif1", "msf1", "avif"].contains { starts(ascii($0), at: 8) } {
      self = .heic
    } else if starts(ascii("%PDF-")) {
      self = .pdf
    } else if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) {
      self = Self.hasZipDirectory(bytes) ? .otherZip : .truncatedZip
    } else if Self.looksLikeHTML(bytes) {
      self = .html
    } else {
      return nil
    }
  }

  /// Whether the end-of-central-directory record ("PK\u{5}\u{6}") is in the archive's last
  /// 64 KiB + 22 bytes, where a whole zip always has it.
  static func hasZipDirectory(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 22 else { return false }
    let lowest = max(0, bytes.count - 65_557)
    var i = bytes.count - 22
    while i >= lowest {
      if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x05, bytes[i + 3] == 0x06 { return true }
      i -= 1
    }
    return false
  }

  /// A saved web page: `<!doctype html` or `<html` after any spaces, in any case.
  static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
    let start = bytes.prefix(512).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
    let head = String(decoding: start.prefix(15), as: UTF8.self).lowercased()
    return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
  }
}
