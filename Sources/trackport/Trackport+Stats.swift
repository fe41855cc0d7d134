import ArgumentParser
import TrackerOutput
import TrackerPort

extension Trackport {
  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the app's four statistics for a dataset.",
      discussion: """
        Best period, perfect days, trackers completed and average, as defined in \
        docs/statistics.md.
        """)

    @Argument(help: "The dataset file, or - for standard input.", completion: .file())
    var file: String

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @OptionGroup var badRows: BadRowsOptions

    @OptionGroup var quietOption: QuietOption

    @Option(help: "Language of the labels: ru or en.")
    var locale: AgendaLocale = .en

    @Flag(help: "Print JSON: {\"trackersCompleted\", \"perfectDays\", \"bestPeriod\", \"average\"}.")
    var json = false

    func run() throws {
      try reportingFailures(Self.self) {
        let loaded = try DatasetFile.load(file, format: inputOptions.from, registry: try pluginOptions.registry(),
                                            options: try inputOptions.codecOptions)
        if let failed = badRows.check(loaded) { return failed }
        let stats = TrackerStatistics(loaded.dataset)
        if json {
          try StandardOutput.line(StatisticsJSON.object(stats))
          return .ok
        }
        if let placeholder = stats.placeholder(locale) {
          try StandardOutput.line(placeholder)
          return .ok
        }
        let labels = TrackerStatistics.labels(locale)
        let values = [String(stats.bestPeriod), String(stats.perfectDays), String(stats.trackersCompleted), stats.formattedAverage]
        try StandardOutput.write(TextTable.render(header: [], rows: zip(values, labels).map { [$0, $1] }))
        return .ok
      }
    }
  }
}

extension AgendaLocale: ExpressibleByArgument {}
