#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `multipart/form-data` body (RFC 7578) read from bytes: the parts in order, each with its
/// field name, the file name an upload carries, and its bytes, never decoded as text.
///
/// Written here rather than taken from a library: the one in the package mirror (vapor's
/// multipart-kit) brings SwiftNIO, minutes of build for a format that is a boundary search.
/// Everything a client controls is bounded: the number of parts, a part's header size.
public struct MultipartForm: Sendable {
  /// One part of the form.
  public struct Part: Sendable, Equatable {
    /// `name` of the part's `Content-Disposition`.
    public var name: String
    /// `filename` of the part's `Content-Disposition`, for a file upload; `nil` for a field.
    public var fileName: String?
    /// The part's `Content-Type`, when it says one.
    public var contentType: String?
    /// The part's body, byte for byte.
    public var body: [UInt8]

    /// The body as UTF-8 text (a form field), with invalid bytes replaced.
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// The parts in the order sent.
  public var parts: [Part]

  /// The text of the first field named `name`.
  public func field(_ name: String) -> String? { parts.first { $0.name == name }.map(\.text) }

  /// The texts of every field named `name` (a repeated field, `option`), in order.
  public func fields(_ name: String) -> [String] { parts.filter { $0.name == name }.map(\.text) }

  /// The first part named `name` that carries a file name.
  public func file(_ name: String) -> Part? { parts.first { $0.name == name && $0.fileName != nil } }

  /// The boundary of a `multipart/form-data` content type (`boundary=...`, quoted or not);
  /// `nil` for another type or a boundary RFC 2046 does not allow (empty, over 70 bytes).
  public static func boundary(ofContentType contentType: String) -> String? {
    let parameters = Self.parameters(contentType)
    guard parameters.first?.0.lowercased() == "multipart/form-data",
          let value = parameters.dropFirst().first(where: { $0.0.lowercased() == "boundary" })?.1 else { return nil }
    return (1...70).contains(value.utf8.count) ? value : nil
  }

  /// Reads `body` split by `boundary`.
  ///
  /// - Throws: ``ServeError`` `400 bad-multipart` naming what is wrong (no opening boundary, a
  ///   part without `Content-Disposition: form-data; name=...`, no closing boundary), or
  ///   `413 too-many-parts` past `maxParts`.
  public init(body: [UInt8], boundary: String, maxParts: Int = 16, maxHeaderBytes: Int = 8_192) throws(ServeError) {
    let delimiter = Array(("--" + boundary).utf8)
    // Between parts the delimiter follows a CRLF, which belongs to it.
    let separator = [13, 10] + delimiter
    var parts: [Part] = []
    guard var at = Self.find(delimiter, in: body, from: 0) else {
      throw ServeError.badMultipart("the body has no boundary line '--\(boundary)'")
    }
    at += delimiter.count
    while true {
      // After a delimiter: `--` closes the form, else optional whitespace and a CRLF open a part.
      if body.count >= at + 2, body[at] == 45, body[at + 1] == 45 { break }
      while at < body.count, body[at] == 32 || body[at] == 9 { at += 1 }
      guard body.count >= at + 2, body[at] == 13, body[at + 1] == 10 else {
        throw ServeError.badMultipart("a boundary line is not followed by a line break")
      }
      at += 2
      guard parts.count < maxParts else {
        throw ServeError(status: 413, code: "too-many-parts", message: "the form has more than \(maxParts) parts")
      }
      let headerEnd: Int
      if body.count >= at + 2, body[at] == 13, body[at + 1] == 10 {
        headerEnd = at - 2  // no header lines at all
      } else if let found = Self.find([13, 10, 13, 10], in: body, from: at, limit: maxHeaderBytes + 4) {
        headerEnd = found
      } else {
        throw ServeError.badMultipart("part \(parts.count + 1) has no end of its headers within \(maxHeaderBytes) bytes")
      }
      // A CR or LF that is not half of a CRLF is no line break, and a header may not hold one
      // (RFC 5322): joined across a quote that is read away, it would make one.
      if at <= headerEnd, Self.hasBareLineBreak(body[at..<headerEnd]) {
        throw ServeError.badMultipart("part \(parts.count + 1) has a CR or LF alone in its headers")
      }
      let headers = at <= headerEnd ? String(decoding: body[at..<headerEnd], as: UTF8.self) : ""
      let start = headerEnd + 4
      guard let end = Self.find(separator, in: body, from: start) else {
        throw ServeError.badMultipart("part \(parts.count + 1) does not end with a boundary line")
      }
      parts.append(try Self.part(headers: headers, body: Array(body[start..<end]), number: parts.count + 1))
      at = end + separator.count
    }
    self.parts = parts
  }

