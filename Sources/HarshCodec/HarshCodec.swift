import TrackerCodec
import TrackerModel

/// harsh (`wakatara/harsh`), a habit tracker for the terminal: reads and writes its data folder,
/// the `habits` and `log` text files (`~/.config/harsh`, or `$HARSHPATH`), as a folder or a zip.
///
/// The mapping, what is lost and what is kept in `extras["harsh"]` are in `docs/harsh.md`.
/// Options: `default-category` (default "harsh", for habits above the first heading).
public struct HarshCodec: TrackerCodec {
  /// Shared by every codec that maps frequencies.
  public static let lossyFrequency = LossReport.lossyFrequency
  /// harsh has no emoji or colours: the reader chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "harsh-assigned-defaults", severity: .warning,
    summary: "Reading harsh, which has no emoji or colours: habits were given a palette emoji and colour chosen from the name, and habits above the first heading put in the --default-category.")
  /// Lines harsh itself skips or reads with a warning.
  public static let skippedLines = DiagnosticDescriptor(
    code: "harsh-skipped-lines", severity: .warning,
    summary: "Reading harsh: a line harsh skips with a warning (a malformed habit, heading or log line, a log line of a habit the habits file does not name) was kept in extras to write back, or an amount that is not a number read as 0, as harsh reads it.")
  /// Names, headings changed so that harsh reads them back.
  public static let textChanged = DiagnosticDescriptor(
    code: "harsh-text-changed", severity: .warning,
    summary: "Writing harsh: a habit's name or a heading had what harsh's lines cannot hold (a line break, \": \" in a name, \"! \" in a heading, spaces around a name) and was written changed.")

  /// The two files of a harsh folder.
  static let habitsFile = "habits", logFile = "log"

  /// Id `harsh`; a folder or zip holding `habits` and `log`.
  public static let descriptor = CodecDescriptor(
    id: "harsh", name: "harsh",
    summary: "harsh's data folder (its habits and log files), as a folder or a .zip.",
    extensions: [], sniffedExtensions: ["zip"],
    cannotCarry: [.categoryIds, .trackerIds, .trackerEmoji, .trackerColor, .trackerSchedule, .eventDate,
                  .trackerPinned, .trackerCreatedOn, .trackerDescription, .trackerGoal, .trackerReminders, .events,
                  .eventRecords, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder],
    carriesInPart: [.trackerOrder, .repeatedTrackerNames, .trackerFrequency, .extras],
    diagnostics: [lossyFrequency, assignedDefaults, skippedLines, textChanged, DistinctNames.renamed],
    options: [
      CodecOption("default-category", .text, default: HarshDatasetBuilder.defaultCategory,
                  help: "the category of habits above the first heading", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// A `habits` and a `log` file at the package's root.
  public func sniffPackage(_ members: [String]) -> Bool {
    members.contains(Self.habitsFile) && members.contains(Self.logFile)
  }

  /// For the note when no format recognises a folder.
  public var packageContents: String? { "habits and log (a harsh data folder)" }

  /// harsh's data is a folder (or a zip).
  public func writesFolder(to output: CodecOutput, options: [String: String]) -> Bool { true }

  /// Reads a harsh folder or zip.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for a package without `habits` or `log`, for
  ///   text that is not UTF-8 (with its line), and for a habit line harsh refuses (a frequency
  ///   whose times exceed its days, a bad end day: harsh exits on them), with its line;
  ///   `.cannotReadInput` from the package.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let root = try input.packageRoot()
    let entries = try input.packageEntries(root)
    for name in [Self.habitsFile, Self.logFile] where !entries.contains(name) {
      throw CodecError(.malformedInput, "not a harsh folder: no \(name) file" + (root.isEmpty ? "" : " in \(root)"),
                       location: SourceLocation(file: input.displayName),
                       note: "harsh keeps habits and log in ~/.config/harsh (or $HARSHPATH): give that folder")
    }
    let display = input.displayName
    let habitsPath = display + "/" + root + Self.habitsFile, logPath = display + "/" + root + Self.logFile
    let habits = HarshHabitsFile(text: try Self.text(input.member(root + Self.habitsFile), file: habitsPath))
    let log = HarshLogFile(text: try Self.text(input.member(root + Self.logFile), file: logPath))
    var builder = HarshDatasetBuilder(habitsFile: habitsPath, logFile: logPath, options: context.options)
    let dataset = try builder.build(habits: habits, log: log)
    context.report(contentsOf: builder.warnings)
    return dataset
  }

  /// Writes the `habits` and `log` files into a folder (or a `.zip`), put in place whole.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for standard output, `.cannotCreateOutput`
  ///   when the folder exists and is not a harsh folder this codec may replace.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    let writer = HarshWriter(dataset)
    try output.writePackage(memberSuffixes: [Self.habitsFile, Self.logFile]) { package in
      try package.member(Self.habitsFile) { $0.write(writer.habitsText) }
      try package.member(Self.logFile) { $0.write(writer.logText) }
    }
  }

  /// One `dropped-field` per field harsh does not give back, with its count, then a
  /// `lossy-frequency` per habit planned on weekdays and a `harsh-text-changed` per name or
  /// heading written changed.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let writer = HarshWriter(dataset)
    var result = LossReport.droppedFields(writer.lost, writer: "harsh", what: Self.what, to: output.displayName)
    for habit in writer.weekdays {
      result.append(Diagnostic(code: Self.lossyFrequency.code, severity: .warning,
                               message: "habit \"\(habit.name)\" is planned on weekdays, which harsh cannot say: written as \"\(habit.written)\"",
                               location: SourceLocation(file: output.displayName, pointer: "/trackers/\(habit.index)/schedule")))
    }
    result += DistinctNames.diagnostics(names: writer.repeated.map(\.name), distinct: writer.repeated.map(\.written),
                                        pointers: writer.repeated.map { "/trackers/\($0.index)/name" }, format: "harsh",
                                        output: output.displayName)
    for change in writer.renamed {
      result.append(Diagnostic(code: Self.textChanged.code, severity: .warning,
                               message: "\"\(change.was)\" is written \"\(change.written)\" so that harsh reads it back",
                               location: SourceLocation(file: output.displayName)))
    }
    return result
  }

  /// What the count of a loss counts, where it is not whole items left out.
  private static let what: [ModelField: String] = [
    .categoryIds: "category id(s): reading derives them from the heading",
    .trackerIds: "tracker id(s): reading derives them from the name",
    .trackerEmoji: "emoji other than the one reading back chooses from the name",
    .trackerColor: "colour(s) other than the one reading back chooses from the name",
    .trackerArchived: "archived habit(s) without a day to end on (harsh retires a habit after an end day)",
    .trackerFrequency: "frequency(ies) that read back otherwise (weekdays as k times in 7 days, more times than days)",
    .trackerOrder: "habit order: harsh lists habits under their headings",
    .records: "record(s) on a day the habit already has one",
    .eventRecords: "record(s) of events or unknown trackers left out",
    .recordAmounts: "amount(s) of 0 (harsh's \"none\") or not finite",
    .recordNotes: "note(s) changed to one line without \" : \", or empty",
    .entries: "entry(ies) of events or unknown trackers, or on a day that has a record",
    .entryAmounts: "amount(s) of 0 (harsh's \"none\") or not finite",
    .entryNotes: "note(s) changed to one line without \" : \", or empty",
    .extras: "item(s) with extras of other formats left out",
  ]

  /// A file's text; harsh's files are UTF-8.
  static func text(_ input: CodecInput, file: String) throws -> String {
    try input.withBytes { bytes in
      let utf8 = bytes.bindMemory(to: UInt8.self)
      guard let text = String(validating: utf8, as: UTF8.self) else {
        // The line of the first byte that is not UTF-8: where the replacement character is.
        let decoded = String(decoding: utf8, as: UTF8.self)
        let head = decoded.unicodeScalars.prefix { $0 != "\u{FFFD}" }
        let line = 1 + head.count { $0 == "\n" }
        throw CodecError(.malformedInput, "the file is not UTF-8 text", location: SourceLocation(file: file, line: line),
                         note: "harsh writes UTF-8; save the file as UTF-8")
      }
      return text
    }
  }
}
