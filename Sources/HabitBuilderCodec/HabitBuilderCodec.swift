import CSVCore
import TrackerCodec
import TrackerModel

/// Habit Builder (`ofalvai/HabitBuilder`, Android): reads and writes its backup, the zip its
/// ⋮ › Backup and restore screen exports (`HabitTracker-backup-YYYY-MM-DD.zip`: `habits.csv`,
/// `actions.csv`, `metadata.txt`) and restores, replacing everything in the app.
///
/// The mapping, the app's source for every fact and what is lost are in `docs/habitbuilder.md`.
/// Options: `timezone` (the phone's zone, whose days the app shows its completions on; default
/// this computer's), `default-category` (reading; default "Habit Builder").
public struct HabitBuilderCodec: TrackerCodec {
  /// Habit Builder has no categories, emoji or weekdays: the reader chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "habitbuilder-assigned-defaults", severity: .warning,
    summary: "Reading Habit Builder, which has no categories, emoji or weekdays: every habit went into the --default-category (default \"Habit Builder\"), planned every day, with a palette emoji chosen from its name; its six colours went to the nearest palette colours.")
  /// Completions are instants: their days depend on a zone.
  public static let timeZone = DiagnosticDescriptor(
    code: "habitbuilder-time-zone", severity: .warning,
    summary: "Habit Builder keeps the moment each day was ticked and shows it on its day in the phone's time zone. Reading: the days were counted in this computer's zone, no --timezone being given. Writing: each completion is written at noon of its day in this computer's zone, no --timezone being given.")
  /// A second action of a habit on one day.
  public static let repeatedDay = DiagnosticDescriptor(
    code: "habitbuilder-repeated-day", severity: .warning,
    summary: "Reading Habit Builder: several actions of one habit fall on one day; the model has one completion per day, so they are read as one.")
  /// An action whose habit is not in the backup.
  public static let unknownHabit = DiagnosticDescriptor(
    code: "habitbuilder-unknown-habit", severity: .warning,
    summary: "Reading Habit Builder: an action names a habit_id that habits.csv does not hold; it is left out (the app's database ties every action to a habit).")
  /// What the app's importer does not read either.
  public static let notRead = DiagnosticDescriptor(
    code: "habitbuilder-not-read", severity: .warning,
    summary: "Reading Habit Builder: what its importer does not read either is left out — files in the archive besides habits.csv, actions.csv and metadata.txt, columns other than its own, cells past the header's — and an archived value other than true or false is read as false, as the app reads it.")

  /// Id `habitbuilder`; `.zip` by content.
  public static let descriptor = CodecDescriptor(
    id: "habitbuilder", name: "Habit Builder",
    summary: "Habit Builder's backup (Android, ofalvai/HabitBuilder): a .zip of habits.csv, actions.csv and metadata.txt; its import replaces the app's data.",
    extensions: [], sniffedExtensions: ["zip"],
    cannotCarry: [.categories, .trackerIds, .trackerEmoji, .trackerSchedule, .eventDate, .trackerPinned, .trackerCreatedOn,
                  .trackerGoal, .trackerFrequency, .trackerReminders, .events, .eventRecords, .recordAmounts, .recordNotes,
                  .entries, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder, .extras],
    carriesInPart: [.trackerColor],
    diagnostics: [assignedDefaults, timeZone, repeatedDay, unknownHabit, notRead,
                  CSVProblem.missingLabel.descriptor, CSVProblem.missingCell.descriptor, CSVProblem.typeError.descriptor,
                  CSVProblem.unclosedQuote.descriptor, CSVProblem.strayQuote.descriptor, CSVProblem.encodingError.descriptor],
    options: [
      CodecOption("timezone", .timeZone,
                  help: "the phone's zone: completions are shown on their day in it (default: this computer's) (--timezone)",
                  reads: true, writes: true),
      CodecOption("default-category", .text, default: HabitBuilderBackupReader.defaultCategory,
                  help: "the category of the habits, Habit Builder having none (--default-category)", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// `habits.csv` beside `actions.csv` or `metadata.txt` at the archive's root: a backup
  /// missing one of its three files is still taken, so reading it says which is missing.
  public func sniffPackage(_ members: [String]) -> Bool {
    members.contains(HabitBuilderBackupReader.habitsFile)
      && (members.contains(HabitBuilderBackupReader.actionsFile) || members.contains(HabitBuilderBackupReader.metadataFile))
  }

  /// For the note when no format recognises a folder.
  public var packageContents: String? { "habits.csv, actions.csv and metadata.txt (a Habit Builder backup)" }

  /// Reads a backup: a zip, or the folder it unzips to.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for a backup without one of its three files,
  ///   for a `metadata.txt` without a readable `backup_version`, from the CSV parser, and for a
  ///   header without one of the app's columns, a row too short, a value the app's importer
  ///   refuses (an id, order or timestamp that is no whole number, a colour it does not know,
  ///   a habit id given twice) or a timestamp outside the years 1–9999, each located in its
  ///   member (`backup.zip/actions.csv:4:5`, record and column); `.unsupportedVersion` for a
  ///   backup version above 1; `.unsupportedOperation` for an unknown `--timezone`;
  ///   `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    var reader = try HabitBuilderBackupReader(input: input, options: context.options)
    let dataset = try reader.read()
    context.report(contentsOf: reader.warnings)
    return dataset
  }

  /// Only a `.zip` file: the app restores nothing else.
  public func checkOutput(_ output: CodecOutput, options: [String: String]) throws {
    guard case .file(let path) = output.destination, path.lowercased().hasSuffix(".zip") else {
      throw CodecError(.unsupportedOperation, "Habit Builder restores a backup from a .zip file",
                       location: output.displayName == "-" ? SourceLocation() : SourceLocation(file: output.displayName),
                       note: "name the output NAME.zip (Habit Builder's own are HabitTracker-backup-YYYY-MM-DD.zip)")
    }
    try output.checkWritable()
  }

  /// Writes a backup the app's import restores, atomically.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for an output that is not a `.zip`
  ///   file or an unknown `--timezone`; `.cannotCreateOutput` and `.io` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try checkOutput(output, options: context.options)
    let clock = try HabitBuilderClock(options: context.options)
    let writer = HabitBuilderWriter(dataset)
    try output.writePackage(memberSuffixes: [".zip"]) { package in
      // In the app's order (ArchiveHandler.writeBackup).
      try package.member(HabitBuilderBackupReader.habitsFile) { writer.writeHabits(to: $0) }
      try package.member(HabitBuilderBackupReader.actionsFile) { writer.writeActions(to: $0, clock: clock) }
      try package.member(HabitBuilderBackupReader.metadataFile) { $0.write(HabitBuilderWriter.metadata) }
    }
    if clock.assumed, !writer.actions.isEmpty {
      context.report(Diagnostic(
        code: Self.timeZone.code, severity: .warning,
        message: "completions written at noon of their day in this computer's time zone, \(clock.zone.identifier)",
        location: SourceLocation(file: output.displayName),
        note: "Habit Builder shows them on that day on a phone up to 12 hours west or 11 east of it; give the phone's zone with --timezone"))
    }
  }

  /// One `dropped-field` per field Habit Builder does not give back, with its count.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    LossReport.droppedFields(HabitBuilderWriter(dataset).lost, writer: "Habit Builder", what: Self.what, to: output.displayName)
  }

  /// What the count of a loss counts, where it is not whole items left out.
  private static let what: [ModelField: String] = [
    .categories: "category(ies): Habit Builder has none (reading puts every habit in one)",
    .trackerIds: "tracker id(s): Habit Builder numbers its habits, and reading derives ids from the numbers",
    .trackerEmoji: "emoji other than the one reading back chooses from the name (Habit Builder has none)",
    .trackerColor: "colour(s) other than Habit Builder's six, written as the nearest of them",
    .trackerSchedule: "weekday schedule(s): Habit Builder plans every habit every day",
    .eventDate: "event day(s) left out with the events",
    .trackerPinned: "pinned habit(s): Habit Builder pins none",
    .trackerCreatedOn: "creation day(s): Habit Builder keeps none",
    .trackerGoal: "goal(s): Habit Builder's habits are yes/no",
    .trackerFrequency: "frequency(ies): Habit Builder plans every habit every day",
    .trackerReminders: "habit(s) with reminders: Habit Builder has none",
    .events: "event(s) left out: Habit Builder has habits only",
    .eventRecords: "record(s) of events or unknown trackers left out",
    .recordAmounts: "amount(s): a Habit Builder completion is a tick",
    .recordNotes: "note(s) on completions",
    .entries: "entry(ies) (skipped days, amounts, notes): Habit Builder keeps completions only",
    .extras: "item(s) with extras of other formats left out",
  ]
}
