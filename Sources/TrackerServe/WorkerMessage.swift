import TrackerServeAPI

/// What the server and a conversion worker (`trackport serve-worker`) say to each other: one
/// request on the worker's standard input, one answer on its standard output, each a byte frame
/// of its own (docs/serve.md, "Isolation").
///
/// A frame is a four-byte tag, then fields, each a 32-bit big-endian length followed by that many
/// bytes (a length of `0xFFFFFFFF` is an absent field):
/// - request, tag `TPW1`: method, path, content type (absent when the request had none), body;
/// - answer, tag `TPA1`: status (as decimal ASCII), header count (as decimal ASCII), then each
///   header's name and value, then the body.
///
/// Nothing follows a frame; a frame that ends early, has a length past its end or bytes after
/// it is refused as a whole. The body is the request's body as it came (the multipart form),
/// so the form, like everything else made of the upload, is parsed in the worker.
public enum WorkerMessage {
  /// One request for the API, as ``ServeAPI/respond(method:path:contentType:body:)`` takes it.
  public struct Request: Sendable, Equatable {
    /// `POST`, normally.
    public var method: String
    /// The path, without its query.
    public var path: String
    /// The `Content-Type` header, when the request had one.
    public var contentType: String?
    /// The request's body.
    public var body: [UInt8]

    /// A request as given.
    public init(method: String, path: String, contentType: String?, body: [UInt8]) {
      self.method = method
      self.path = path
      self.contentType = contentType
      self.body = body
    }
  }

  static let requestTag: [UInt8] = Array("TPW1".utf8)
  static let answerTag: [UInt8] = Array("TPA1".utf8)
  static let absent: UInt32 = 0xFFFF_FFFF

  /// The request's frame.
  public static func encode(_ request: Request) -> [UInt8] {
    var bytes = requestTag
    bytes.reserveCapacity(request.body.count + 64)
    append(Array(request.method.utf8), to: &bytes)
    append(Array(request.path.utf8), to: &bytes)
    append(request.contentType.map { Array($0.utf8) }, to: &bytes)
    append(request.body, to: &bytes)
    return bytes
  }

  /// The request in `frame`; `nil` when it is not one whole request frame.
  public static func request(_ frame: [UInt8]) -> Request? {
    var reader = FrameReader(frame)
    guard reader.tag(requestTag), let method = reader.text(), let path = reader.text(), let contentType = reader.field(),
          let body = reader.field(), let body, reader.atEnd else { return nil }
    return Request(method: method, path: path, contentType: contentType.map { String(decoding: $0, as: UTF8.self) }, body: body)
  }

  /// The answer's frame.
  public static func encode(_ response: ServeResponse) -> [UInt8] {
    var bytes = answerTag
    bytes.reserveCapacity(response.body.count + 256)
    append(Array(String(response.status).utf8), to: &bytes)
    append(Array(String(response.headers.count).utf8), to: &bytes)
    for (name, value) in response.headers {
      append(Array(name.utf8), to: &bytes)
      append(Array(value.utf8), to: &bytes)
    }
    append(response.body, to: &bytes)
    return bytes
  }

  /// The answer in `frame`; `nil` when it is not one whole answer frame with a status of 100 to
  /// 599.
  public static func answer(_ frame: [UInt8]) -> ServeResponse? {
    var reader = FrameReader(frame)
    guard reader.tag(answerTag), let status = reader.text().flatMap(Int.init), (100...599).contains(status),
          let count = reader.text().flatMap(Int.init), count >= 0, count <= 1_000 else { return nil }
    var headers: [(String, String)] = []
    for _ in 0..<count {
      guard let name = reader.text(), let value = reader.text() else { return nil }
      headers.append((name, value))
    }
    guard let body = reader.field(), let body, reader.atEnd else { return nil }
    return ServeResponse(status: status, headers: headers, body: body)
  }

  private static func append(_ field: [UInt8]?, to bytes: inout [UInt8]) {
    let length = field.map { UInt32($0.count) } ?? absent
    bytes.append(contentsOf: [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)])
    if let field { bytes.append(contentsOf: field) }
  }

  /// Reads a frame's fields in order, never past its end.
  private struct FrameReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { offset == bytes.count }

    mutating func tag(_ tag: [UInt8]) -> Bool {
      guard bytes.count >= tag.count, Array(bytes[0..<tag.count]) == tag else { return false }
      offset = tag.count
      return true
    }

    /// `.some(nil)` for an absent field, `nil` when the frame ends early.
    mutating func field() -> [UInt8]?? {
      guard bytes.count - offset >= 4 else { return nil }
      let length = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      offset += 4
      if length == absent { return .some(nil) }
      guard bytes.count - offset >= Int(length) else { return nil }
      defer { offset += Int(length) }
      return .some(Array(bytes[offset..<offset + Int(length)]))
    }

    /// A present field as UTF-8 text.
    mutating func text() -> String? {
      guard let field = field(), let field else { return nil }
      return String(decoding: field, as: UTF8.self)
    }
  }
}
