import Foundation
import TrackerCodec
import TrackerModel

/// Habo (`xpavle00/Habo`, Android/iOS): reads and writes its backup JSON, the current envelope
/// `{habits, events, categories, habit_categories, metadata}` and (reading) the legacy bare
/// array of habits.
///
/// Habo's restore replaces everything in the app with the backup. The mapping, the
/// `extras["habo"]` keys and what is lost either way are in `docs/habo.md`. Options:
/// `default-category` (reading; default "Habo", for habits in no category).
///
/// `.json` is an ending other formats use too, so the codec claims a `.json` only when it
/// starts with `{` or `[` and its first 64 KiB name `"twoDayRule"` (a key only Habo's habits
/// have, written fourth in each) or `"habit_categories"` (the envelope's own key). Writing a
/// `.json` name without `--to habo` writes canonical JSON (the registry prefers the format
/// that loses nothing).
public struct HaboCodec: TrackerCodec {
  /// A weekday schedule or frequency Habo cannot plan: it plans every habit every day.
  public static let lossyFrequency = LossReport.lossyFrequency
  /// Habo has no emoji, colours or weekdays: the importer chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "habo-assigned-defaults", severity: .warning,
    summary: "Reading Habo, which has no emoji, colours or weekdays: habits were planned every day with a palette emoji and colour chosen from the name, and habits in no category put in the --default-category.")
  /// Soft-deleted habits, read as archived.
  public static let deletedHabits = DiagnosticDescriptor(
    code: "habo-deleted-habits", severity: .warning,
    summary: "Reading Habo: habits deleted in the app (deleted_at set; Habo keeps them for its sync) were read as archived, the deletion time kept in extras[\"habo\"], so writing them back to Habo deletes them again.")
  /// Days kept in extras.
  public static let keptDays = DiagnosticDescriptor(
    code: "habo-kept-days", severity: .warning,
    summary: "Reading Habo: days that are neither completions nor entries (failed or cleared without a comment, a second key naming the same day) were kept in extras[\"habo\"].keptDays, with their count; writing back to Habo restores them.")
  /// Links to no category.
  public static let skippedLinks = DiagnosticDescriptor(
    code: "habo-skipped-links", severity: .warning,
    summary: "Reading Habo: habit_categories links naming a category that is not in the backup were skipped, as Habo's restore skips them.")
  /// Habo refuses backups over 10 MB.
  public static let tooLarge = DiagnosticDescriptor(
    code: "habo-file-too-large", severity: .warning,
    summary: "Writing Habo: the backup is larger than 10 MB, which Habo refuses to restore (backup_service.dart:218-222); split the dataset.")

  /// Habo's restore limit, in bytes.
  static let maximumSize = 10 * 1024 * 1024
  /// The `iconCodePoint` of a category that kept none: Material Icons' `category` glyph.
  static let defaultIconCodePoint = 0xE148

  /// What a Habo backup has no place for, in the model's order (reading makes it up: an emoji
  /// and colour from the name, every day's schedule): with ``carriedInPart``, what
  /// ``losses(writing:to:options:)`` reports for a dataset that uses every field. Emoji,
  /// colours and schedules are reported only when they differ from what reading back makes.
  static let lostFields: [ModelField] = [
    .trackerEmoji, .trackerColor, .trackerSchedule, .trackerPinned, .trackerCreatedOn, .trackerDescription,
    .trackerGoalPeriod, .trackerFrequency, .events, .eventRecords, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder,
  ]

  /// What a Habo backup holds, but not every value of: category and tracker ids (UUIDs only),
  /// reminders (one per habit, every day), extras (its own, `extras["habo"]`, only).
  static let carriedInPart: [ModelField] = [.categoryIds, .trackerIds, .trackerReminders, .extras]

  /// Id `habo`; writes `.habo.json`, claims `.json` files by content.
  public static let descriptor = CodecDescriptor(
    id: "habo", name: "Habo",
    summary: "Habo's backup JSON (current envelope and legacy array); restoring it in Habo replaces all data.",
    extensions: ["habo.json"], sniffedExtensions: ["json"],
    cannotCarry: lostFields, carriesInPart: carriedInPart,
    diagnostics: [lossyFrequency, assignedDefaults, deletedHabits, keptDays, skippedLinks, tooLarge],
    options: [
      CodecOption("default-category", .text, default: HaboDatasetBuilder.defaultCategory,
                  help: "the category of habits not in a category", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// `{` or `[` first (after spaces and a byte order mark), `"twoDayRule"` or
  /// `"habit_categories"` in the first 64 KiB, and no `"trackport":` key (canonical JSON
  /// converted from Habo keeps Habo's keys in its extras).
  public func sniff(_ head: [UInt8]) -> Bool {
    guard let first = HeadBytes.firstSignificant(head), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
    // Canonical JSON read from Habo holds Habo's keys in its extras.
    guard !HeadBytes.contains(head, "\"trackport\":"), !HeadBytes.contains(head, "\"trackport\" :") else { return false }
    return HeadBytes.contains(head, "\"twoDayRule\"") || HeadBytes.contains(head, "\"habit_categories\"")
  }

  /// Reads a Habo backup.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at the line, column and JSON pointer where the
  ///   file is not JSON or not the shape Habo writes (a wrong type, an unknown day type or
  ///   `habitType`, a key that names no day); `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let document = try ForeignJSON(input, fileName: fileName, format: "a Habo backup")
    var builder = HaboDatasetBuilder(document: document, options: context.options)
    let dataset = try builder.build()
    context.sourceLocator = document.locator
    context.report(contentsOf: builder.warnings)
    return dataset
  }

  /// Writes a Habo backup (the current envelope) to the output, atomically for a file; the
  /// habits planned on fewer days (or with a frequency), which Habo plans every day, are among
  /// the ``losses(writing:to:options:)`` said before writing.
  ///
  /// - Throws: ``CodecError`` `.cannotCreateOutput` and `.io` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.checkWritable()
    let plan = HaboBackupPlan(dataset, exportTimestamp: Self.timestamp(context.writingNow))
    var bytes: [UInt8] = []
    // The plan writes only finite numbers, which compact() always takes.
    do {
      bytes = Array(try JSONText.compact(plan.backup).utf8)
    } catch {
      throw CodecError(.io, "cannot write the Habo backup: \(error.message)", location: SourceLocation(file: output.displayName))
    }
    try output.write { $0.write(bytes: bytes) }
    if bytes.count > Self.maximumSize {
      context.report(Diagnostic(
        code: Self.tooLarge.code, severity: .warning,
        message: "the backup is \(bytes.count) bytes; Habo refuses to restore a backup over \(Self.maximumSize) bytes",
        location: SourceLocation(file: output.displayName)))
    }
  }

  /// One `lossy-frequency` warning per habit planned on fewer than every weekday or with a
  /// frequency, which Habo plans every day: the loss of its schedule or frequency, said once,
  /// by the habit (not also as a `dropped-field` count of `trackers.schedule`).
  private static func plannedEveryDay(_ plan: HaboBackupPlan, fileName: String) -> [Diagnostic] {
    plan.plannedEveryDay.map { index, tracker in
      var planned: [String] = []
      let everyDay = Set(tracker.schedule ?? []) == Set(Weekday.allCases)
      if let schedule = tracker.schedule, !everyDay {
        planned.append(schedule.isEmpty ? "on no weekday" : "on " + schedule.map(\.rawValue).joined(separator: ", "))
      } else if tracker.schedule == nil {
        planned.append("with no schedule")
      }
      if let frequency = tracker.frequency { planned.append("\(frequency.times) time(s) in \(frequency.days) day(s)") }
      return Diagnostic(
        code: Self.lossyFrequency.code, severity: .warning,
        message: "habit \"\(tracker.name)\" is planned \(planned.joined(separator: " and ")); Habo plans every habit every day, so it is written planned every day",
        location: SourceLocation(file: fileName, pointer: JSONPointer.make("trackers", index, everyDay ? "frequency" : "schedule")))
    }
  }

  /// One `dropped-field` warning per part Habo cannot carry, with its count, in the model's
  /// order (`HaboBackupPlan` counts them as it plans the file the writer writes); a habit's
  /// weekdays or frequency as one `lossy-frequency` per habit instead, which `--fail-on-loss`
  /// refuses as it refuses the others.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let plan = HaboBackupPlan(dataset, exportTimestamp: "")
    let byHabit: Set<ModelField> = [.trackerSchedule, .trackerFrequency]
    return ModelField.inModelOrder(plan.lost.keys).compactMap { field -> Diagnostic? in
      guard !byHabit.contains(field), let count = plan.lost[field], count > 0 else { return nil }
      return Diagnostic(code: LossReport.droppedField.code, severity: .warning,
                        message: "\(Self.descriptor.name) cannot carry \(field.rawValue): \(count) \(Self.what[field] ?? "item(s) left out")",
                        location: SourceLocation(file: output.displayName, pointer: "/" + field.rawValue))
    } + Self.plannedEveryDay(plan, fileName: output.displayName)
  }

  /// What the count of a loss counts, where it is not whole items left out.
  private static let what: [ModelField: String] = [
    .categoryIds: "category id(s) that are not UUIDs (Habo keeps a uuid: one derived from the id is written)",
    .trackerIds: "tracker id(s) that are not UUIDs (Habo keeps a uuid: one derived from the id is written)",
    .trackerEmoji: "emoji other than the one reading back chooses from the name",
    .trackerColor: "colour(s) other than the one reading back chooses from the name",
    .trackerGoal: "goal(s) Habo cannot store as they are (at most: written as a yes/no habit; an empty unit; a target that is not a finite number)",
    .trackerGoalPeriod: "goal(s) per week, month or n days written as the same target per day (Habo's goals are daily), with every day's amount",
    .trackerReminders: "habit(s) whose reminders Habo cannot keep (one reminder per habit, every day, at HH:MM)",
    .eventRecords: "record(s) of events or unknown trackers left out",
    .records: "record(s) on a day the habit already has a record, or with an amount below the goal (read back as days below it)",
    .recordAmounts: "amount(s) of habits without a goal (Habo's yes/no habits keep none) or not finite",
    .recordNotes: "empty note(s), which read back as none",
    .entries: "entry(ies) that do not come back (of events or unknown trackers, on a day that has a record, with no skip, amount or note, or an amount that meets the goal)",
    .entryAmounts: "amount(s) of entries of habits without a goal or not finite",
    .entryNotes: "empty note(s), which read back as none",
    .extras: "item(s) with extras of other formats left out",
  ]

  /// `date` in local time as Habo writes `export_timestamp`: ISO 8601 without a zone.
  private static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
    return formatter.string(from: date)
  }
}
