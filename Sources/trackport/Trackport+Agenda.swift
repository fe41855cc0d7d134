import ArgumentParser
import TrackerOutput
import TrackerPort

extension Trackport {
  struct Agenda: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the trackers planned on a day, as the app's main screen groups them.",
      discussion: """
        Pinned trackers come first, then each category in dataset order; every card shows \
        whether it is done ([x]) or skipped ([-]) that day, the day's amount if any, and on how \
        many days it has been done. See docs/statistics.md.
        """)

    @Argument(help: "The dataset file, or - for standard input.", completion: .file())
    var file: String

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @OptionGroup var badRows: BadRowsOptions

    @OptionGroup var quietOption: QuietOption

    @Option(help: ArgumentHelp("The day to show (YYYY-MM-DD); default: today.", valueName: "date"))
    var date: String?

    @Option(help: "all, today, completed or not-completed (a skipped tracker shows under all and today only).")
    var filter: AgendaFilter = .all

    @Option(help: "Only trackers whose name contains this (case and diacritics ignored: ё finds е).")
    var search: String = ""

    @Option(help: "Language of the texts: ru or en.")
    var locale: AgendaLocale = .en

    @Option(help: ArgumentHelp("The day taken as today (YYYY-MM-DD); default: the local date.", valueName: "date"))
    var today: String?

    @Flag(help: "Print JSON: {\"date\", \"filter\", \"groups\": [{\"title\", \"pinned\", \"trackers\": [...]}]}.")
    var json = false

    func validate() throws {
      for (flag, value) in [("--date", date), ("--today", today)] {
        if let value, LocalDate(value) == nil { throw ValidationError("\(flag) takes YYYY-MM-DD, got '\(value)'") }
      }
    }

    func run() throws {
      try reportingFailures(Self.self) {
        let loaded = try DatasetFile.load(file, format: inputOptions.from, registry: try pluginOptions.registry(),
                                            options: try inputOptions.codecOptions)
        if let failed = badRows.check(loaded) { return failed }
        guard let now = today.flatMap({ LocalDate($0) }) ?? LocalDate.localToday() else {
          StandardError.line("error: cannot tell the local date; pass --today YYYY-MM-DD")
          return .usage
        }
        let day = date.flatMap { LocalDate($0) } ?? now
        let agenda = TrackerModel.Agenda(dataset: loaded.dataset, date: day, filter: filter, search: search,
                                         today: now, locale: locale)
        try StandardOutput.write(json ? AgendaJSON.document(agenda) : Agenda.text(agenda))
        return .ok
      }
    }

    /// `[x]` done, `[-]` skipped, `[ ]` neither.
    static func mark(_ item: AgendaItem) -> String {
      item.done ? "[x]" : item.skipped ? "[-]" : "[ ]"
    }

    /// ` · 6.25 km` when the card has an amount, else nothing.
    static func amountSuffix(_ item: AgendaItem) -> String {
      guard let amount = item.amount, amount.isFinite else { return "" }
      return " · " + amount.amountText + (item.unit.map { " " + $0 } ?? "")
    }

    static func text(_ agenda: TrackerModel.Agenda) -> String {
      let weekday = agenda.locale == .ru ? agenda.date.weekday.shortRussianName : agenda.date.weekday.shortEnglishName
      var out = "\(agenda.date) (\(weekday))"
      if agenda.filter != .all { out += " · \(agenda.filter.rawValue)" }
      if !agenda.search.isEmpty { out += " · “\(agenda.search)”" }
      out += "\n"
      if let placeholder = agenda.placeholder {
        return out + "\n  " + placeholder.text(agenda.locale) + "\n"
      }
      for group in agenda.groups {
        out += "\n" + group.title + "\n"
        for item in group.trackers {
          out += "  \(mark(item)) \(item.emoji ?? " ") \(item.name)\(amountSuffix(item)) · \(item.completedDaysText(agenda.locale))\n"
        }
      }
      return out
    }
  }
}

extension AgendaFilter: ExpressibleByArgument {}
