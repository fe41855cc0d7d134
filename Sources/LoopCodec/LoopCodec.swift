import Foundation
import SQLiteCore
import TrackerCodec
import TrackerModel

/// Loop Habit Tracker (`iSoron/uhabits`): reads its CSV export (a `.zip` or the unpacked
/// folder) and its SQLite backup (`.db`, schema versions 8 to 25); writes a version-25 backup
/// that Loop's "Import data" accepts.
///
/// The mapping, the `extras["loop"]` keys and what is lost either way are in `docs/loop.md`.
/// Options: `default-category` (reading; default "Loop Habit Tracker").
///
/// `.db` is an ending other apps use too, so the codec claims a `.db` only when its first bytes
/// are a SQLite header and its schema (on the first pages) names both a `Habits` and a
/// `Repetitions` table, as Loop's own importer checks; decoding then checks the tables for real.
public struct LoopCodec: TrackerCodec {
  /// A Loop frequency a weekday schedule cannot say; the habit is planned every day.
  public static let lossyFrequency = LossReport.lossyFrequency
  /// Loop has no categories or emoji: the importer chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "loop-assigned-defaults", severity: .warning,
    summary: "Reading Loop: it has no categories or emoji, so habits went into the --default-category with a palette emoji, and colours to the nearest palette colour.")
  /// Days the model has no field for, kept in extras.
  public static let keptEntries = DiagnosticDescriptor(
    code: "loop-kept-entries", severity: .warning,
    summary: "Reading Loop: days that are neither completions nor entries (YES_AUTO, NO and UNKNOWN without a note, values of a measurable habit whose target is not per day) were kept in extras[\"loop\"], with their counts.")
  /// A measurable habit whose target is not per day: its target and values are in extras.
  public static let numericalHabit = DiagnosticDescriptor(
    code: "loop-numerical-habit", severity: .warning,
    summary: "Reading Loop: a measurable habit whose target is per week or month, which the model's goal (per day) cannot say; its unit, target and values are kept in extras[\"loop\"] and days meeting the target became completions.")
  /// Retired: archived habits are carried by the model's `archived`. Still known, so that
  /// `--select`/`--ignore` lists naming it keep working.
  public static let archivedHabit = DiagnosticDescriptor(
    code: "loop-archived-habit", severity: .warning,
    summary: "Retired, no longer reported: an archived Loop habit is read as archived (the tracker's archived flag) and written back archived.")

  /// Repetitions of a backup that no habit owns.
  public static let orphanRepetitions = DiagnosticDescriptor(
    code: "loop-orphan-repetitions", severity: .warning,
    summary: "Reading a Loop backup: repetitions whose habit is not in the Habits table (or with no day) were skipped; Loop never shows them either.")

  /// What a Loop backup has no place for, in the model's order (reading makes it up: a
  /// category, an emoji from the name): with ``carriedInPart``, what
  /// ``losses(writing:to:options:)`` reports for a dataset that uses every field. An emoji is
  /// reported only when it is not the one reading back chooses.
  static let lostFields: [ModelField] = [
    .categories, .trackerEmoji, .eventDate, .trackerPinned, .trackerCreatedOn, .events, .eventRecords, .tasks,
    .taskReminders, .taskAttachments, .taskCategoryOrder,
  ]

  /// What a Loop backup holds, but not every value of: tracker ids (Loop stores a UUID),
  /// colours (one of Loop's palette: other colours become the nearest), frequencies (not
  /// beside a measurable habit's daily goal), reminders (one per habit), extras (its own,
  /// `extras["loop"]`, only).
  static let carriedInPart: [ModelField] = [.trackerIds, .trackerColor, .trackerFrequency, .trackerReminders, .extras]

  /// What `extras["loop"]` keeps of model fields (``LoopExtras``): written to another app,
  /// these are losses of the fields a person knows them by.
  static let extrasMeanings: [ExtrasMeaning] = [
    ExtrasMeaning("uuid", nil, "Loop UUID (the tracker's id)"),
    ExtrasMeaning("color", .trackerColor, "Loop colour"), ExtrasMeaning("colorIndex", .trackerColor, "Loop colour"),
    ExtrasMeaning("question", .trackerDescription, "Loop question"),
    ExtrasMeaning("description", .trackerDescription, "Loop description"),
    ExtrasMeaning("archived", .trackerArchived, "Loop archived flag"),
    ExtrasMeaning("type", .trackerGoal, "measurable habit's unit and target per week or month"),
    ExtrasMeaning("unit", .trackerGoal, "measurable habit's unit and target per week or month"),
    ExtrasMeaning("targetType", .trackerGoal, "measurable habit's unit and target per week or month"),
    ExtrasMeaning("targetValue", .trackerGoal, "measurable habit's unit and target per week or month"),
    ExtrasMeaning("freqNum", .trackerGoal, "measurable habit's unit and target per week or month"),
    ExtrasMeaning("freqDen", .trackerGoal, "measurable habit's unit and target per week or month"),
    ExtrasMeaning("reminder", .trackerReminders, "Loop reminder"), ExtrasMeaning("reminderDays", .trackerReminders, "Loop reminder days"),
    ExtrasMeaning("values", .recordAmounts, "amounts of a measurable habit whose target is per week or month"),
    ExtrasMeaning("notes", .recordNotes, "Loop notes"),
    ExtrasMeaning("entries", .entries, "days Loop keeps that are not completions: YES_AUTO, NO, UNKNOWN,"),
  ]

  /// Id `loop`; claims `.db` files and packages by content.
  public static let descriptor = CodecDescriptor(
    id: "loop", name: "Loop Habit Tracker",
    summary: "Loop's CSV export (.zip or folder) and SQLite backup (.db); writes a .db backup.",
    extensions: [], sniffedExtensions: ["db"],
    cannotCarry: lostFields, carriesInPart: carriedInPart, extrasMeanings: extrasMeanings,
    diagnostics: [lossyFrequency, assignedDefaults, keptEntries, numericalHabit, archivedHabit, orphanRepetitions, SQLiteFile.missingLog],
    options: [
      CodecOption("default-category", .text, default: LoopDatasetBuilder.defaultCategory,
                  help: "the category every habit is put in (Loop has none)", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// A SQLite header, with `Habits` and `Repetitions` named in the first 64 KiB (the schema).
  public func sniff(_ head: [UInt8]) -> Bool {
    guard head.starts(with: SQLiteFile.magic) else { return false }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    return text.contains("habits") && text.contains("repetitions")
  }

  /// `Habits.csv` and at least one `NNN Name` habit folder (`NNN Name/`, or a path in one) at
  /// the package's root; the registry passes the entries of the input's root, or of its one top
  /// folder, and never searches below.
  public func sniffPackage(_ members: [String]) -> Bool {
    members.contains(LoopCSVReader.habitsFile) && members.contains { member in
      guard let slash = member.firstIndex(of: "/") else { return false }
      return LoopCSVReader.position(ofFolder: member[..<slash]) != nil
    }
  }

  /// For the note when no format recognises a folder.
  public var packageContents: String? { "Habits.csv and one 'NNN Name' folder per habit (a Loop CSV export)" }

  /// Reads a CSV export (a folder or a zip) or a backup database.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` with the file (and line) for a package without
  ///   `Habits.csv`, a bad CSV cell, or a file that is not a Loop database;
  ///   `.unsupportedVersion` for a database newer than version 25; `.cannotReadInput` from the
  ///   input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let contents: LoopDatabaseReader.Contents
    if try input.packageKind() != nil {
      contents = .init(habits: try LoopCSVReader(input: input).read(), warnings: [])
    } else {
      contents = try readDatabase(input, fileName: fileName)
    }
    var builder = LoopDatasetBuilder(fileName: fileName, options: context.options)
    let dataset = builder.build(contents.habits)
    context.report(contentsOf: contents.warnings + builder.warnings)
    if let missing = SQLiteFile.missingLogWarning(input, fileName: fileName, empty: contents.habits.isEmpty) { context.report(missing) }
    return dataset
  }

  /// Writes a Loop backup database (schema version 25) to the output, atomically for a file
  /// (`SQLiteOutput` in `SQLiteCore`).
  ///
  /// - Throws: ``CodecError`` `.io` when the database cannot be built; `.cannotCreateOutput`
  ///   when a `-wal`, `-shm` or `-journal` file is beside the output path (SQLite would apply
  ///   it to the new database), and from the output with `.io`.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    let progress = context.progress
    try SQLiteOutput.write(to: output) {
      try LoopDatabaseWriter(fileName: output.displayName, progress: progress).bytes(of: dataset)
    }
  }

  /// Opens the backup read-only, in place or from a private copy (``SQLiteFile``).
  private func readDatabase(_ input: CodecInput, fileName: String) throws -> LoopDatabaseReader.Contents {
    try SQLiteFile.withReadablePath(
      input, fileName: fileName, scratchPrefix: "loop",
      notSQLite: CodecError(.malformedInput, "not a Loop backup: the file is not a SQLite database",
                            location: SourceLocation(file: fileName),
                            note: "Loop's backups are .db files; its CSV export is a .zip or a folder")) { path in
      try LoopDatabaseReader(path: path, fileName: fileName).read()
    }
  }
}
