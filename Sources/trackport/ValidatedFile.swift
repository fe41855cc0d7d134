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
  /// Whether the file fails validation: not read, any error, or any warning with `--strict`.
  var failed: Bool

  var errors: Int { diagnostics.count(where: { $0.severity == .error }) }
  var warnings: Int { diagnostics.count - errors }

  /// `path: valid (0 errors, 1 warning)`, the last lines of the text report.
  var summary: String {
    guard read else { return "\(path): not read" }
    return "\(path): \(failed ? "invalid" : "valid") (\(plural(errors, "error")), \(plural(warnings, "warning")))"
  }
}
