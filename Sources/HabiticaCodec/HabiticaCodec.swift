import TrackerCodec
import TrackerModel

/// Habitica (`habitica.com`): reads its data export, read-only — `userdata.json` (habits,
/// dailies, to-dos, tags and day-by-day history) and `history.csv` (the history of habits and
/// dailies alone), or a folder or zip holding them (then `userdata.json` is read and the CSV
/// left: the JSON has the same history and more).
///
/// The mapping, the day rules and what is lost are in `docs/habitica.md`. Options:
/// `timezone` (`--timezone Area/City`: the zone whose days count; default the export's
/// `preferences.timezoneOffset`, UTC for a CSV), `day-start` (`--day-start HOUR`; default the
/// export's `preferences.dayStart`, 0 for a CSV), `default-category` (default "Habitica").
///
/// Secrets: a `userdata.json` holds the user's API token, e-mail addresses, login ids and push
/// tokens. The reader reads only the members the mapping uses, so none of them reaches the
/// dataset, its extras, a diagnostic or an output.
public struct HabiticaCodec: TrackerCodec {
  /// Old history Habitica keeps only as monthly or yearly averages.
  public static let condensedHistory = DiagnosticDescriptor(
    code: "habitica-condensed-history", severity: .warning,
    summary: "Reading Habitica: history that Habitica condensed to one average per month or year (older than 60 days, or a year for subscribers) has no days; one warning per file names how many tasks and which dates could not be recovered.")
  /// The emoji, colours and categories the importer chose.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "habitica-assigned-defaults", severity: .warning,
    summary: "Reading Habitica, which has no emoji or colours: habits and dailies were given a palette emoji and colour chosen from the name, to-dos a palette colour, untagged habits the --default-category, and habits (+/−) an every-day schedule.")
  /// Parts of the export that are not imported.
  public static let notImported = DiagnosticDescriptor(
    code: "habitica-not-imported", severity: .warning,
    summary: "Reading Habitica: rewards, the \"−\" clicks of habits that also have \"+\", and a history.csv beside its userdata.json are not imported; counted in one warning.")
  /// Habits with only a "−" button.
  public static let downHabit = DiagnosticDescriptor(
    code: "habitica-down-habit", severity: .warning,
    summary: "Reading Habitica: habits with only a \"−\" button are imported with the days \"−\" was clicked as their completed days, which record the bad habit happening, not a success.")
  /// A history.csv, which has no schedules.
  public static let noSchedules = DiagnosticDescriptor(
    code: "habitica-csv-no-schedule", severity: .warning,
    summary: "Reading Habitica's history.csv, which has no schedules, tags or to-dos: every task is planned every day and its completed days come from the rise of its value.")
  /// A history entry or CSV row that cannot be read.
  public static let skippedEntry = DiagnosticDescriptor(
    code: "habitica-skipped-entry", severity: .warning,
    summary: "Reading Habitica: a history entry whose date is not a number (or a CSV row with a missing cell, an unknown task type, a date or value that does not parse) was skipped.")

  /// The file names of Habitica's export, inside a folder or zip.
  static let userDataFile = "habitica-user-data.json"
  static let historyFile = "habitica-tasks-history.csv"

  /// Id `habitica`; claims `.json` and `.csv` files by content; reads only.
  public static let descriptor = CodecDescriptor(
    id: "habitica", name: "Habitica",
    summary: "Habitica's data export: userdata.json (habits, dailies, to-dos, tags) or history.csv; read only.",
    extensions: [], sniffedExtensions: ["json", "csv"], canWrite: false,
    diagnostics: [condensedHistory, assignedDefaults, notImported, downHabit, noSchedules, skippedEntry,
                  LossReport.lossyFrequency],
    options: [
      CodecOption("timezone", .timeZone, help: "count days in this zone (default: the export's offset; UTC for history.csv) (--timezone)",
                  reads: true, writes: false),
      CodecOption("day-start", .integer(0, 23),
                  help: "the hour a day starts, Habitica's Custom Day Start (default: the export's; 0 for history.csv) (--day-start)",
                  reads: true, writes: false),
      CodecOption("default-category", .text, default: HabiticaDatasetBuilder.defaultCategory,
                  help: "the category of tasks without tags", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// A `userdata.json` or `history.csv` head (`HabiticaSniffer`).
  public func sniff(_ head: [UInt8]) -> Bool {
    HabiticaSniffer.isUserData(head) || HabiticaSniffer.isHistoryCSV(head)
  }

  /// What a user would take for a Habitica export and is not: the user object without its
  /// tasks, or the API's task list.
  public func unrecognisedHint(_ head: [UInt8], options: [String: String]) -> String? {
    if HabiticaSniffer.userObject(head) == .withoutTasks {
      return "a Habitica user object without \"tasks\" (as the API's /user answers): " + Self.exportHelp
    }
    if HabiticaSniffer.isTaskList(head) {
      return "a list of Habitica tasks (as the API's /tasks/user answers), not an export: " + Self.exportHelp
    }
    return nil
  }

  /// Where the file that holds everything comes from.
  static let exportHelp = "the export with tasks and their history is Settings › Site Data › Export Data › User Data (JSON), or the task history CSV"

  /// A folder or zip with `habitica-user-data.json` or `habitica-tasks-history.csv`.
  public func sniffPackage(_ members: [String]) -> Bool {
    members.contains(Self.userDataFile) || members.contains(Self.historyFile)
  }

  /// For the note when no format recognises a folder.
  public var packageContents: String? { "\(Self.userDataFile) or \(Self.historyFile) (a Habitica export)" }

  /// Reads a `userdata.json`, a `history.csv`, or a folder or zip holding them.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` located by line and column (and JSON pointer)
  ///   for text that is not JSON, a top level without `tasks`, a task without an id, a mapped
  ///   field of the wrong type, or a CSV whose header is not Habitica's; `.unsupportedOperation`
  ///   for an unknown `timezone` or a `day-start` that is not an hour; `.cannotReadInput` from
  ///   the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    if try input.packageKind() != nil {
      let members = try input.packageEntries(try input.packageRoot())
      let hasJSON = members.contains(Self.userDataFile), hasCSV = members.contains(Self.historyFile)
      guard hasJSON || hasCSV else {
        throw CodecError(.malformedInput, "not a Habitica export: no \(Self.userDataFile) or \(Self.historyFile)",
                         location: SourceLocation(file: fileName))
      }
      let name = hasJSON ? Self.userDataFile : Self.historyFile
      let member = try input.member(name)
      var inner = CodecContext(fileName: member.displayName, options: context.options)
      inner.progress = context.progress
      let dataset = try hasJSON ? decodeJSON(member, context: &inner) : decodeCSV(member, context: &inner)
      context.sourceLocator = inner.sourceLocator
      context.report(contentsOf: inner.diagnostics)
      if hasJSON && hasCSV {
        context.report(Diagnostic(
          code: Self.notImported.code, severity: .warning,
          message: "\(Self.historyFile) not read: \(Self.userDataFile) of the same export holds the same history with its flags, schedules, tags and to-dos",
          location: SourceLocation(file: fileName)))
      }
      return dataset
    }
    let head = try input.head(1_024)
    let firstByte = head.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x0A, 0x0D, 0x09].contains($0) }.first
    let json = firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[")
    return try json ? decodeJSON(input, context: &context) : decodeCSV(input, context: &context)
  }

  private func decodeJSON(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    // Every task's history is most of the file: each is built when its task is read.
    let document = try ForeignJSON(input, fileName: fileName, format: "a Habitica userdata.json", deferring: ["history"])
    context.sourceLocator = document.locator
    var reader = HabiticaJSONReader(document: document)
    let export = try reader.read()
    let clock = try HabiticaClock.make(options: context.options, timezoneOffset: export.timezoneOffset, dayStart: export.dayStart)
    var builder = HabiticaDatasetBuilder(fileName: fileName, options: context.options, clock: clock)
    let dataset = builder.build(consume export, fromCSV: false)
    context.report(contentsOf: reader.warnings + builder.warnings)
    return dataset
  }

  private func decodeCSV(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let clock = try HabiticaClock.make(options: context.options, timezoneOffset: nil, dayStart: nil)
    var reader = HabiticaCSVReader(fileName: fileName)
    let progress = context.progress
    let export = try input.withBytes { try reader.read($0, progress: progress) }
    var builder = HabiticaDatasetBuilder(fileName: fileName, options: context.options, clock: clock)
    let dataset = builder.build(consume export, fromCSV: true)
    context.report(contentsOf: reader.warnings + builder.warnings)
    return dataset
  }

  /// TrackerPort reads Habitica only.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation`, always.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    throw CodecError(.unsupportedOperation, "TrackerPort reads Habitica exports but does not write them",
                     location: SourceLocation(file: output.displayName))
  }
}
