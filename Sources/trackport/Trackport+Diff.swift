import ArgumentParser
import TrackerPort

extension Trackport {
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show what changed from one dataset to another, in any two readable formats.",
      discussion: """
        Trackers are the same when their ids are, or else when their kind and name (case, \
        diacritics and spaces aside) are ("matched by name"); categories by title; tasks by \
        id, then title and start. Exit status 0 when nothing differs, 1 when something does \
        (as diff(1)), 65/66 when an input cannot be read. See docs/merge-diff.md.
        """)

    @Argument(help: "The old dataset, or - for standard input.", completion: .file())
    var old: String

    @Argument(help: "The new dataset.", completion: .file())
    var new: String

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @OptionGroup var badRows: BadRowsOptions

    @OptionGroup var quietOption: QuietOption

    @Option(help: "Output: text, json, markdown (a summary table for a pull request) or github (annotations on the new file).")
    var format: DiffFormat = .text

    @Flag(help: "List every changed day, not only their ranges (text and markdown).")
    var verbose = false

    func validate() throws {
      if old == "-" && new == "-" { throw ValidationError("only one input can be standard input") }
    }

    func run() throws {
      try reportingFailures(Self.self) {
        let registry = try pluginOptions.registry()
        let options = try inputOptions.codecOptions
        // One input each, given to detection and reading alike: a pipe is read once.
        let sources = [old, new].map { CodecInput(path: $0) }
        let readers = try sources.map { try DatasetFile.reader(for: $0, format: inputOptions.from, registry: registry, options: options) }
        try CodecDescriptor.checkOptions(options, reading: readers.map(\.descriptor), writing: [])
        var files: [DatasetFile] = []
        for loaded in DatasetFile.loadSideBySide(zip(sources, readers).map { (input: $0, reader: $1) }, options: options) {
          let file = try loaded.get()
          if let failed = badRows.check(file) { return failed }
          files.append(file)
        }
        let diff = DatasetDiff(from: MergeInput(files[0].dataset, cannotCarry: files[0].codec.cannotCarry),
                               to: MergeInput(files[1].dataset, cannotCarry: files[1].codec.cannotCarry))
        let renderer = DiffRenderer(diff: diff, old: files[0], new: files[1], verbose: verbose)
        defer { ProcessEnd.keep((files, diff)) }
        switch format {
        case .text: try StandardOutput.write(renderer.text())
        case .json: try StandardOutput.line(renderer.json())
        case .markdown: try StandardOutput.write(renderer.markdown())
        case .github: try StandardOutput.write(renderer.github())
        }
        return diff.isEmpty ? .ok : .ruleErrors
      }
    }
  }
}

/// How `diff` shows its result.
enum DiffFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json, markdown, github
}
