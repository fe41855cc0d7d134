import TrackerOutput
import TrackerPort

/// How diagnostics are shown: `text` for people, `json` for scripts, `github` for Actions,
/// `sarif` for code-scanning dashboards, `junit` for test-report views.
enum DiagnosticFormat: String, CaseIterable {
  case text, json, github, sarif, junit
}

/// Renders diagnostics in the formats `--format` offers.
enum DiagnosticRenderer {
  /// `path:line:col: error: message [code]`, the compiler style editors jump to, and a note line.
  static func text(_ d: Diagnostic) -> String {
    var text = "\(d.location.place): \(d.severity.rawValue): \(d.message) [\(d.code)]"
    if let note = d.note { text += "\n  note: \(note)" }
    return text
  }

  /// `::error file=F,line=L,col=C,title=CODE::message`, a GitHub Actions workflow command.
  /// `command` replaces the severity (`notice` for `diff`'s annotations).
  static func github(_ d: Diagnostic, command: String? = nil) -> String {
    var properties: [String] = []
    if let file = d.location.file { properties.append("file=" + escapeProperty(file)) }
    if let line = d.location.line ?? d.location.row { properties.append("line=\(line)") }
    if let column = d.location.column { properties.append("col=\(column)") }
    properties.append("title=" + escapeProperty(d.code))
    let message = d.note.map { d.message + "\n" + $0 } ?? d.message
    return "::\(command ?? d.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(message))"
  }

  // GitHub's workflow-command escaping: data escapes %, CR, LF; properties also : and ,.
  // By Unicode scalar: a CRLF is one Character, which a Character-level replace would miss.
  static func escapeData(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func escapeProperty(_ s: String) -> String {
    escapeData(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
