import ArgumentParser
import TrackerPort

extension Trackport {
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Merge exports into a base dataset: every tracker, day and task of all of them, none twice.",
      discussion: """
        Identity as in diff: trackers by id, else kind and name; categories by title; tasks by \
        id, then title and start. Days are the union by tracker and day; a value set on one side \
        only is kept; where both sides differ (a colour, an amount, done vs skipped) the --prefer \
        side wins and a merge-conflict warning shows both values. Merging an export that is \
        already in changes nothing. See docs/merge-diff.md.
        """)

    @Argument(help: "The base dataset (never changed).", completion: .file())
    var base: String

    @Argument(help: "The datasets to merge in, in order (any readable format).", completion: .file())
    var incoming: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The merged dataset's path (- for standard output); not needed with --dry-run.", valueName: "path"),
            completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("Output format id; taken from the output's name when omitted.", valueName: "format"),
            completion: FormatCompletion.kind)
    var to: String?

    @Option(help: "Which side wins a conflict: incoming (default: the newer export) or base.")
    var prefer: MergePreference = .incoming

    @Flag(help: "Write nothing; print what the merge would do.")
    var dryRun = false

    @Flag(help: "Replace an existing output file (never an input).")
    var force = false

    @Flag(help: "Write nothing and exit 1 when the output format would drop data.")
    var failOnLoss = false

    @Flag(name: .shortAndLong, help: "Print no warnings and no plan; errors still show.")
    var quiet = false

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @OptionGroup var badRows: BadRowsOptions

    func validate() throws {
      if incoming.isEmpty { throw ValidationError("merge needs a base and at least one dataset to merge in") }
      if !dryRun && output == nil { throw ValidationError("merge needs -o OUTPUT (or --dry-run)") }
      if output == "-" && to == nil { throw ValidationError("writing to standard output needs --to FORMAT") }
      if ([base] + incoming).count(where: { $0 == "-" }) > 1 { throw ValidationError("only one input can be standard input") }
    }

    func run() throws {
      try reportingFailures(Self.self) {
        let registry = try pluginOptions.registry(quiet: quiet)
        let options = try inputOptions.codecOptions
        let inputs = [base] + incoming
        var destination: DatasetDestination?
        if !dryRun, let output {
          Interruption.writing(output == "-" ? .standardOutput : .file)
          destination = try DatasetDestination(path: output, format: to, overwrite: force, inputs: inputs,
                                               options: options, registry: registry)
        }
        // Every reader is known before any is read, so a misspelt option fails before the work.
        // One input each, given to detection and reading alike: a pipe is read once.
        let sources = inputs.map { CodecInput(path: $0) }
        let readers = try sources.map { try DatasetFile.reader(for: $0, format: inputOptions.from, registry: registry, options: options) }
        try CodecDescriptor.checkOptions(options, reading: readers.map(\.descriptor),
                                         writing: destination.map { [$0.writer.descriptor] } ?? [])
        var files: [DatasetFile] = []
        for loaded in DatasetFile.loadSideBySide(zip(sources, readers).map { (input: $0, reader: $1) }, options: options) {
          let file = try loaded.get()
          if let failed = badRows.check(file, refusing: dryRun ? "nothing shown" : "nothing written") { return failed }
          if !quiet { say(file.diagnostics.filter { $0.severity != .error }) }
          files.append(file)
        }
        // What a format cannot carry, its reader made up (Loop's emoji, HabitBull's schedule):
        // unset on that side, never a conflict or an override.
        var sides = files.map { MergeInput($0.dataset, cannotCarry: $0.codec.cannotCarry) }
        // The sides hold the datasets alone from here: the base's arrays, not shared, take the
        // incoming days in place (a copy of 1.8 million records otherwise).
        for i in files.indices { files[i].dataset = TrackerDataset() }
        let base = sides.removeFirst()
        let result = DatasetMerger(prefer: prefer).merge(consume base, sides)
        defer { ProcessEnd.keep((files, sides, result)) }
        // At the incoming file that disagreed; once written, at the kept value in the output.
        func conflicts(at places: [String: SourceLocation] = [:]) -> [Diagnostic] {
          result.conflicts.map { conflict in
            let incoming = files[conflict.incomingIndex + 1].fileName
            let place = conflict.pointer.flatMap { places[$0] }
            return Diagnostic(code: MergeConflict.descriptor.code, severity: MergeConflict.descriptor.severity,
                              message: "\(conflict.subject): \(conflict.field): base \(conflict.base), incoming \(conflict.incoming); kept \(conflict.kept.rawValue)",
                              location: place ?? SourceLocation(file: incoming),
                              note: place == nil ? nil : "the incoming value is from \(incoming)")
          }
        }
        if dryRun {
          if !quiet { say(conflicts()) }
          try StandardOutput.line(MergePlanText.render(result.plan, conflicts: result.conflicts.count))
          return .ok
        }
        guard var destination else { return .usage }
        let losses = destination.losses(writing: result.dataset)
        if failOnLoss, !losses.isEmpty {
          say(losses.filter { !quiet || $0.code == LossReport.droppedField.code })
          StandardError.line("\(destination.output.displayName): error: nothing written: the output format would drop data (--fail-on-loss)")
          return .ruleErrors
        }
        let written = try destination.write(result.dataset)
        if !quiet {
          let places = destination.locateWritten(Set(result.conflicts.compactMap(\.pointer)))
          say(conflicts(at: places) + losses + written)
          StandardError.line(MergePlanText.render(result.plan, conflicts: result.conflicts.count))
        }
        return .ok
      }
    }

    private func say(_ diagnostics: [Diagnostic]) {
      for d in diagnostics { StandardError.line(DiagnosticRenderer.text(d)) }
    }
  }
}

