import ArgumentParser
import TrackerPort

extension Trackport {
  struct Anonymize: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a copy of a file with its names, notes and ids replaced, to attach to a bug report.",
      discussion: """
        The file is read with its own format (detected as convert detects it; --from overrides) \
        and written back in that format with the same options: every name, category title, \
        description and note becomes a placeholder (Habit 1, Category 2, Note 3), ids become \
        ids derived from their place, and what formats keep beyond the model (extras) is \
        scrubbed: text is replaced, structure (days, numbers, colours, codes, JSON) kept. Days \
        and amounts are kept, or every day moved with --shift-days. Emoji and colours are kept. \
        The same file always gives the same bytes. The output is written to a temporary file \
        and renamed into place, never replaces the input, and replaces an existing file only \
        with --force. Only formats that can be written can be anonymized (exit 64 for the \
        others). Look at the file before you send it: see docs/anonymize.md for what is kept.
        """)

    @Argument(help: "The input file (or folder), or - for standard input.", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file, or - for standard output.", valueName: "file"), completion: .file())
    var output: String

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Move every day, time and time stamp by this many days (negative: earlier); default 0, days kept.", valueName: "days"))
    var shiftDays: Int = 0

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @Flag(help: "Replace an existing output file (never the input).")
    var force = false

    @OptionGroup var badRows: BadRowsOptions

    @Flag(name: .shortAndLong, help: "Print no warnings and no reminder to look at the output; errors still show.")
    var quiet = false

    func validate() throws {
      // Days are 1...9999 years wide; a shift past that writes no day at all.
      guard abs(shiftDays) <= 3_650_000 else {
        throw ValidationError("--shift-days takes at most 3650000 days either way, got \(shiftDays)")
      }
    }

    func run() throws {
      try reportingFailures(Self.self) {
        let run = Anonymization(input: input, output: output, from: inputOptions.from, overwrite: force,
                                options: try inputOptions.codecOptions, anonymizer: DatasetAnonymizer(shiftDays: shiftDays))
        Interruption.writing(output == "-" ? .standardOutput : .file)
        let result = try run.run(registry: try pluginOptions.registry(quiet: quiet), skipBadRows: badRows.skipBadRows)
        // The reader's errors say what was not read; its warnings only quote the input, which
        // is what is being hidden (inspect on the copy says them of the placeholders).
        for d in result.readDiagnostics where d.severity == .error { StandardError.line(DiagnosticRenderer.text(d)) }
        guard let written = result.written else {
          StandardError.line(BadRowsOptions.summary(result.readErrors, file: input, skipped: false))
          return .malformedInput
        }
        for d in result.writeDiagnostics where !quiet || d.severity == .error { StandardError.line(DiagnosticRenderer.text(d)) }
        if result.readErrors > 0 { StandardError.line(BadRowsOptions.summary(result.readErrors, file: input, skipped: true)) }
        if !quiet {
          let counts = [plural(written.trackers.count, "tracker"), plural(written.records.count, "record"),
                        written.entries.count == 1 ? "1 entry" : "\(written.entries.count) entries",
                        plural(written.tasks.count, "task")]
          StandardError.line("\(output): note: written as \(result.format.name) (\(result.format.id)) with \(counts.joined(separator: ", ")); names, texts and ids replaced\(shiftDays == 0 ? "" : ", days moved by \(shiftDays)")")
          StandardError.line("  note: look at it before you send it: days, amounts, emoji, colours and what is not text are kept (docs/anonymize.md); trackport inspect \(output) shows what TrackerPort reads in it")
        }
        return .ok
      }
    }
  }
}
