import TrackerCodec
import TrackerModel

/// Table Habit (`FriesI23/mhabit`): reads and writes its habits export, the JSON file of
/// "Export all" (`{"habits": [...], "groups": [...]}`), which its own import reads back.
///
/// The mapping, the `extras["tablehabit"]` keys and what is lost either way are in
/// `docs/tablehabit.md`. Options: `default-category` (reading; default "Table Habit", for
/// habits in no group).
///
/// `.json` is an ending many formats use, so the codec claims a `.json` only when it is an
/// object with a `"habits"` member and keys only Table Habit writes (`freq_custom`,
/// `daily_goal`, `record_date`, `start_date`, or a `"groups"` member).
public struct TableHabitCodec: TrackerCodec {
  /// A Table Habit frequency ("3 times per week", "every 2 days") a weekday schedule cannot say.
  public static let lossyFrequency = LossReport.lossyFrequency
  /// Table Habit has no emoji and its own colours: the reader chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "tablehabit-assigned-defaults", severity: .warning,
    summary: "Reading Table Habit, which has no emoji: every habit got a palette emoji chosen from its name, its colour went to the nearest palette colour (the original colour is in extras[\"tablehabit\"]), and habits in no group went into the --default-category.")
  /// Values the model has no field for, kept in extras and written back.
  public static let keptInExtras = DiagnosticDescriptor(
    code: "tablehabit-kept-in-extras", severity: .warning,
    summary: "Reading Table Habit: a value the model has no field for (a deleted habit's status, which is read as archived; a reminder \"when needed\", on days of the month or at no time of day) was kept in extras[\"tablehabit\"]; writing Table Habit puts it back.")
  /// A text longer than Table Habit's editor allows, cut when writing.
  public static let textCut = DiagnosticDescriptor(
    code: "tablehabit-text-cut", severity: .warning,
    summary: "Writing Table Habit: a group name longer than 100 characters or a unit longer than 16, the limits of Table Habit's editor, is cut to that length (reported before writing, so --fail-on-loss refuses); habit names have no limit there and are never cut.")

  /// The members of a habit's `extras["tablehabit"]` that keep what a model field holds only
  /// in part (the reader's `kept` list): another app that leaves them out loses that field, and
  /// the loss is named so. A group's members (its colour, icon, description) stay `extras`.
  static let extrasMeanings: [ExtrasMeaning] = [
    ExtrasMeaning("color", .trackerColor, "Table Habit colour"), ExtrasMeaning("custom_color", .trackerColor, "Table Habit colour"),
    ExtrasMeaning("custom_color_tinted", .trackerColor, "Table Habit colour"),
    ExtrasMeaning("freq_type", .trackerFrequency, "Table Habit frequency"),
    ExtrasMeaning("freq_custom", .trackerFrequency, "Table Habit frequency"),
    ExtrasMeaning("reminder", .trackerReminders, "Table Habit reminder"),
    ExtrasMeaning("reminder_quest", .trackerReminders, "Table Habit reminder question"),
    ExtrasMeaning("daily_goal", .trackerGoal, "negative habit's daily goal"),
    ExtrasMeaning("target_days", .trackerGoal, "Table Habit target days"),
    ExtrasMeaning("status", .trackerArchived, "Table Habit deleted status"),
    ExtrasMeaning("create_t", .trackerCreatedOn, "Table Habit creation and edit times"),
    ExtrasMeaning("modify_t", .trackerCreatedOn, "Table Habit creation and edit times"),
  ]

  /// Id `tablehabit`; writes `.tablehabit.json`, claims `.json` files by content.
  public static let descriptor = CodecDescriptor(
    id: "tablehabit", name: "Table Habit",
    summary: "Table Habit's (mhabit) habits export, {\"habits\", \"groups\"} JSON; its import adds, never replaces.",
    extensions: ["tablehabit.json"], sniffedExtensions: ["json"],
    cannotCarry: TableHabitLosses.declared, carriesInPart: TableHabitLosses.carriedInPart,
    extrasMeanings: extrasMeanings,
    diagnostics: [lossyFrequency, assignedDefaults, keptInExtras, textCut],
    options: [
      CodecOption("default-category", .text, default: "Table Habit",
                  help: "the category of habits not in a group", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// An object whose first 64 KiB hold `"habits"` and one of Table Habit's own keys.
  public func sniff(_ head: [UInt8]) -> Bool {
    guard HeadBytes.firstSignificant(head) == UInt8(ascii: "{"), HeadBytes.contains(head, "\"habits\"") else { return false }
    return Self.ownKeys.contains { HeadBytes.contains(head, $0) }
  }

  /// Keys no other habit export writes.
  static let ownKeys = ["\"freq_custom\"", "\"freq_type\"", "\"daily_goal\"", "\"record_date\"", "\"start_date\"", "\"groups\""]

  /// Reads a habits export.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at the line and column (and JSON pointer) of
  ///   the first value that is not what Table Habit writes: text that is not JSON, a wrong
  ///   type, an unknown enum value, a nested JSON string (`freq_custom`, `reminder`) that does
  ///   not parse, a day outside 0001–9999; `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let bytes = try input.bytes().withUnsafeBytes { Array($0) }
    let document = try ForeignJSON(bytes: bytes, fileName: fileName, format: "a Table Habit export")
    var reader = TableHabitReader(document: document, options: context.options)
    context.sourceLocator = document.locator
    let dataset = try reader.read()
    context.report(contentsOf: reader.warnings)
    return dataset
  }

  /// Writes a habits export, atomically for a file. Habits' weekdays Table Habit cannot plan
  /// are named in `lossy-frequency` warnings (their count was reported before, by ``losses(writing:to:options:)``).
  ///
  /// - Throws: ``CodecError`` `.cannotCreateOutput` and `.io` from the output; `.io` for a
  ///   number kept in extras that is not one.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.checkWritable()
    let writer = TableHabitWriter(dataset: dataset, fileName: output.displayName, now: context.writingNow)
    let bytes = try writer.bytes()
    try output.write { $0.write(bytes: bytes) }
  }

  /// What writing `dataset` loses, field by field (`TableHabitLosses`), then one
  /// `lossy-frequency` per habit whose weekdays are written as "k times per week".
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    TableHabitLosses(dataset: dataset, fileName: output.displayName).diagnostics()
      + TableHabitWriter(dataset: dataset, fileName: output.displayName).frequencyWarnings()
  }
}
