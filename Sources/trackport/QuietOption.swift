import ArgumentParser

/// `-q`/`--quiet` for a command that prints no warnings of its own (`stats`, `agenda`, `diff`,
/// `report`): every command that reads a dataset takes the flag, so one command line (a script's
/// `trackport … -q`) works with each. Errors, and the read errors `--skip-bad-rows` went on
/// despite, still show, as with `convert --quiet`.
struct QuietOption: ParsableArguments {
  @Flag(name: .shortAndLong, help: "Print no warnings (this command prints none; errors still show). Taken by every command that reads a dataset.")
  var quiet = false
}
