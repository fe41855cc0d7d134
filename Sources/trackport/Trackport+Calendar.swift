import ArgumentParser
import CalendarSync
import Foundation
import TrackerPort
import WebDAV

extension Trackport {
  /// `trackport calendar push|pull`: a CalDAV collection kept in step with a dataset.
  struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "calendar",
      abstract: "Keep a CalDAV calendar (Nextcloud, Baikal, Radicale, Fastmail...) in step with a dataset.",
      discussion: """
        push makes the calendar collection hold the dataset's habits, events and tasks as the \
        .ics export writes them, changing only what changed; pull reads a collection back. \
        Passwords come from a netrc file, TRACKPORT_CALDAV_PASSWORD or --password-file, never \
        from the command line. See docs/calendar.md.
        """,
      subcommands: [CalendarPush.self, CalendarPull.self])
  }

  struct CalendarPush: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "push",
      abstract: "Create, update and remove a collection's objects so that it holds the dataset.",
      discussion: """
        Each object is its own request (PUT with If-None-Match or If-Match, DELETE with \
        If-Match), so a push stopped at any point leaves the collection whole and the next one \
        completes it. Only objects TrackerPort wrote (X-TRACKPORT-* properties) are updated or \
        removed. One changed on the server since the last push is a conflict: left as it is, \
        exit status 1, unless --prefer local. The last push's ETags are kept in a state file \
        (--state; default under $XDG_STATE_HOME/trackport/calendar/).
        """)

    @Argument(help: "The dataset file (any format trackport reads), or - for standard input.", completion: .file())
    var input: String

    @Option(help: ArgumentHelp("The calendar collection's URL (https://.../calendars/USER/NAME/).", valueName: "url"))
    var url: String

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var pluginOptions: PluginOptions

    @OptionGroup var badRows: BadRowsOptions

    @OptionGroup var connection: CalDAVOptions

    @OptionGroup var calendarOptions: ICalendarWriteOptions

    @Option(help: ArgumentHelp("Write task times in this zone (Area/City) with a VTIMEZONE; default: floating local times.", valueName: "zone"))
    var timezone: String?

    @Flag(help: "Send nothing: print what would be created, updated and removed, and the conflicts.")
    var dryRun = false

    @Option(help: ArgumentHelp("local: overwrite (or remove) objects changed on the server since the last push, instead of leaving them as conflicts.", valueName: "side"),
            completion: .list(["local"]))
    var prefer: String?

    @Option(help: ArgumentHelp("The state file of the last push's ETags (default: one per collection under $XDG_STATE_HOME/trackport/calendar/).", valueName: "file"),
            completion: .file())
    var state: String?

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
      if let prefer, prefer != "local" { throw ValidationError("--prefer takes local, got '\(prefer)'") }
      _ = try connection.collection(url)
    }

    func run() throws {
      try reportingFailures(Self.self) {
        let collection = try connection.collection(url)
        var options = try inputOptions.codecOptions
        calendarOptions.add(to: &options)
        if let timezone { options["timezone"] = timezone }
        let registry = try pluginOptions.registry(quiet: quietOption.quiet)
        let source = CodecInput(path: input)
        let reader = try DatasetFile.reader(for: source, format: inputOptions.from, registry: registry, options: options)
        try CodecDescriptor.checkOptions(options, reading: [reader.descriptor], writing: [ICalendarCodec.descriptor])
        let loaded = try DatasetFile.load(source, reader: reader, options: options)
        if let failed = badRows.check(loaded) { return failed }
        if !quietOption.quiet { for d in loaded.diagnostics { StandardError.line(DiagnosticRenderer.text(d)) } }
        let objects = try ICalendarCodec().objects(loaded.dataset, options: ICalendarCodec.descriptor.given(options, reading: false))

        return try calendarFailures {
          let client = WebDAVClient(collection: collection, http: try connection.client(for: collection))
          let push = CalendarSync.CalendarPush(client: client, statePath: state ?? CalendarSyncState.defaultPath(for: collection))
          let plan = try push.plan(objects, preferLocal: prefer == "local")
          if dryRun {
            try StandardOutput.write(Self.planText(plan, collection: client.collection))
            for conflict in plan.conflicts { StandardError.line(Self.conflictLine(conflict)) }
            return plan.conflicts.isEmpty ? .ok : .ruleErrors
          }
          let stop = StopRequest()
          Interruption.ending { signal in
            stop.request(signal)
            HTTPClient.cancelAll()
          }
          let result = try push.run(plan, shouldStop: { stop.signal != nil })
          for conflict in result.conflicts { StandardError.line(Self.conflictLine(conflict)) }
          for refusal in result.refused {
            StandardError.line("\(refusal.error.url): error: \"\(refusal.summary)\" (UID \(refusal.uid)): \(refusal.error.message)")
          }
          try StandardOutput.line(Self.resultLine(result, collection: client.collection))
          let done = result.created + result.updated + result.removed
          if let signal = stop.signal {
            StandardError.line("interrupted after \(done) of \(plan.steps.count) changes; every object on the server is whole, and the next push completes the rest")
            return ExitStatus(interruptedBy: signal)
          }
          if let error = result.stoppedBy {
            StandardError.line("error: \(error): stopped after \(done) of \(plan.steps.count) changes; every object on the server is whole, and the next push completes the rest")
            return ExitStatus(error)
          }
          if let first = result.refused.first { return ExitStatus(first.error) }
          return result.conflicts.isEmpty ? .ok : .ruleErrors
        }
      }
    }

    static func conflictLine(_ conflict: PushPlan.Conflict) -> String {
      "\(conflict.url): conflict: \"\(conflict.summary)\" (UID \(conflict.uid)): \(conflict.reason)"
    }

    static func counts(create: Int, update: Int, remove: Int, unchanged: Int, others: Int) -> String {
      var text = "\(create) to create, \(update) to update, \(remove) to remove, \(unchanged) unchanged"
      if others > 0 { text += "; \(others) object\(others == 1 ? "" : "s") of other clients left alone" }
      return text
    }

    static func planText(_ plan: PushPlan, collection: WebDAVURL) -> String {
      var text = "\(collection): " + counts(create: plan.creations, update: plan.updates, remove: plan.removals,
                                             unchanged: plan.unchanged, others: plan.others)
      if !plan.conflicts.isEmpty { text += "; \(plan.conflicts.count) conflict\(plan.conflicts.count == 1 ? "" : "s")" }
      text += "\n"
      for step in plan.steps {
        switch step {
        case .create(let object, _): text += "  create  \(object.summary)\n"
        case .update(let object, _, _): text += "  update  \(object.summary)\n"
        case .remove(let object, _): text += "  remove  \(object.summary)\n"
        }
      }
      return text + "(dry run: nothing sent)\n"
    }

    static func resultLine(_ result: CalendarSync.CalendarPush.Result, collection: WebDAVURL) -> String {
      let plan = result.plan
      var conflicts = result.conflicts.isEmpty ? ""
        : "; \(result.conflicts.count) conflict\(result.conflicts.count == 1 ? "" : "s") left as \(result.conflicts.count == 1 ? "it is" : "they are")"
      if !result.refused.isEmpty { conflicts += "; \(result.refused.count) refused by the server" }
      if plan.steps.isEmpty {
        return "\(collection): nothing to change: " + counts(create: 0, update: 0, remove: 0, unchanged: plan.unchanged, others: plan.others) + conflicts
      }
      var text = "\(collection): created \(result.created), updated \(result.updated), removed \(result.removed), \(plan.unchanged) unchanged"
      if plan.others > 0 { text += "; \(plan.others) object\(plan.others == 1 ? "" : "s") of other clients left alone" }
      return text + conflicts
    }
  }

  struct CalendarPull: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pull",
      abstract: "Read every object of a CalDAV collection into a dataset file.",
      discussion: """
        The objects are read as one .ics file would be (docs/ics-format.md): TrackerPort's own \
        come back as they were pushed, other clients' events as the .ics import reads them. \
        The output is written atomically and replaces a file only with --force.
        """)

    @Argument(help: ArgumentHelp("The calendar collection's URL.", valueName: "url"))
    var url: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file, or - for standard output (then --to is needed).", valueName: "file"),
            completion: .file())
    var output: String

    @Option(help: ArgumentHelp("Output format id; taken from the output's name when omitted.", valueName: "format"),
            completion: FormatCompletion.kind)
    var to: String?

    @Flag(help: "Replace an existing output file.")
    var force = false

    @Option(help: ArgumentHelp("The category of events with no CATEGORIES (default: Calendar).", valueName: "title"))
    var defaultCategory: String?

    @OptionGroup var pluginOptions: PluginOptions

    @OptionGroup var connection: CalDAVOptions

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
      if output == "-" && to == nil { throw ValidationError("writing to standard output needs --to FORMAT") }
      _ = try connection.collection(url)
    }

    func run() throws {
      try reportingFailures(Self.self) {
        let collection = try connection.collection(url)
        var options: [String: String] = [:]
        if let defaultCategory { options["default-category"] = defaultCategory }
        let registry = try pluginOptions.registry(quiet: quietOption.quiet)
        return try calendarFailures {
          let client = WebDAVClient(collection: collection, http: try connection.client(for: collection))
          let bytes = try CalendarSync.CalendarPull.calendar(client)
          let conversion = Conversion(input: client.collection.description, output: output, from: ICalendarCodec.descriptor.id,
                                      to: to, overwrite: force, options: options)
          Interruption.writing(output == "-" ? .standardOutput : .file)
          let result = try conversion.run(source: CodecInput(.bytes(bytes, name: client.collection.description)), registry: registry)
          for d in result.diagnostics where !quietOption.quiet || d.severity == .error { StandardError.line(DiagnosticRenderer.text(d)) }
          return .ok
        }
      }
    }
  }
}

/// Runs a calendar command's body, turning the server's failures and the state file's into a
/// message and the table's status (``ExitStatus/init(_:)-(WebDAVError)``).
func calendarFailures(_ body: () throws -> ExitStatus) throws -> ExitStatus {
  do {
    return try body()
  } catch let error as WebDAVError {
    StandardError.line("error: " + (error.url.isEmpty ? error.message : error.description))
    return ExitStatus(error)
  } catch let error as CalendarSyncError {
    StandardError.line("error: \(error)")
    if case .state(_, let reason) = error, reason.hasPrefix("cannot be written") { return .cannotCreateOutput }
    return .cannotReadInput
  }
}

/// The signal that asked a push to stop between two requests.
final class StopRequest: @unchecked Sendable {
  private let lock = NSLock()
  private var received: Int32?

  func request(_ signal: Int32) { lock.withLock { received = received ?? signal } }
  var signal: Int32? { lock.withLock { received } }
}
