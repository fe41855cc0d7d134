import ArgumentParser
import Foundation
import TrackerHub
import TrackerPort

extension Trackport {
  /// `trackport hub`: one history kept from every backup that arrives (docs/hub.md).
  struct HubCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "hub",
      abstract: "Keep one habit history from every backup and export that arrives, with calendars and reports kept in step.",
      discussion: """
        A hub is a folder: hub.toml (its sources and outputs), history.trackport.json (the \
        history, a canonical dataset) and store/ (the journal of every import). hub run takes \
        every source file not taken yet, merges it (a day is never removed, a disagreement is a \
        reported conflict) and writes the outputs again when the history changed; hub log lists \
        the imports and hub undo takes one back. See docs/hub.md.
        """,
      subcommands: [HubInit.self, HubSourceCommand.self, HubOutputCommand.self, HubRun.self, HubLog.self, HubUndo.self,
                    HubExport.self, HubWatch.self, HubServe.self, HubToken.self, HubFeed.self])
  }

  struct HubInit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "init",
      abstract: "Make a hub: its folder, hub.toml, an empty history and the journal.",
      discussion: """
        After DIR, in any order: --source PATH-OR-GLOB (repeatable), each followed by its own \
        --from FORMAT, --option KEY=VALUE and --skip-bad-rows; --output FILE-OR-URL \
        (repeatable), each followed by --to FORMAT (an id of trackport formats, or report for \
        the HTML report) and --option KEY=VALUE; --every DURATION (hub watch's schedule: 90s, \
        15m, 6h, 1d), --settle DURATION and --prefer newer|history|source. Example: \
        trackport hub init ~/habits --source '~/Sync/Loop/Loop Habits Backup *.db' \
        --output calendar.ics --output report.html --every 6h
        """)

    @Argument(help: "The hub's folder (made when missing; must not hold a hub).", completion: .directory)
    var folder: String

    @Argument(parsing: .captureForPassthrough, help: "--source, --output and their settings (see above).")
    var items: [String] = []

    func run() throws {
      try reportingFailures(Self.self) {
        let config = try HubInitArguments.parse(items)
        let hub = Hub(folder: folder, registry: StandardCodecs.registry)
        try hub.create(config)
        try StandardOutput.line("made the hub \(folder): \(config.sources.count) \(config.sources.count == 1 ? "source" : "sources"), "
                                + "\(config.outputs.count) \(config.outputs.count == 1 ? "output" : "outputs"); run it with: trackport hub run \(folder)")
        return .ok
      }
    }
  }

  struct HubSourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "source", abstract: "Change a hub's sources.", subcommands: [Add.self])

    struct Add: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Add a source (a file, a folder or a glob) to hub.toml.")

      @Argument(help: "The hub's folder.", completion: .directory) var folder: String
      @Argument(help: "A file, a folder or a glob (quoted), relative to the hub's folder or absolute.") var path: String
      @Option(help: ArgumentHelp("The format id; detected from each file when omitted.", valueName: "format"), completion: FormatCompletion.kind)
      var from: String?
      @Option(name: .customLong("option"), help: ArgumentHelp("A codec option for reading (repeatable).", valueName: "key=value"))
      var options: [String] = []
      @Flag(help: "Import a file whose reader skipped bad rows instead of refusing it.") var skipBadRows = false

      func run() throws {
        try reportingFailures(Self.self) {
          let source = HubSource(path: path, from: from, options: try HubInitArguments.options(options), skipBadRows: skipBadRows)
          try Hub(folder: folder).updateConfig { $0.sources.append(source) }
          try StandardOutput.line("added the source \(path) to \(folder)/hub.toml")
          return .ok
        }
      }
    }
  }

  struct HubOutputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "output", abstract: "Change a hub's outputs.", subcommands: [Add.self])

    struct Add: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "Add an output (a file, or a CalDAV collection's URL) to hub.toml.")

      @Argument(help: "The hub's folder.", completion: .directory) var folder: String
      @Argument(help: "A file to write (relative to the hub's folder or absolute), or an https:// CalDAV collection.") var target: String
      @Option(help: ArgumentHelp("The format id, or report; taken from the file's name when omitted.", valueName: "format"),
              completion: FormatCompletion.kind)
      var to: String?
      @Option(name: .customLong("option"), help: ArgumentHelp("A codec option for writing (repeatable).", valueName: "key=value"))
      var options: [String] = []

      func run() throws {
        try reportingFailures(Self.self) {
          let output = HubInitArguments.output(target, to: to, options: try HubInitArguments.options(options))
          try Hub(folder: folder).updateConfig { $0.outputs.append(output) }
          try StandardOutput.line("added the output \(target) to \(folder)/hub.toml")
          return .ok
        }
      }
    }
  }

  struct HubRun: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "run",
      abstract: "One pass: take every new source file into the history, then write the outputs that changed.",
      discussion: """
        A file is known by its content's hash: one already taken (or refused) is not read again. \
        A file that cannot be read is journaled as refused, with where and why, and the run goes \
        on. One run at a time: another one running makes this one exit with status 75, unless \
        --wait.
        """)

    @Argument(help: "The hub's folder.", completion: .directory) var folder: String
    @Flag(help: "Wait for another run of this hub to end instead of exiting with status 75.") var wait = false
    @Option(help: ArgumentHelp("Take files changed less than this long ago too (default: hub.toml's settle).", valueName: "duration"))
    var settle: String?
    @OptionGroup var quietOption: QuietOption

    func run() throws {
      try reportingFailures(Self.self) {
        let hub = Hub(folder: folder, registry: StandardCodecs.registry)
        let settleSeconds = try settle.map { text in
          guard let s = HubDuration.seconds(text) else { throw ValidationError("--settle takes a duration such as 0, 2s or 1m, got '\(text)'") }
          return s
        }
        let report = try hub.run(wait: wait, outputs: HubCalDAVOutput.outputs(quiet: quietOption.quiet), settle: settleSeconds)
        return try HubRunText.print(report, folder: folder, quiet: quietOption.quiet)
      }
    }
  }

  struct HubLog: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "log", abstract: "List the journal: every file a run took, refused or undid.")

    @Argument(help: "The hub's folder.", completion: .directory) var folder: String
    @Option(help: "text (default) or json: an array of entries with every field (docs/hub.md, \"The journal\").")
    var format: HubLogFormat = .text
    @Flag(name: .shortAndLong, help: "With text: each entry's diagnostics and conflicts too.") var verbose = false

    func run() throws {
      try reportingFailures(Self.self) {
        let log = try Hub(folder: folder).log()
        switch format {
        case .json: try StandardOutput.write(try HubLogJSON.render(log))
        case .text: try StandardOutput.write(HubLogText.text(log, verbose: verbose))
        }
        return .ok
      }
    }
  }

  struct HubUndo: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "undo",
      abstract: "Take one import back: the history becomes what it would be had that file never been taken.",
      discussion: "The file stays known (it is not taken again by the next run). The undo is itself a journal entry; the outputs follow.")

    @Argument(help: "The hub's folder.", completion: .directory) var folder: String
    @Argument(help: "The entry's number, as hub log shows it.") var number: Int
    @Flag(help: "Wait for a run of this hub to end instead of exiting with status 75.") var wait = false
    @OptionGroup var quietOption: QuietOption

    func run() throws {
      try reportingFailures(Self.self) {
        let report = try Hub(folder: folder).undo(number, wait: wait, outputs: HubCalDAVOutput.outputs(quiet: quietOption.quiet))
        return try HubRunText.print(report, folder: folder, quiet: quietOption.quiet)
      }
    }
  }

  struct HubExport: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write the hub's history in any format.")

    @Argument(help: "The hub's folder.", completion: .directory) var folder: String
    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write.", valueName: "path"), completion: .file()) var output: String
    @Option(help: ArgumentHelp("Output format id; taken from the output's name when omitted.", valueName: "format"),
            completion: FormatCompletion.kind)
    var to: String?
    @Option(name: .customLong("option"), help: ArgumentHelp("A codec option for writing (repeatable).", valueName: "key=value"))
    var options: [String] = []
    @Flag(help: "Replace an existing output file.") var force = false
    @OptionGroup var quietOption: QuietOption

    func run() throws {
      try reportingFailures(Self.self) {
        Interruption.writing(output == "-" ? .standardOutput : .file)
        let diagnostics = try Hub(folder: folder).export(to: output, format: to, options: try HubInitArguments.options(options), overwrite: force)
        if !quietOption.quiet { for d in diagnostics { StandardError.line(DiagnosticRenderer.text(d)) } }
        return .ok
      }
    }
  }
}

enum HubLogFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

extension ExitStatus {
  init(_ error: HubError) {
    switch error.kind {
    case .config: self = .config
    case .notAHub: self = .cannotReadInput
    case .busy: self = .busy
    case .io: self = .ioError
    case .usage: self = .usage
    case .damaged: self = .malformedInput
    }
  }
}
