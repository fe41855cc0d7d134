import ArgumentParser
import TrackerPort

extension Trackport {
  struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Convert a dataset from one format to another.",
      discussion: """
        Formats are detected from file names and content; --from and --to override. The output \
        is written to a temporary file and renamed into place, never replaces an input, and \
        replaces an existing file only with --force. What the output format cannot carry is \
        reported field by field as 'dropped-field' warnings. On a terminal, a conversion that \
        takes more than half a second shows a progress bar on standard error (none with --quiet).
        """)

    @Argument(help: "The input file, or - for standard input.", completion: .file())
    var input: String

    @Argument(help: "The output file, or - for standard output.", completion: .file())
    var output: String

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @Option(help: ArgumentHelp("Output format id; taken from the output's name when omitted.", valueName: "format"),
            completion: FormatCompletion.kind)
    var to: String?

    @Flag(help: "Replace an existing output file.")
    var force = false

    @Flag(help: "Write nothing and exit 1 when the output format would drop data.")
    var failOnLoss = false

    @Flag(help: "Write nothing: print the plan (the format read and what it holds, every part of the model kept or lost in the output, each loss with its count) and exit as the conversion would (1 with --fail-on-loss when it would drop data).")
    var dryRun = false

    @Flag(help: "Shorten tracker names longer than the app's 38 characters (at a word, with …), keeping the full name in extras.trackport.fullName; without it such names are warned of (name-too-long).")
    var fitNames = false

    @Flag(help: "Write in full the names --fit-names shortened (kept in extras.trackport.fullName), for an app without the 38-character limit; long names are then not warned of.")
    var fullNames = false

    @Flag(help: "CSV: prefix cells starting with = + - @ with ' so spreadsheets do not run them as formulas.")
    var spreadsheetSafe = false

    @Option(help: ArgumentHelp("CSV output: package, trackers or log (default: a .csv name is one table, anything else a package).", valueName: "shape"), completion: .list(["package", "trackers", "log"]))
    var toShape: String?

    @OptionGroup var calendarOptions: ICalendarWriteOptions

    @Option(help: ArgumentHelp("iCalendar: write task times in this zone (Area/City) with a VTIMEZONE; default: floating local times. Habitica: count days in this zone (default: the export's offset; UTC for history.csv). iOS Tracker store: the phone's zone, whose midnights the store keeps (default: inferred when reading, this computer's when writing).", valueName: "zone"))
    var timezone: String?

    @Option(help: ArgumentHelp("Habitica: the hour (0-23) at which a day starts, Habitica's Custom Day Start (default: the export's; 0 for history.csv).", valueName: "hour"))
    var dayStart: Int?

    @OptionGroup var badRows: BadRowsOptions

    @Flag(name: .shortAndLong, help: "Print no warnings and no progress bar; errors still show, and with --fail-on-loss the losses that stopped the conversion.")
    var quiet = false

    /// `--dry-run`: the plan on standard output, the reader's diagnostics on standard error as
    /// in a real run; the exit status the real run would have.
    private func plan(_ conversion: Conversion, registry: CodecRegistry) throws -> ExitStatus {
      let plan = try conversion.plan(registry: registry)
      let errors = plan.diagnostics.filter { $0.severity == .error }
      say(plan.diagnostics.filter { !quiet || $0.severity == .error })
      try StandardOutput.write(ConversionPlanText.render(plan, input: input, output: output))
      if !errors.isEmpty, !badRows.skipBadRows {
        StandardError.line(BadRowsOptions.summary(errors.count, file: input, skipped: false))
        return .malformedInput
      }
      return failOnLoss && !plan.losses.isEmpty ? .ruleErrors : .ok
    }

    private func say(_ diagnostics: [Diagnostic]) {
      for d in diagnostics { StandardError.line(DiagnosticRenderer.text(d)) }
    }

    func validate() throws {
      if output == "-" && to == nil {
        throw ValidationError("writing to standard output needs --to FORMAT")
      }
      if fitNames && fullNames {
        throw ValidationError("--fit-names shortens names and --full-names gives them back in full: choose one")
      }
      if let dayStart, !(0...23).contains(dayStart) {
        throw ValidationError("--day-start takes an hour from 0 to 23, got \(dayStart)")
      }
    }

    func run() throws {
      try reportingFailures(Self.self) {
        var options = try inputOptions.codecOptions
        if spreadsheetSafe { options["spreadsheet-safe"] = "true" }
        if let toShape { options["to-shape"] = toShape }
        calendarOptions.add(to: &options)
        if let timezone { options["timezone"] = timezone }
        if let dayStart { options["day-start"] = String(dayStart) }
        var conversion = Conversion(input: input, output: output, from: inputOptions.from, to: to,
                                    overwrite: force, options: options)
        conversion.fitNames = fitNames
        conversion.fullNames = fullNames
        Interruption.writing(output == "-" ? .standardOutput : .file)
        let registry = try pluginOptions.registry(quiet: quiet)
        if dryRun { return try plan(conversion, registry: registry) }
        let display = ProgressDisplay.start(quiet: quiet)
        Interruption.showing(display)
        let result: Conversion.Result
        do {
          defer {
            Interruption.showing(nil)
            display?.finish()
          }
          result = try conversion.run(registry: registry, refuseLoss: failOnLoss, skipBadRows: badRows.skipBadRows,
                                      progress: display?.meter)
        }
        switch result.refusal {
        case .readErrors:
          // Only the errors: they are why nothing was written; warnings would be noise here.
          say(result.diagnostics.filter { $0.severity == .error })
          StandardError.line(BadRowsOptions.summary(result.readErrors, file: input, skipped: false))
          return .malformedInput
        case .losses:
          // The losses are why nothing was written: shown even with --quiet.
          say(result.diagnostics.filter { !quiet || [LossReport.droppedField.code, LossReport.lossyFrequency.code].contains($0.code) })
          StandardError.line("\(output): error: nothing written: the output format would drop data (--fail-on-loss)")
          return .ruleErrors
        case nil:
          // --quiet hides warnings; errors the run went on despite (--skip-bad-rows) still show.
          say(result.diagnostics.filter { !quiet || $0.severity == .error })
          if result.readErrors > 0 { StandardError.line(BadRowsOptions.summary(result.readErrors, file: input, skipped: true)) }
          if let hint = result.hint, !quiet { StandardError.line("\(output): note: \(hint)") }
          return .ok
        }
      }
    }
  }
}
