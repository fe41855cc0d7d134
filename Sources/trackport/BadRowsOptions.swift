import ArgumentParser
import TrackerPort

/// `--skip-bad-rows`: what a command that reads a dataset and goes on with it (`convert`,
/// `stats`, `agenda`) does when part of the input could not be read.
///
/// Without the flag, such an input is an error (exit 65): its read errors are printed and
/// nothing is written or shown, since the result would silently lack those rows. With it, the
/// command goes on with what could be read and says how much was left out.
struct BadRowsOptions: ParsableArguments {
  @Flag(help: "Go on with what could be read when some rows or values of the input cannot be (each is reported); without it, nothing is written and the exit status is 65.")
  var skipBadRows = false

  /// For `stats` and `agenda`: `nil` to go on (the errors, if any, said and skipped), else the
  /// status to exit with, the errors said.
  func check(_ file: DatasetFile) -> ExitStatus? {
    let errors = file.readErrors
    guard !errors.isEmpty else { return nil }
    for d in errors { StandardError.line(DiagnosticRenderer.text(d)) }
    StandardError.line(BadRowsOptions.summary(errors.count, file: file.fileName, skipped: skipBadRows, refusing: "nothing shown"))
    return skipBadRows ? nil : .malformedInput
  }

  /// The last line said about read errors: what was done about them, and how to do otherwise.
  static func summary(_ count: Int, file: String, skipped: Bool, refusing: String = "nothing written") -> String {
    let what = count == 1 ? "1 part" : "\(count) parts"
    return skipped
      ? "\(file): warning: \(what) of the input could not be read and \(count == 1 ? "was" : "were") left out (--skip-bad-rows)"
      : "\(file): error: \(refusing): \(what) of the input could not be read\n  note: fix the input, or pass --skip-bad-rows to go on without \(count == 1 ? "it" : "them")"
  }
}
