import ArgumentParser
import TrackerPort

/// `--skip-bad-rows`: what a command that reads a dataset and goes on with it (`convert`,
/// `stats`, `agenda`) does when the reader met errors (a row skipped for a bad date, a cell
/// of the wrong type kept in extras).
///
/// Without the flag, such an input is an error (exit 65): its errors are printed and nothing
/// is written or shown, since the result would silently lack or misread those rows. With it,
/// the command goes on with what could be read and says so.
struct BadRowsOptions: ParsableArguments {
  @Flag(help: "Go on with what could be read when the input has errors (each says what became of its row: skipped, or a cell kept in extras); without it, nothing is written or shown and the exit status is 65.")
  var skipBadRows = false

  /// For `stats` and `agenda`: `nil` to go on (the errors, if any, said and skipped), else the
  /// status to exit with, the errors said.
  func check(_ file: DatasetFile, refusing: String = "nothing shown") -> ExitStatus? {
    let errors = file.readErrors
    guard !errors.isEmpty else { return nil }
    for d in errors { StandardError.line(DiagnosticRenderer.text(d)) }
    StandardError.line(BadRowsOptions.summary(errors.count, file: file.fileName, skipped: skipBadRows, refusing: refusing))
    return skipBadRows ? nil : .malformedInput
  }

  /// The last line said about read errors: what was done about them, and how to do otherwise.
  /// `refusing` is what did not happen (`nothing written`, `nothing shown`).
  static func summary(_ count: Int, file: String, skipped: Bool, refusing: String = "nothing written") -> String {
    let errors = count == 1 ? "1 error" : "\(count) errors"
    if skipped {
      return "\(file): warning: went on despite \(errors) in the input (--skip-bad-rows): what \(count == 1 ? "it" : "they") skipped is missing"
    }
    let goOn = refusing == "nothing written" ? "write what could be read" : "go on with what could be read"
    return "\(file): error: \(refusing): the input has \(errors)\n  note: fix \(count == 1 ? "it" : "them"), or pass --skip-bad-rows to \(goOn)"
  }
}
