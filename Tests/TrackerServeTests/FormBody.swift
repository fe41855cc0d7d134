import Foundation

/// A multipart/form-data body as a browser sends it, for the tests.
struct FormBody {
  static let boundary = "----TrackPortTestBoundary7MA4YWxkTrZu0gW"
  static let contentType = "multipart/form-data; boundary=\(boundary)"
  var bytes: [UInt8] = []

  /// A file part.
  mutating func file(_ name: String, fileName: String, _ content: [UInt8], type: String = "application/octet-stream") {
    bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
    bytes += content + Array("\r\n".utf8)
  }

  /// A text field.
  mutating func field(_ name: String, _ value: String) {
    bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
  }

  /// The body with its closing boundary.
  var closed: [UInt8] { bytes + Array("--\(Self.boundary)--\r\n".utf8) }

  /// A form of one file and `fields`.
  static func upload(_ fileName: String, _ content: [UInt8], _ fields: [(String, String)] = []) -> [UInt8] {
    var form = FormBody()
    form.file("file", fileName: fileName, content)
    for (name, value) in fields { form.field(name, value) }
    return form.closed
  }
}
