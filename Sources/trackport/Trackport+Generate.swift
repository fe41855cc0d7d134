import ArgumentParser
import TrackerPort

extension Trackport {
  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a deterministic, realistic synthetic dataset for tests and benchmarks.",
      discussion: """
        The same --trackers, --days, --seed and --start give the same bytes on every machine. \
        1,000 trackers over 3,650 days make about 1.8 million records.
        """)

    @Option(help: "How many trackers.")
    var trackers = 20

    @Option(help: "How many days of history.")
    var days = 365

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The first day of history (YYYY-MM-DD).", valueName: "date"))
    var start = "2016-01-04"

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file, or - for standard output.", valueName: "file"), completion: .file())
    var output: String

    @Option(help: ArgumentHelp("Output format id; taken from the output's name when omitted.", valueName: "format"))
    var to: String?

    @Flag(help: "Replace an existing output file.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print no losses and no summary line; errors still show.")
    var quiet = false

    @Flag(help: "Also what other habit apps share: goals and amounts, descriptions, frequencies, reminders, archived habits, notes and skipped days (format version 2); the rest is the same as without.")
    var rich = false

    func validate() throws {
      guard (0...100_000).contains(trackers) else { throw ValidationError("--trackers must be 0 to 100,000") }
      guard days >= 1 else { throw ValidationError("--days must be 1 or more") }
      guard let first = LocalDate(start) else { throw ValidationError("--start takes YYYY-MM-DD, got '\(start)'") }
      guard let last = LocalDate(year: 9999, month: 12, day: 31), days <= first.days(to: last) + 1 else {
        throw ValidationError("--days runs past the year 9999")
      }
      guard trackers * days <= 100_000_000 else {
        throw ValidationError("--trackers × --days is over 100 million tracker-days; the dataset would not fit in memory")
      }
      if output == "-" && to == nil { throw ValidationError("writing to standard output needs --to FORMAT") }
    }

    func run() throws {
      try reportingFailures(Self.self) {
        guard let first = LocalDate(start) else { return .usage }
        Interruption.writing(output == "-" ? .standardOutput : .file)
        let dataset = DatasetGenerator(trackers: trackers, days: days, seed: seed, start: first, rich: rich).generate()
        let registry = StandardCodecs.registry
        let destination = CodecOutput(path: output, overwrite: force)
        let codec = try to.map { try registry.codec(id: $0, writing: true) } ?? registry.detectOutput(destination)
        var context = CodecContext(fileName: destination.displayName)
        try codec.encode(dataset, to: destination, context: &context)
        let losses = codec.losses(writing: dataset, to: destination, options: [:])
        for d in losses + context.diagnostics where !quiet || d.severity == .error { StandardError.line(DiagnosticRenderer.text(d)) }
        if output != "-" && !quiet {
          let entries = dataset.entries.isEmpty ? "" : ", \(dataset.entries.count) entries"
          StandardError.line("wrote \(output): \(dataset.trackers.count) trackers, \(dataset.records.count) records\(entries), \(dataset.tasks.count) tasks")
        }
        return .ok
      }
    }
  }
}
