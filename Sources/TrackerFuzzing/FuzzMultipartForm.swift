import TrackerServeAPI

/// `trackport serve`'s `multipart/form-data` reader (``MultipartForm``) under fuzzing: the
/// input is a request's `Content-Type` value, a CRLF, then its body. The harness `multipart` of
/// `Fuzz/harnesses.tsv` names it by the reader column `multipart-form`.
///
/// A body may be refused, but only as the API documents it (400 `bad-multipart`, 413
/// `too-many-parts`); a form that reads must keep ``ServeLimits/maxParts`` and must read again
/// to the same parts when written out anew (names and file names quoted, bodies byte for byte),
/// so that what the server acts on is what the parser saw.
public struct FuzzMultipartForm: FuzzCheck {
  /// The reader column of the harness list that names this check.
  public static let reader = "multipart-form"

  /// The most parts a form may have (the server's default unless given).
  public let maxParts: Int

  /// A check with the server's part limit unless given.
  public init(maxParts: Int = ServeLimits().maxParts) {
    self.maxParts = maxParts
  }

  public func check(_ bytes: [UInt8]) -> FuzzFinding? {
    let crlf = bytes.indices.dropLast().first { bytes[$0] == 13 && bytes[$0 + 1] == 10 } ?? bytes.count
    let contentType = String(decoding: bytes[..<crlf], as: UTF8.self)
    let body = Array(bytes[min(bytes.count, crlf + 2)...])
    guard let boundary = MultipartForm.boundary(ofContentType: contentType) else { return nil }
    guard (1...70).contains(boundary.utf8.count) else {
      return FuzzFinding(step: "boundary", problem: "a boundary of \(boundary.utf8.count) bytes was accepted")
    }
    let form: MultipartForm
    do {
      form = try MultipartForm(body: body, boundary: boundary, maxParts: maxParts)
    } catch {
      let documented = (error.status == 400 && error.code == "bad-multipart") || (error.status == 413 && error.code == "too-many-parts")
      return documented ? nil : FuzzFinding(step: "parse", problem: "refused with \(error.status) \(error.code), which the API does not document")
    }
    guard form.parts.count <= maxParts else {
      return FuzzFinding(step: "parse", problem: "\(form.parts.count) parts read, past the limit of \(maxParts)")
    }
    guard form.parts.reduce(0, { $0 + $1.body.count }) <= body.count else {
      return FuzzFinding(step: "parse", problem: "the parts hold more bytes than the body")
    }
    // Written anew: the headers may grow (quotes escaped, invalid UTF-8 as U+FFFD), so no header
    // limit the second time.
    let again: MultipartForm
    do {
      again = try MultipartForm(body: Self.write(form, boundary: boundary), boundary: boundary, maxParts: maxParts,
                                maxHeaderBytes: Int(Int32.max))
    } catch {
      return FuzzFinding(step: "read again", problem: "the form written anew was refused: \(error.code): \(error.message)")
    }
    for (number, (first, second)) in zip(form.parts, again.parts).enumerated() where first != second {
      return FuzzFinding(step: "read again", problem: "part \(number + 1) reads differently: \(Self.describe(first)) vs \(Self.describe(second))")
    }
    guard form.parts.count == again.parts.count else {
      return FuzzFinding(step: "read again", problem: "\(form.parts.count) parts became \(again.parts.count)")
    }
    return nil
  }

  /// `form` as a browser would send it, with `boundary`.
  static func write(_ form: MultipartForm, boundary: String) -> [UInt8] {
    var out: [UInt8] = []
    for part in form.parts {
      var disposition = "form-data; name=" + quoted(part.name)
      if let fileName = part.fileName { disposition += "; filename=" + quoted(fileName) }
      out += Array("--\(boundary)\r\nContent-Disposition: \(disposition)\r\n".utf8)
      if let type = part.contentType { out += Array("Content-Type: \(type)\r\n".utf8) }
      out += Array("\r\n".utf8) + part.body + Array("\r\n".utf8)
    }
    return out + Array("--\(boundary)--\r\n".utf8)
  }

  /// `text` in quotes, its quotes and backslashes escaped as browsers and the parser have them.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
      out.unicodeScalars.append(scalar)
    }
    return out + "\""
  }

  /// A part in one line for a finding (names escaped, the body by its size).
  static func describe(_ part: MultipartForm.Part) -> String {
    "name \(part.name.debugDescription), file name \(part.fileName.map(\.debugDescription) ?? "none"), "
      + "type \(part.contentType.map(\.debugDescription) ?? "none"), \(part.body.count) bytes"
  }
}