  /// Whether `bytes` hold a CR not followed by LF, or an LF not after a CR.
  static func hasBareLineBreak(_ bytes: ArraySlice<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for (index, byte) in zip(bytes.indices, bytes) {
      if byte == 10, previous != 13 { return true }
      if byte == 13, index + 1 == bytes.endIndex || bytes[index + 1] != 10 { return true }
      previous = byte
    }
    return false
  }

  /// A part from its header block.
  private static func part(headers: String, body: [UInt8], number: Int) throws(ServeError) -> Part {
    var name: String?
    var fileName: String?
    var contentType: String?
    for line in headers.split(separator: "\r\n") {
      // By Unicode scalar, not by character: a combining mark after the colon must not hide it.
      let scalars = line.unicodeScalars
      guard let colon = scalars.firstIndex(of: ":") else { continue }
      let key = Substring(scalars[..<colon]).trimmingCharacters(in: " \t").lowercased()
      let value = Substring(scalars[scalars.index(after: colon)...]).trimmingCharacters(in: " \t")
      switch key {
      case "content-disposition":
        let parameters = Self.parameters(value)
        guard parameters.first?.0.lowercased() == "form-data" else {
          throw ServeError.badMultipart("part \(number) is not form-data")
        }
        name = parameters.first { $0.0.lowercased() == "name" }?.1
        fileName = parameters.first { $0.0.lowercased() == "filename" }?.1
      case "content-type":
        contentType = value
      default:
        break
      }
    }
    guard let name else { throw ServeError.badMultipart("part \(number) has no Content-Disposition name") }
    return Part(name: name, fileName: fileName, contentType: contentType, body: body)
  }

  /// `form-data; name="file"; filename="a; b.db"` as `[("form-data", ""), ("name", "file"), ...]`:
  /// quoted values may hold `;`, and `\"` stands for a quote (as browsers send it). Read by
  /// Unicode scalar, not by character: a mark that would join a quote or a `;` into one
  /// character (U+0600 before it, a combining mark after it) must not hide it, or a name would
  /// end elsewhere than a browser or a proxy sees it end (the `multipart` fuzz harness's
  /// round trip checks this; its regression inputs hold both cases).
  static func parameters(_ value: String) -> [(String, String)] {
    var result: [(String, String)] = []
    var key = String.UnicodeScalarView()
    var current = String.UnicodeScalarView()
    var inQuotes = false
    var escaped = false
    var sawEquals = false
    func flush() {
      let k = Substring(String(sawEquals ? key : current)).trimmingCharacters(in: " \t")
      if !k.isEmpty { result.append((k, sawEquals ? String(current) : "")) }
      key = String.UnicodeScalarView(); current = String.UnicodeScalarView(); sawEquals = false
    }
    for scalar in value.unicodeScalars {
      if escaped { current.append(scalar); escaped = false; continue }
      switch scalar {
      case "\\" where inQuotes: escaped = true
      case "\"": inQuotes.toggle()
      case ";" where !inQuotes: flush()
      case "=" where !inQuotes && !sawEquals: key = current; current = String.UnicodeScalarView(); sawEquals = true
      default:
        if sawEquals && !inQuotes && current.isEmpty && (scalar == " " || scalar == "\t") { continue }
        current.append(scalar)
      }
    }
    flush()
    return result
  }

  /// The first index of `needle` in `haystack` at or after `from` (and, with `limit`, ending
  /// within `limit` bytes of it).
  static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, limit: Int? = nil) -> Int? {
    guard from <= haystack.count, !needle.isEmpty else { return nil }
    let end = limit.map { min(haystack.count, from + $0) } ?? haystack.count
    guard end - from >= needle.count else { return nil }
    return haystack.withUnsafeBytes { hay -> Int? in
      let base = hay.baseAddress!
      let first = Int32(needle[0])
      var at = from
      // memchr finds each candidate first byte; memcmp checks the rest.
      while end - at >= needle.count {
        guard let hit = memchr(base + at, first, end - at - needle.count + 1) else { return nil }
        let index = base.distance(to: UnsafeRawPointer(hit))
        let same = needle.withUnsafeBytes { memcmp(base + index, $0.baseAddress!, needle.count) == 0 }
        if same { return index }
        at = index + 1
      }
      return nil
    }
  }
}

extension Substring {
  /// The text without the Unicode scalars of `set` at either end (by scalar, as
  /// ``MultipartForm/parameters(_:)`` reads).
  fileprivate func trimmingCharacters(in set: String) -> String {
    var view = unicodeScalars[...]
    while let first = view.first, set.unicodeScalars.contains(first) { view = view.dropFirst() }
    while let last = view.last, set.unicodeScalars.contains(last) { view = view.dropLast() }
    return String(Substring(view))
  }
}
