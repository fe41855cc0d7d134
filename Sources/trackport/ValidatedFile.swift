import TrackerPort

/// What `trackport validate` found in one input file: the unit every report format is built
/// from (a text summary line, a JUnit test suite, SARIF results).
struct ValidatedFile {
  /// The path as the user gave it, or `-` for standard input.
  var path: String
  /// Every finding, located; for a file that could not be read, the one error that says why.
  var diagnostics: [Diagnostic]
  /// False when no dataset could be read (malformed, missing, unknown format).
  var read: Bool
  /// Whether the file fails validation: not read, any error, or any rule warning with `--strict`.
  var failed: Bool
  /// The reader's notes among ``diagnostics``: its warnings (``DatasetFile/notes(options:)``),
  /// which say how the file was read (a frequency said as nearly as the model can, defaults
  /// the app lacked), not that the dataset breaks a rule. Counted apart; `--strict` ignores them.
  var notes: Set<Diagnostic> = []

  var errors: Int { diagnostics.count(where: { $0.severity == .error }) }
  /// Rule warnings: the warnings that are not the reader's notes.
  var warnings: Int { diagnostics.count - errors - notes.count }

  /// `path: valid (0 errors, 1 warning)`, with `; 7 notes from reading` when the reader left
  /// some: the last lines of the text report.
  var summary: String {
    guard read else { return "\(path): not read" }
    let reading = notes.isEmpty ? "" : "; " + plural(notes.count, "note") + " from reading"
    return "\(path): \(failed ? "invalid" : "valid") (\(plural(errors, "error")), \(plural(warnings, "warning"))\(reading))"
  }
}
