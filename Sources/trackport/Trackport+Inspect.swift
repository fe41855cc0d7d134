import ArgumentParser
import TrackerPort
import TrackerServeAPI

extension Trackport {
  struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Tell what a file holds and, with --to, what that app would show of it and what it would lose.",
      discussion: """
        The page's and the API's answer (POST /api/inspect) on the command line: the format, the \
        counts and the days the file spans, the reader's findings; with --to, the file is converted \
        into a private temporary folder and the output read back, so what arrives is counted per \
        habit from what the format gave back, followed by every part of the model kept or lost. \
        Nothing is written where you can see it. --format json prints exactly the API's document. \
        Exit status: 0, 65 when part of the file cannot be read (nothing is converted then), 74 \
        when the output read back does not hold what was written.
        """)

    @Argument(help: "The file (or folder), or - for standard input.", completion: .file())
    var file: String

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @Option(help: ArgumentHelp("The format to try a conversion to (see 'trackport formats').", valueName: "format"),
            completion: FormatCompletion.kind)
    var to: String?

    @Option(help: "text (default) or json: the document POST /api/inspect answers.")
    var format: InspectFormat = .text

    func run() throws {
      try reportingFailures(Self.self) {
        let inspection = try FileInspection(CodecInput(path: file), name: file, from: inputOptions.from, to: to,
                                            options: try inputOptions.codecOptions, registry: try pluginOptions.registry())
        let readErrors = inspection.diagnostics.filter { $0.severity == .error }.count
        switch format {
        case .json:
          try StandardOutput.write(inspection.json + "\n")
        case .text:
          for d in inspection.diagnostics { StandardError.line(DiagnosticRenderer.text(d)) }
          try StandardOutput.write(Self.text(inspection))
          if readErrors > 0 { StandardError.line(BadRowsOptions.summary(readErrors, file: file, skipped: false)) }
        }
        if readErrors > 0 { return .malformedInput }
        if let mismatch = inspection.target?.mismatch {
          StandardError.line("\(file): error: \(mismatch) [read-back-mismatch]")
          return .ioError
        }
        return .ok
      }
    }

    /// The text answer:
    ///
    /// ```
    /// read  loop.db as Loop Habit Tracker (loop): 5 trackers, 164 records, 3 categories; days ...
    /// arrives in Table Habit (tablehabit), written and read back:
    ///   Sport   40 days, 3 notes
    ///   checked: 5 habits, 164 days, 0 amounts, 3 notes, 0 skips
    ///   kept  categories         3
    ///   lost  trackers.createdOn 5  Table Habit cannot carry ...
    /// 2 losses
    /// ```
    static func text(_ inspection: FileInspection) -> String {
      var out = ConversionPlanText.readLine(inspection.reader, inspection.dataset, input: inspection.name)
      guard let target = inspection.target else { return out }
      if let checked = target.checked {
        out += "arrives in \(target.writer.name) (\(target.writer.id)), written and read back:\n"
        let arrivals = target.arrivals
        let width = (arrivals.map(\.name.count).max() ?? 0) + 2
        for habit in arrivals {
          out += "  " + habit.name.padding(toLength: width, withPad: " ", startingAt: 0) + Self.counts(habit) + "\n"
        }
        out += "  checked: " + DatasetTally.Kind.allCases.map { "\(checked[$0]) \($0.rawValue)" }.joined(separator: ", ") + "\n"
      } else {
        out += "not converted to \(target.writer.name) (\(target.writer.id)): part of the file cannot be read\n"
      }
      out += ConversionPlanText.fieldLines(target.plan)
      let n = target.losses.count
      out += n == 0 ? "nothing lost\n" : "\(n) loss\(n == 1 ? "" : "es")\n"
      return out
    }

    /// `40 days, 2 amounts, 3 notes, 1 skip`: the kinds the habit has, or `nothing`.
    static func counts(_ habit: HabitTally) -> String {
      let parts = [(habit.days, "day"), (habit.amounts, "amount"), (habit.notes, "note"), (habit.skips, "skip")]
        .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
      return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
  }
}

/// `inspect --format`.
enum InspectFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json
}
