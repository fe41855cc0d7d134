import Foundation
import TrackerCodec
import TrackerModel

/// Beaver Habits (`daya0576/beaverhabits`, a self-hosted web app): reads its JSON export (the
/// UI's "Export JSON"), the stored habit list (its daily Telegram backup) and its 2024 storage
/// file; writes the export, which the app's "Import" reads.
///
/// The mapping, the `extras["beaverhabits"]` keys and what is lost either way are in
/// `docs/beaverhabits.md`. Options: `default-category` (reading, default "Beaver Habits", for
/// habits without tags), `email` (writing: the `user_email` to write; none is written without
/// it), `exported-at` (writing: `YYYY-MM-DD HH:MM:SS`; default the one read, else now in UTC),
/// `include-archived` (writing: also write archived habits, which the app's import adds again
/// on every import; off by default, and the habits left out are reported).
///
/// `.json` is an ending other formats use too, so a file is beaverhabits' by its content
/// (``sniff(_:)``); the ending `.beaverhabits.json` is claimed outright, so that writing needs
/// no `--to`.
public struct BeaverHabitsCodec: TrackerCodec {
  /// beaverhabits has no emoji or colours, and a habit without tags has no category.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "beaverhabits-assigned-defaults", severity: .warning,
    summary: "Reading beaverhabits, which has no emoji or colours: habits were given a palette emoji and colour chosen from the name, and habits without tags put in the --default-category.")
  /// A period the weekdays cannot say, reading; weekdays the app cannot say, writing.
  public static let lossyFrequency = LossReport.lossyFrequency

  /// What the beaverhabits export has no place for, in the model's order (reading makes it
  /// up: an emoji and colour from the name, every day's schedule): with ``carriedInPart``,
  /// what ``losses(writing:to:options:)`` reports for a dataset that uses every field. Emoji
  /// and colours are reported only when they differ from what reading back chooses; weekday
  /// schedules are written as "N per week", which reads back as that frequency; archived
  /// habits are written only with `include-archived`.
  static let lostFields: [ModelField] = [
    .categoryIds, .categoriesWithoutTrackers, .trackerEmoji, .trackerColor, .trackerSchedule, .trackerCreatedOn,
    .trackerDescription, .trackerGoal, .trackerReminders, .events, .archivedTrackers, .eventRecords, .recordAmounts,
    .skippedEntries, .entryAmounts, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder,
  ]

  /// What the export holds, but not every value of: frequencies (the app's periods), extras
  /// (its own, `extras["beaverhabits"]`, only).
  static let carriedInPart: [ModelField] = [.trackerFrequency, .extras]

  /// Id `beaverhabits`; claims `.beaverhabits.json` outright and other `.json` files by content.
  public static let descriptor = CodecDescriptor(
    id: "beaverhabits", name: "Beaver Habits",
    summary: "Beaver Habits' JSON export (and its stored list, 2024 storage file); writes the export its Import reads.",
    extensions: ["beaverhabits.json"],
    cannotCarry: lostFields, carriesInPart: carriedInPart,
    diagnostics: [assignedDefaults, lossyFrequency],
    options: BeaverHabitsOptions.declared)

  /// The codec has no state; options come through the context.
  public init() {}

  /// A JSON object (after an optional byte order mark and white space) naming `"habits"` and
  /// one of the export's or the app's own keys (`"user_email"`, `"exported_at"`, a record's
  /// `"done"`, `"period_type"`, `"order_by"`), and none of Table Habit's, Habo's, Habitica's or
  /// TrackerPort's own keys.
  public func sniff(_ head: [UInt8]) -> Bool {
    var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
    guard start < head.count, head[start] == UInt8(ascii: "{") else { return false }
    let text = String(decoding: head[start...], as: UTF8.self)
    guard text.contains("\"habits\"") else { return false }
    let foreign = ["\"trackport\"", "\"record_date\"", "\"freq_type\"", "\"create_t\"", "\"habit_categories\"", "\"twoDayRule\"",
                   "\"dailys\"", "\"tasksOrder\""]
    guard !foreign.contains(where: text.contains) else { return false }
    return ["\"user_email\"", "\"exported_at\"", "\"done\"", "\"period_type\"", "\"order_by\""].contains(where: text.contains)
  }

  /// Reads an export, a stored list or a 2024 storage file.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at the line and column (and JSON pointer) of
  ///   text that is not JSON, a value of the wrong type (a `done` that is not `true` or
  ///   `false`, a `day` that is not `YYYY-MM-DD`), a missing `habits`, `name`, `day` or
  ///   `done`, or an unknown `status` or `period_type`; `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let document = try ForeignJSON(input, fileName: fileName, format: "a beaverhabits export (JSON)")
    var reader = BeaverHabitsReader(document: document, options: context.options)
    let dataset = try reader.read()
    context.sourceLocator = document.locator
    context.report(contentsOf: reader.warnings)
    return dataset
  }

  /// Writes the export `{"exported_at", "habits"}` (with `"user_email"` only when the `email`
  /// option gives one), ASCII-escaped as the app's own `json.dumps`, atomically for a file (the
  /// habits whose weekdays are written as "N per week" are among the losses said before).
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for an `email` option that is no
  ///   address or an `exported-at` that is not `YYYY-MM-DD HH:MM:SS`; `.cannotCreateOutput`
  ///   and `.io` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    let options = try BeaverHabitsOptions(context.options)
    try output.checkWritable()
    let written = BeaverHabitsWriter(dataset: dataset, defaultTitle: options.defaultCategory,
                                     includeArchived: options.includeArchived)
    let bytes = try written.bytes(email: options.email, exportedAt: options.exportedAt ?? written.keptExportedAt ?? Self.timestamp(context.writingNow))
    try output.write { $0.write(bytes: bytes) }
  }

  /// `include-archived` when the dataset has archived habits: the file read held them, and
  /// by default they are left out.
  public func optionsWritingBack(_ dataset: TrackerDataset) -> [String: String] {
    dataset.trackers.contains(where: \.archived) ? ["include-archived": "true"] : [:]
  }

  /// `date` in UTC as the export writes it (`2026-11-24 10:55:00`).
  static func timestamp(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }
}
