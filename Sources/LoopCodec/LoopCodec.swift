import Foundation
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
  public static let lossyFrequency = DiagnosticDescriptor(
    code: "lossy-frequency", severity: .warning,
    summary: "A Loop frequency a weekday schedule cannot express (every 3 days, 2 times per week without 2 reminder days, per month); the habit is planned every day and the frequency kept in extras.")
  /// Loop has no categories or emoji: the importer chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "loop-assigned-defaults", severity: .warning,
    summary: "Reading Loop: it has no categories or emoji, so habits went into the --default-category with a palette emoji, and colours to the nearest palette colour.")
  /// Days that are not completions, kept in extras.
  public static let keptEntries = DiagnosticDescriptor(
    code: "loop-kept-entries", severity: .warning,
    summary: "Reading Loop: days that are not completions (YES_AUTO, NO, SKIP, UNKNOWN, measurable values) and notes were kept in extras[\"loop\"], with their counts.")
  /// A measurable habit: its values and target are in extras.
  public static let numericalHabit = DiagnosticDescriptor(
    code: "loop-numerical-habit", severity: .warning,
    summary: "Reading Loop: a measurable (numerical) habit; its values, unit and target are kept in extras and days meeting the target became completions.")
  /// An archived habit, kept and marked.
  public static let archivedHabit = DiagnosticDescriptor(
    code: "loop-archived-habit", severity: .warning,
    summary: "Reading Loop: an archived habit; it is kept, marked extras[\"loop\"].archived, and stays archived when written back to Loop.")

  /// Repetitions of a backup that no habit owns.
  public static let orphanRepetitions = DiagnosticDescriptor(
    code: "loop-orphan-repetitions", severity: .warning,
    summary: "Reading a Loop backup: repetitions whose habit is not in the Habits table (or with no day) were skipped; Loop never shows them either.")

  /// What a Loop backup cannot carry, in the model's order: what ``losses(writing:to:options:)``
  /// reports for a dataset that uses every field. Some only in part: tracker ids Loop does not
  /// keep, emoji other than the one reading back chooses, colours off Loop's palette, records
  /// of events, extras of other formats.
  static let lostFields: [ModelField] = [
    .categories, .trackerIds, .trackerEmoji, .trackerColor, .eventDate, .trackerPinned, .trackerCreatedOn,
    .events, .eventRecords, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder, .extras,
  ]

  /// Id `loop`; claims `.db` files and packages by content.
  public static let descriptor = CodecDescriptor(
    id: "loop", name: "Loop Habit Tracker",
    summary: "Loop's CSV export (.zip or folder) and SQLite backup (.db); writes a .db backup.",
    extensions: [], sniffedExtensions: ["db"],
    cannotCarry: lostFields,
    diagnostics: [lossyFrequency, assignedDefaults, keptEntries, numericalHabit, archivedHabit, orphanRepetitions])

  /// The codec has no state; options come through the context.
  public init() {}

  /// A SQLite header, with `Habits` and `Repetitions` named in the first 64 KiB (the schema).
  public func sniff(_ head: [UInt8]) -> Bool {
    guard head.starts(with: LoopDatabaseReader.magic) else { return false }
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
    return dataset
  }

  /// Writes a Loop backup database (schema version 25) to the output, atomically for a file.
  ///
  /// - Throws: ``CodecError`` `.io` when the database cannot be built; `.cannotCreateOutput`
  ///   and `.io` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.checkWritable()
    let bytes = try LoopDatabaseWriter(fileName: output.displayName, progress: context.progress).bytes(of: dataset)
    try output.write { $0.write(bytes: bytes) }
  }

  /// One `dropped-field` warning per part Loop cannot carry (``lostFields``), with its count:
  /// categories, tracker ids that do not come back (Loop stores a UUID: the one kept in
  /// `extras["loop"]`, else the id when it is one, else one derived from it), emoji other than
  /// the palette choice reading back makes, colours that do not come back (no equal in Loop's
  /// palette), event dates, pinning, creation days, events and their records (and records of
  /// unknown trackers), tasks, the task category order, extras of other namespaces than `loop`;
  /// then completions of measurable habits no storable value meets (on `/records`), and (one
  /// warning per habit) `extras["loop"]` members Loop cannot store. Each habit is planned once, as the writer will plan it.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    var planned: [(index: Int, tracker: Tracker, habit: LoopHabit, ignored: [[String]])] = []
    for (index, tracker) in dataset.trackers.enumerated() where tracker.kind == .habit {
      var ignored: [[String]] = []
      let habit = LoopDatabaseWriter.habit(for: tracker, position: 0, ignored: &ignored)
      planned.append((index, tracker, habit, ignored))
    }
    // Reading back makes the id from the stored uuid, and chooses the emoji from the name.
    let ids = planned.count { StableID.dashed($0.habit.uuid ?? "") != $0.tracker.id }
    let emoji = planned.count { plan in
      plan.tracker.emoji.map { $0 != PaletteEmoji.stableChoice(for: plan.tracker.name).emoji.rawValue } ?? false
    }
    let colors = planned.count { plan in
      guard let color = plan.tracker.color else { return false }
      return LoopPalette.trackerColor(forHex: LoopPalette.colors[LoopPalette.nearestIndex(toHex: plan.habit.colorHex)])
        != color.uppercased()
    }
    let habitIds = Set(planned.map(\.tracker.id))
    let records = dataset.records.count { !habitIds.contains($0.trackerId) }
    let extras = (dataset.extras.isEmpty ? 0 : 1) + dataset.categories.count { !$0.extras.isEmpty }
      + planned.count { $0.tracker.extras.keys.contains { $0 != "loop" } } + dataset.records.count { !$0.extras.isEmpty }
    let unmet = Self.completionsNoValueMeets(dataset, habits: planned.map { ($0.tracker.id, $0.habit) })
    let counted: [ModelField: (count: Int, what: String)] = [
      .trackerIds: (ids, "tracker id(s) that do not come back (Loop stores a UUID: the one kept in extras.loop, the id itself, or one derived from it)"),
      .trackerEmoji: (emoji, "emoji other than the one reading back chooses from the name"),
      .trackerColor: (colors, "colour(s) not in Loop's palette, written as the nearest"),
      .eventRecords: (records, "record(s) of events or unknown trackers left out"),
      .extras: (extras, "item(s) with extras of other formats left out"),
    ]
    var losses: [(field: ModelField, count: Int, what: String)] = Self.lostFields.map { field in
      counted[field].map { (field, $0.count, $0.what) } ?? (field, field.count(in: dataset), "item(s) left out")
    }
    losses.append((.records, unmet, "completion(s) of measurable habits whose target no value Loop stores can meet (at most less than 0, at least more than 2147483.647)"))
    var result: [Diagnostic] = []
    for (field, count, what) in losses where count > 0 {
      result.append(Diagnostic(code: LossReport.droppedField.code, severity: .warning,
                               message: "\(descriptor.name) cannot carry \(field.rawValue): \(count) \(what)",
                               location: SourceLocation(file: output.displayName, pointer: "/" + field.rawValue)))
    }
    for plan in planned { result += Self.unstorable(plan.ignored, of: plan.tracker, at: plan.index, output: output.displayName) }
    return result
  }

  /// Records of measurable habits that would not read back as completions: the value the
  /// writer stores for them does not meet the habit's target.
  private static func completionsNoValueMeets(_ dataset: TrackerDataset, habits: [(id: String, habit: LoopHabit)]) -> Int {
    var numerical: [String: LoopHabit] = [:]
    for (id, habit) in habits where habit.numerical && numerical[id] == nil { numerical[id] = habit }
    guard !numerical.isEmpty else { return 0 }
    var days: [String: [LocalDate]] = [:]
    for record in dataset.records where numerical[record.trackerId] != nil { days[record.trackerId, default: []].append(record.date) }
    var unmet = 0
    for (id, completions) in days {
      guard let habit = numerical[id] else { continue }
      let written = Dictionary(LoopDatabaseWriter.repetitions(habit, completions: completions).map { ($0.date, $0) },
                               uniquingKeysWith: { $1 })
      unmet += Set(completions).count { day in
        written[day].map { !LoopDatasetBuilder.isCompletion($0, of: habit) } ?? true
      }
    }
    return unmet
  }

  /// The `dropped-field` warning of a habit whose `extras["loop"]` holds members Loop cannot
  /// store, naming up to five, located at the first; none when `ignored` is empty.
  private static func unstorable(_ ignored: [[String]], of tracker: Tracker, at index: Int, output: String) -> [Diagnostic] {
    guard let first = ignored.first else { return [] }
    let shown = ignored.prefix(5).map { (["extras.loop"] + $0).joined(separator: ".") }
    let more = ignored.count > 5 ? " and \(ignored.count - 5) more" : ""
    let pointer = (["trackers", "\(index)", "extras", "loop"] + first).map { "/" + JSONPointer.escape($0) }.joined()
    return [Diagnostic(
      code: LossReport.droppedField.code, severity: .warning,
      message: "Loop cannot store \(shown.joined(separator: ", "))\(more) of '\(tracker.name)': a key Loop has no place for, or not a whole 32-bit number, a YYYY-MM-DD day or the kind of value Loop keeps there; left out (Loop's default is written instead)",
      location: SourceLocation(file: output, pointer: pointer))]
  }

  /// Opens a file input in place (read-only); other inputs are copied to a temporary file
  /// first, as SQLite reads files, not bytes. So is a file in WAL mode (header bytes 18–19 are
  /// 2), which SQLite cannot open read-only without writing a `-shm` file beside it. Its
  /// `<file>-wal`, when there is one, holds committed pages the main file does not have yet:
  /// it is copied beside the copy (as `<copy>-wal`), so that SQLite reads them; without one,
  /// the copy is marked as a rollback-journal database, which a backup (one file) is. The
  /// copies are in a private temporary folder (``LoopScratch``), never beside the input.
  private func readDatabase(_ input: CodecInput, fileName: String) throws -> LoopDatabaseReader.Contents {
    let head = try input.head(20)
    guard head.starts(with: LoopDatabaseReader.magic) else {
      throw CodecError(.malformedInput, "not a Loop backup: the file is not a SQLite database",
                       location: SourceLocation(file: fileName),
                       note: "Loop's backups are .db files; its CSV export is a .zip or a folder")
    }
    let wal = head.count == 20 && (head[18] == 2 || head[19] == 2)
    if case .file(let path) = input.source, !wal {
      return try LoopDatabaseReader(path: path, fileName: fileName).read()
    }
    var walBytes: Data?
    if wal, case .file(let path) = input.source, FileManager.default.fileExists(atPath: path + "-wal") {
      do {
        walBytes = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
      } catch {
        throw CodecError(.cannotReadInput, "cannot read the database's write-ahead log \(path)-wal: \(ForeignError.words(error))",
                         location: SourceLocation(file: fileName + "-wal"))
      }
      if walBytes?.isEmpty == true { walBytes = nil }
    }
    return try LoopScratch.withFolder(fileName: fileName) { folder in
      let path = folder + "/backup.db"
      do {
        var bytes = try input.withBytes { Data($0) }
        if let walBytes {
          try walBytes.write(to: URL(fileURLWithPath: path + "-wal"))
        } else if wal, bytes.count >= 20 {
          bytes[18] = 1
          bytes[19] = 1
        }
        try bytes.write(to: URL(fileURLWithPath: path))
      } catch let error as CodecError {
        throw error
      } catch {
        throw CodecError(.io, "cannot copy the database to a temporary file: \(ForeignError.words(error))", location: SourceLocation(file: fileName))
      }
      return try LoopDatabaseReader(path: path, fileName: fileName).read()
    }
  }
}
