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

  /// The `validate --format json` document: `warnings` counts the rule warnings, `notes` the
  /// reader's warnings among `diagnostics` (``DatasetFile/notes(options:)``), counted apart.
  public static func report(_ diagnostics: [Diagnostic], valid: Bool, notes: Set<Diagnostic> = []) -> String {
    let errors = diagnostics.count(where: { $0.severity == .error })
    let readerNotes = diagnostics.count(where: { notes.contains($0) })
    return "{\n  \"valid\": \(JSONOutput.value(valid)),\n  \"errors\": \(errors),\n  \"warnings\": \(diagnostics.count - errors - readerNotes),\n"
      + "  \"notes\": \(readerNotes),\n"
      + "  \"diagnostics\": \(JSONOutput.arrayOfLines(diagnostics.map(object)))\n}"
  }
}
