import ArgumentParser
import TrackerOutput
import TrackerPort
import TrackerReport

extension Trackport {
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write one HTML page of a dataset: the app's statistics, year grids, streaks and rates.",
      discussion: """
        The page is self-contained (inline CSS and SVG, no script, nothing fetched) and prints \
        on A4 landscape. The days shown default to the 365 days up to today, or up to the \
        dataset's last day when its history ends before today; --years N (or all) shows more \
        years up to that day, --year or --start/--until choose others (--from and --to are \
        format ids, as in every command). \
        Datasets with many trackers show the busiest --limit of them (default 50) beside one \
        grid of all habits; --all shows every one. --format markdown writes the summary as \
        Markdown tables instead. See docs/report.md.
        """)

    @Argument(help: "The dataset file, or - for standard input.", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The page to write, or - for standard output.", valueName: "file"), completion: .file())
    var output: String

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @Option(help: ArgumentHelp("The first day shown (YYYY-MM-DD); default: 364 days before --until, or the data's first day when that is later (at least four weeks shown).", valueName: "date"))
    var start: String?

    @Option(help: ArgumentHelp("The last day shown (YYYY-MM-DD); default: today, or the dataset's last day when it is earlier.", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("Show this many years (1 to 10) up to the last day shown, or all: from the dataset's first day (at most ten years).", valueName: "n|all"))
    var years: String?

    @Option(help: ArgumentHelp("Show this calendar year, 1 January to 31 December (instead of --start/--until).", valueName: "year"))
    var year: Int?

    @Option(help: ArgumentHelp("The day taken as today (YYYY-MM-DD); default: the local date.", valueName: "date"))
    var today: String?

    @Option(help: "Language of the page: ru or en.")
    var locale: AgendaLocale = .en

    @Option(help: "light, dark, or auto (follows the reader's system setting).")
    var theme: ReportTheme = .auto

    @Option(help: ArgumentHelp("html, or markdown for the summary as tables (default: markdown for a .md output, else html).", valueName: "format"),
            completion: .list(["html", "markdown"]))
    var format: ReportFormat?

    @Option(help: "Show at most this many trackers, the ones done on the most days shown.")
    var limit = 50

    @Flag(help: "Show every tracker (no --limit).")
    var all = false

    @Flag(help: "Replace an existing output file.")
    var force = false

    @OptionGroup var badRows: BadRowsOptions

    @OptionGroup var quietOption: QuietOption

    /// The most days one page shows: ten years and a bit.
    static let maximumDays = 3_660

    func validate() throws {
      for (flag, value) in [("--start", start), ("--until", until), ("--today", today)] {
        if let value, LocalDate(value) == nil { throw ValidationError("\(flag) takes YYYY-MM-DD, got '\(value)'") }
      }
      if let year {
        guard (1...9999).contains(year) else { throw ValidationError("--year takes a year from 1 to 9999, got \(year)") }
        if start != nil || until != nil { throw ValidationError("--year cannot be combined with --start or --until") }
      }
      if let start = start.flatMap({ LocalDate($0) }), let until = until.flatMap({ LocalDate($0) }) {
        guard start <= until else { throw ValidationError("--start \(start) is after --until \(until)") }
        guard start.days(to: until) < Report.maximumDays else {
          throw ValidationError("--start to --until spans more than \(Report.maximumDays) days; report a decade at most")
        }
      }
      guard limit >= 1 else { throw ValidationError("--limit must be 1 or more") }
      if let years {
        guard years == "all" || Int(years).map({ (1...Report.maximumYears).contains($0) }) == true else {
          throw ValidationError("--years takes a number of years from 1 to \(Report.maximumYears) or all, got '\(years)'")
        }
        if start != nil || self.year != nil { throw ValidationError("--years cannot be combined with --start or --year") }
      }
    }

    /// The most years `--years` takes: what fits in ``maximumDays``.
    static let maximumYears = 10

    /// The days shown, from the options, today and the days the dataset has data on (`data`):
    /// by default they end on the dataset's last day when that is before today.
    func range(today now: LocalDate, data: ClosedRange<LocalDate>?) -> ClosedRange<LocalDate> {
      if let year, let first = LocalDate(year: year, month: 1, day: 1), let last = LocalDate(year: year, month: 12, day: 31) {
        return first...last
      }
      let horizon = data.map { min($0.upperBound, now) } ?? now
      if let years {
        let last = until.flatMap { LocalDate($0) } ?? horizon
        let earliest = last.adding(days: -(Report.maximumDays - 1))
        guard let count = Int(years) else {
          // all: from the first day with data, at most a decade back.
          let first = data.map { min($0.lowerBound, last) } ?? last.adding(days: -364)
          return max(first, earliest)...last
        }
        let (y, m, d) = last.components
        let back = LocalDate(year: y - count, month: m, day: min(d, LocalDate.daysIn(month: m, year: y - count)))
        return max(earliest, (back ?? last.adding(days: -365 * count)).adding(days: 1))...last
      }
      let first = start.flatMap { LocalDate($0) }
      var last = until.flatMap { LocalDate($0) } ?? horizon
      if let first, until == nil, last < first || first.days(to: last) >= Report.maximumDays { last = first.adding(days: 364) }
      // Nothing asked for: the data's own span (TrackerReport.defaultRange), at least four weeks.
      if first == nil, until == nil, let data, data.lowerBound <= last {
        return TrackerReport.span(of: data, endingOn: last)
      }
      return (first ?? last.adding(days: -364))...last
    }

    var chosenFormat: ReportFormat {
      if let format { return format }
      let lower = output.lowercased()
      return lower.hasSuffix(".md") || lower.hasSuffix(".markdown") ? .markdown : .html
    }

    func run() throws {
      try reportingFailures(Self.self) {
        let destination = CodecOutput(path: output, overwrite: force, protectedPaths: input == "-" ? [] : [input])
        try destination.checkWritable()
        let loaded = try DatasetFile.load(input, format: inputOptions.from, registry: try pluginOptions.registry(),
                                            options: try inputOptions.codecOptions)
        let errors = loaded.readErrors
        if !errors.isEmpty {
          for d in errors { StandardError.line(DiagnosticRenderer.text(d)) }
          StandardError.line(BadRowsOptions.summary(errors.count, file: loaded.fileName, skipped: badRows.skipBadRows))
          if !badRows.skipBadRows { return .malformedInput }
        }
        guard let now = today.flatMap({ LocalDate($0) }) ?? LocalDate.localToday() else {
          StandardError.line("error: cannot tell the local date; pass --today YYYY-MM-DD")
          return .usage
        }
        let index = DatasetIndex(loaded.dataset)
        let data = TrackerReport.dataSpan(index)
        let shown = range(today: now, data: data)
        if years == "all", !quietOption.quiet, let data, data.lowerBound < shown.lowerBound {
          StandardError.line("note: the data starts on \(data.lowerBound); the report shows its last \(Report.maximumDays) days, from \(shown.lowerBound)")
        }
        let report = TrackerReport(dataset: loaded.dataset, range: shown, today: now,
                                   limit: all ? nil : limit, pinnedTitle: locale.pinnedTitle, index: index)
        Interruption.writing(output == "-" ? .standardOutput : .file)
        if chosenFormat == .html {
          let page = HTMLReport(report, locale: locale, theme: theme)
          try destination.write { writer in page.render(emit: { writer.write($0) }) }
        } else {
          let text = MarkdownReport(report, locale: locale).render()
          try destination.write { $0.write(text) }
        }
        return .ok
      }
    }
  }
}

/// What `trackport report` writes.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
  case html, markdown
}

extension ReportTheme: ExpressibleByArgument {}