extension MergePreference: ExpressibleByArgument {}

/// The one line that says what a merge does:
/// `22 trackers: 4 new, 9 matched (3 by name), 2 in conflict; 1,204 records: 310 new, 894 already there`.
enum MergePlanText {
  static func render(_ plan: MergePlan, conflicts: Int) -> String {
    var parts = ["\(n(plan.trackers)) \(plan.trackers == 1 ? "tracker" : "trackers"): \(n(plan.trackersNew)) new, "
      + "\(n(plan.trackersMatched)) matched (\(n(plan.trackersByName)) by name), \(n(plan.trackersInConflict)) in conflict",
      "\(n(plan.records)) \(plan.records == 1 ? "record" : "records"): \(n(plan.recordsNew)) new, "
      + "\(n(plan.recordsPresent)) already there" + (plan.recordsInConflict > 0 ? ", \(n(plan.recordsInConflict)) in conflict" : "")]
    if plan.entries > 0 {
      parts.append("\(n(plan.entries)) marked \(plan.entries == 1 ? "day" : "days"): \(n(plan.entriesNew)) new, "
        + "\(n(plan.entriesPresent)) already there" + (plan.entriesInConflict > 0 ? ", \(n(plan.entriesInConflict)) in conflict" : ""))
    }
    if plan.tasks > 0 { parts.append("\(n(plan.tasks)) \(plan.tasks == 1 ? "task" : "tasks"): \(n(plan.tasksNew)) new, \(n(plan.tasksMatched)) matched") }
    if plan.categoriesNew > 0 { parts.append("\(n(plan.categoriesNew)) new \(plan.categoriesNew == 1 ? "category" : "categories")") }
    parts.append("\(n(conflicts)) \(conflicts == 1 ? "conflict" : "conflicts")")
    return parts.joined(separator: "; ")
  }

  /// Thousands grouped with commas: 1204 → `1,204`.
  static func n(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, ch) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out += "," }
      out.append(ch)
    }
    return (value < 0 ? "-" : "") + out
  }
}
