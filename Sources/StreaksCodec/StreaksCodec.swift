import CSVCore
import TrackerCodec
import TrackerModel

/// Streaks (Crunchy Bagel, iOS): reads its CSV export and its `.streaks` backup (JSON), one
/// codec for both, told apart by content. Read only: Streaks restores only its own backups.
///
/// Streaks is closed and no real file of either kind is public: both are known only from
/// third-party readers, which disagree in places (which entry types count as done, what a
/// title's time is, what a limit task's partial day means). The mapping, the evidence for each
/// field and what is kept in `extras["streaks"]` are in `docs/streaks.md`. Completed days are
/// records, skipped days skipped entries, every other day (missed, partial, timer, Health) is
/// kept in extras, never counted done. Option: `default-category` (default "Streaks", for the
/// CSV's tasks and the backup's tasks in no category).
public struct StreaksCodec: TrackerCodec {
  /// Streaks' files have no emoji, colours or readable plans: the reader chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "streaks-assigned-defaults", severity: .warning,
    summary: "Reading Streaks, whose exports hold no emoji, colour or weekdays TrackerPort can read: habits were given a palette emoji and colour chosen from the name and planned every day; tasks in no category (all of a CSV's) went into the --option default-category (default \"Streaks\").")
  /// A line whose day cannot be read.
  public static let badDate = DiagnosticDescriptor(
    code: "streaks-bad-date", severity: .warning,
    summary: "Reading Streaks: a CSV row's entry_date or a backup log line's d is not a day (YYYYMMDD); the line counts no day and is kept in extras[\"streaks\"].unread. With row and field, or the JSON pointer.")
  /// An entry type or log code no description names.
  public static let unknownType = DiagnosticDescriptor(
    code: "streaks-unknown-type", severity: .warning,
    summary: "Reading Streaks: an entry_type (CSV) or log type code (backup) that no description of Streaks names; its days are not completions and the value is kept with the day in extras[\"streaks\"]. One warning per value, at its first place, with its count.")
  /// Titles ending in a time of day.
  public static let titleTime = DiagnosticDescriptor(
    code: "streaks-title-time", severity: .warning,
    summary: "Reading a Streaks CSV: titles ending in \", HH:MM\" are read as the name without the time, and the time as the habit's reminder (what the time is, no description says); the title as written is kept in extras[\"streaks\"].title. Said once per file, at the first.")
  /// Negative ("limit") tasks.
  public static let negativeTask = DiagnosticDescriptor(
    code: "streaks-negative-task", severity: .warning,
    summary: "Reading a Streaks backup: negative (limit) tasks (n: true) are read as habits with the goal \"at most 0 a day\", their completed days as records; a limit above 0 is in no description, and their missed_auto_partial days are kept in extras, not counted done.")
  /// Days that are neither completed nor skipped.
  public static let keptDays = DiagnosticDescriptor(
    code: "streaks-kept-days", severity: .warning,
    summary: "Reading Streaks: days that are neither completed nor skipped (missed, partial, timer sessions, Health syncs, unknown types) have no place in the model; they are kept in the habits' extras[\"streaks\"].days, with a count of each type.")
  /// A value no description shows.
  public static let unexpected = DiagnosticDescriptor(
    code: "streaks-unexpected", severity: .warning,
    summary: "Reading a Streaks backup: a value no description shows (a task status other than \"A\" or \"N\", a task id given twice, a category the backup does not hold); it is read as the message says and kept in extras[\"streaks\"].")

  /// Id `streaks`; `.streaks` backups, and `.csv` exports and `.json` backups by content.
  public static let descriptor = CodecDescriptor(
    id: "streaks", name: "Streaks",
    summary: "Streaks' CSV export and .streaks backup (JSON): tasks as habits, completed and skipped days, the rest kept; read only.",
    extensions: ["streaks"], sniffedExtensions: ["csv", "json"], canWrite: false,
    // Like the other read-only codecs it declares nothing it lacks: it writes nothing.
    diagnostics: [assignedDefaults, badDate, unknownType, titleTime, negativeTask, keptDays, unexpected,
                  CSVProblem.missingLabel.descriptor, CSVProblem.unclosedQuote.descriptor, CSVProblem.strayQuote.descriptor,
                  CSVProblem.encodingError.descriptor],
    options: [
      CodecOption("default-category", .text, default: StreaksDatasetBuilder.defaultCategory,
                  help: "the category of tasks in no category (all of a CSV export's)", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// Streaks' CSV header, or a backup's `tasks` with a `log`.
  public func sniff(_ head: [UInt8]) -> Bool { StreaksSniffer.isCSV(head) || StreaksSniffer.isBackup(head) }

  /// Reads a CSV export or a backup, whatever the file's name: a first character `{` is a backup.
  ///
  /// - Throws: ``CodecError`` `.malformedInput`: from the CSV parser, or a CSV header without
  ///   `entry_type`, `entry_date` or both of `task_id` and `title` (`missing-label`), with file,
  ///   line and column; for a backup that is not JSON (line and column), has no `tasks`, or a
  ///   value of the wrong type (its pointer, line and column). `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let head = try input.head(4_096)
    let export: StreaksExport
    if head.first(where: { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{") {
      let document = try ForeignJSON(input, fileName: fileName, format: "a Streaks backup")
      context.sourceLocator = document.locator
      var reader = StreaksBackupReader(document: document)
      export = try reader.read()
    } else {
      var reader = StreaksCSVReader(file: fileName)
      export = try input.withBytes { try reader.read($0) }
    }
    var builder = StreaksDatasetBuilder(file: fileName, options: context.options)
    let dataset = builder.build(export)
    context.report(contentsOf: builder.warnings)
    return dataset
  }

  /// Streaks cannot import what TrackerPort would write.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    throw CodecError(.unsupportedOperation, "Streaks exports can be read, not written",
                     note: "Streaks restores only backups it made itself")
  }
}
