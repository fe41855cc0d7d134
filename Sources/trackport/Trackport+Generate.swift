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

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file, or - for standard output.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Output format id; taken from the output's name when omitted.", valueName: "format"))
    var to: String?

    @Flag(help: "Replace an existing output file.")
    var force = false

    func validate() throws {
      guard trackers >= 0 else { throw ValidationError("--trackers must be 0 or more") }
      guard days >= 1 else { throw ValidationError("--days must be 1 or more") }
      guard LocalDate(start) != nil else { throw ValidationError("--start takes YYYY-MM-DD, got '\(start)'") }
      if output == "-" && to == nil { throw ValidationError("writing to standard output needs --to FORMAT") }
    }

    func run() throws {
      try reportingFailures {
        guard let first = LocalDate(start) else { return .usage }
        let dataset = DatasetGenerator(trackers: trackers, days: days, seed: seed, start: first).generate()
        let registry = StandardCodecs.registry
        let destination = CodecOutput(path: output, overwrite: force)
        let codec = try to.map { try registry.codec(id: $0) } ?? registry.detectOutput(destination)
        var context = CodecContext(fileName: destination.displayName)
        try codec.encode(dataset, to: destination, context: &context)
        for d in context.diagnostics { StandardError.line(DiagnosticRenderer.text(d)) }
        if output != "-" {
          StandardError.line("wrote \(output): \(dataset.trackers.count) trackers, \(dataset.records.count) records, \(dataset.tasks.count) tasks")
        }
        return .ok
      }
    }
  }
}
