import Foundation

/// A multipart/form-data body as a browser sends it, for the tests of `trackport serve`.
public struct FormBody {
  /// The boundary every test form uses.
  public static let boundary = "----TrackPortTestBoundary7MA4YWxkTrZu0gW"
  /// The `Content-Type` of a test form.
  public static let contentType = "multipart/form-data; boundary=\(boundary)"
  /// The parts so far, without the closing boundary.
  public var bytes: [UInt8] = []

  /// An empty form.
  public init() {}

  /// A file part.
  public mutating func file(_ name: String, fileName: String, _ content: [UInt8], type: String = "application/octet-stream") {
    bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
    bytes += content + Array("\r\n".utf8)
  }

  /// A text field.
  public mutating func field(_ name: String, _ value: String) {
    bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
  }

  /// The body with its closing boundary.
  public var closed: [UInt8] { bytes + Array("--\(Self.boundary)--\r\n".utf8) }

  /// A form of one file and `fields`.
  public static func upload(_ fileName: String, _ content: [UInt8], _ fields: [(String, String)] = []) -> [UInt8] {
    var form = FormBody()
    form.file("file", fileName: fileName, content)
    for (name, value) in fields { form.field(name, value) }
    return form.closed
  }
}
