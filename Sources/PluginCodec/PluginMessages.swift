import TrackerCodec
import TrackerModel

/// What a plugin wrote on standard error, line by line: diagnostics (one JSON object a line),
/// and any other text, kept as it was.
///
/// A diagnostic line is `{"severity": "error"|"warning", "code": "kebab-case", "message": "...",
/// "note": "...", "location": {"line", "column", "row", "field", "pointer"}}`; `note` and
/// `location` and each location key are optional. A line that is not such an object is text.
struct PluginMessages {
  /// The diagnostic lines, with `file` set to the input's or output's name.
  var diagnostics: [Diagnostic] = []
  /// Every other non-blank line, in order.
  var text: [String] = []

  init(_ bytes: [UInt8], file: String) {
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      var text = String(decoding: line, as: UTF8.self)
      if text.hasSuffix("\r") { text.removeLast() }
      guard !text.allSatisfy(\.isWhitespace) else { continue }
      if let diagnostic = PluginMessages.diagnostic(text, file: file) {
        diagnostics.append(diagnostic)
      } else {
        self.text.append(text)
      }
    }
  }

  /// The first error diagnostic, the one a failure is explained by.
  var firstError: Diagnostic? { diagnostics.first { $0.severity == .error } }

  /// The last `count` lines, diagnostics rendered as `severity: message [code]`, for quoting in
  /// a failure's note.
  static func tail(of bytes: [UInt8], _ count: Int) -> [String] {
    let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
      .filter { !$0.allSatisfy(\.isWhitespace) }
    return lines.suffix(count).map { line in
      guard let d = PluginMessages.diagnostic(line, file: nil) else { return line }
      return "\(d.severity.rawValue): \(d.message) [\(d.code)]"
    }
  }

  /// The diagnostic a line stands for, or `nil` when it is not a well-formed diagnostic line.
  static func diagnostic(_ line: String, file: String?) -> Diagnostic? {
    guard line.first == "{", let value = try? JSONText.parse(line),
          let code = value["code"]?.stringValue, PluginDescriptor.isValidID(code),
          let severity = value["severity"]?.stringValue.flatMap(Severity.init(rawValue:)),
          let message = value["message"]?.stringValue else { return nil }
    var location = SourceLocation(file: file)
    if let place = value["location"] {
      guard case .object = place else { return nil }
      location.line = positive(place["line"])
      location.column = positive(place["column"])
      location.row = positive(place["row"])
      location.field = place["field"]?.stringValue
      location.pointer = place["pointer"]?.stringValue
    }
    return Diagnostic(code: code, severity: severity, message: message, location: location,
                      note: value["note"]?.stringValue)
  }

  private static func positive(_ value: JSONValue?) -> Int? {
    guard case .number(let text)? = value, let number = Int(text), number > 0 else { return nil }
    return number
  }
}
