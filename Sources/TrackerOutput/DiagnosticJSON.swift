import TrackerPort

/// Diagnostics as JSON: the objects of `validate --format json` and of the server's answers
/// (`/api/inspect`, `/api/convert`, `/api/validate`), with the same codes and words as the CLI.
public enum DiagnosticJSON {
  /// One diagnostic as the JSON object of `validate --format json`.
  public static func object(_ d: Diagnostic) -> String {
    JSONOutput.object([
      ("file", JSONOutput.value(d.location.file)), ("code", JSONOutput.quote(d.code)),
      ("severity", JSONOutput.quote(d.severity.rawValue)), ("message", JSONOutput.quote(d.message)),
      ("line", JSONOutput.value(d.location.line)), ("column", JSONOutput.value(d.location.column)),
      ("pointer", JSONOutput.value(d.location.pointer)),
    ])
  }

  /// The `validate --format json` document.
  public static func report(_ diagnostics: [Diagnostic], valid: Bool) -> String {
    let errors = diagnostics.count(where: { $0.severity == .error })
    return "{\n  \"valid\": \(JSONOutput.value(valid)),\n  \"errors\": \(errors),\n  \"warnings\": \(diagnostics.count - errors),\n"
      + "  \"diagnostics\": \(JSONOutput.arrayOfLines(diagnostics.map(object)))\n}"
  }
}
