import TrackerPort
import Foundation

/// The `file` part of a form: its bytes and a name safe to use for detection, in messages and
/// as a file name (the last path component the browser sent, control characters removed).
struct Upload {
  var name: String
  var bytes: [UInt8]

  /// The upload in the part named `part` (`file`; `base` and `incoming` for a diff).
  init(_ form: MultipartForm, part field: String = "file") throws(ServeError) {
    guard let part = form.file(field) else {
      throw ServeError.missing(field, "attach the file to read as a '\(field)' part with a filename")
    }
    let last = part.fileName?.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
    let clean = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    name = clean.isEmpty || clean == "." || clean == ".." ? "upload" : clean
    bytes = part.body
  }
}

/// A folder of the server's own under the temporary folder (mode 0700), for writers that need
/// a file; removed by ``remove()``, which every caller defers.
struct PrivateFolder {
  let url: URL

  init() throws {
    var template = Array(URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("trackport-serve-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else {
      throw ServeError(status: 500, code: "internal-error", message: "no temporary folder could be made")
    }
    url = URL(fileURLWithPath: String(cString: made))
  }

  /// The path of `name` in the folder.
  func path(for name: String) -> String { url.appendingPathComponent(name).path }

  func remove() { try? FileManager.default.removeItem(at: url) }

  /// `diagnostic` with the folder's path replaced by the download's `name`: the server's
  /// folders are nobody's business.
  func hidden(_ diagnostic: Diagnostic, as name: String) -> Diagnostic {
    var d = diagnostic
    let prefix = url.path + "/"
    if let file = d.location.file, file.hasPrefix(prefix) { d.location.file = String(file.dropFirst(prefix.count)) }
    d.message = d.message.replacingOccurrences(of: prefix, with: "")
    d.note = d.note?.replacingOccurrences(of: prefix, with: "")
    return d
  }
}
