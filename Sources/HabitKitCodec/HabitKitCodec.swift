import TrackerCodec
import TrackerModel

/// HabitKit (Sebastian Röhl, iOS and Android): reads and writes its JSON export
/// (`formatVersion` 2: `habits`, `completions`, `intervals`, `reminders`, `categories`,
/// `categoryMappings`), which HabitKit's restore reads back.
///
/// HabitKit is closed and no real export is public: the format is known from several
/// independent readers, which disagree in places (`icon` or `iconName`, completions of amount
/// 0, colour names, the base of `weekdayIndices`). Every spelling seen is read, and a value no
/// description shows is kept and named in a `habitkit-unexpected` warning. The mapping and the
/// evidence for each field are in `docs/habitkit.md`. Options: `default-category` (reading).
///
/// What writing loses is counted by reading the written file back (``ReadBackLosses``), so
/// each reported loss is one a reader of the output would see.
public struct HabitKitCodec: TrackerCodec {
  /// A value no description of the format shows, kept as read.
  public static let unexpected = DiagnosticDescriptor(
    code: "habitkit-unexpected", severity: .warning,
    summary: "Reading HabitKit: the file holds a member, type or value that no description of HabitKit's export shows (the format is known only from other readers); it is kept in extras[\"habitkit\"] and written back.")
  /// Values the reader chose because HabitKit has none.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "habitkit-assigned-defaults", severity: .warning,
    summary: "Reading HabitKit: a habit without an emoji got a palette emoji chosen from its name (HabitKit shows an icon instead; the icon is kept in extras[\"habitkit\"]), a colour no description names the palette colour chosen from the name, and habits in no category the --default-category.")
  /// The weekday numbering of reminders, which no description states.
  public static let weekdayBase = DiagnosticDescriptor(
    code: "habitkit-weekday-base", severity: .warning,
    summary: "Reading HabitKit reminders: no description says how weekdayIndices count; they are read as Monday 1 … Sunday 7, or Monday 0 … Sunday 6 when a 0 and no 7 occurs, and written back as read.")

  /// What writing a dataset using every field loses (`CannotCarryTests`): HabitKit has no
  /// weekday schedule, no events, no pinning, no units, no skipped days and no tasks.
  static let declared: [ModelField] = [
    .trackerSchedule, .eventDate, .trackerPinned, .events, .eventRecords, .skippedEntries, .tasks, .taskReminders,
    .taskAttachments, .taskCategoryOrder,
  ]
  /// What HabitKit holds some values of: ids (UUIDs only), colours (its named colours), creation
  /// days (it needs one: a habit without gets its first day), goals (whole numbers, no unit, a
  /// day, a week or a month; "at most" only as none at all), frequencies (times a week or a
  /// month), amounts (whole numbers), extras (its own).
  static let carriedInPart: [ModelField] = [
    .categoryIds, .trackerIds, .trackerEmoji, .trackerColor, .trackerCreatedOn, .trackerGoal, .trackerFrequency, .recordAmounts, .entryAmounts,
    .extras,
  ]

  /// The members of a habit's `extras["habitkit"]` that keep what a model field holds in part.
  static let extrasMeanings: [ExtrasMeaning] = [
    ExtrasMeaning("color", .trackerColor, "HabitKit colour"),
    ExtrasMeaning("intervals", .trackerGoal, "HabitKit goal history"),
    ExtrasMeaning("reminders", .trackerReminders, "HabitKit reminders"),
    ExtrasMeaning("createdAt", .trackerCreatedOn, "HabitKit creation time"),
  ]

  /// Id `habitkit`; writes `.habitkit.json`, claims `.json` files by content.
  public static let descriptor = CodecDescriptor(
    id: "habitkit", name: "HabitKit",
    summary: "HabitKit's JSON export (formatVersion 2: habits, completions, intervals); its restore reads it back.",
    extensions: ["habitkit.json"], sniffedExtensions: ["json"],
    cannotCarry: declared, carriesInPart: carriedInPart, extrasMeanings: extrasMeanings,
    diagnostics: [unexpected, assignedDefaults, weekdayBase],
    options: [
      CodecOption("default-category", .text, default: "HabitKit",
                  help: "the category of habits in no HabitKit category", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// An object whose first 64 KiB hold `"habits"` and one of HabitKit's own keys.
  public func sniff(_ head: [UInt8]) -> Bool {
    guard let first = head.first(where: { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }), first == UInt8(ascii: "{"),
          Self.contains(head, "\"habits\"") else { return false }
    return Self.ownKeys.contains { Self.contains(head, $0) }
  }

  /// Keys no other habit export writes.
  static let ownKeys = ["\"timezoneOffsetInMinutes\"", "\"amountOfCompletions\"", "\"requiredNumberOfCompletionsPerDay\"",
                        "\"categoryMappings\"", "\"isInverse\""]

  static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard haystack.count >= pattern.count else { return false }
    var i = 0
    while i + pattern.count <= haystack.count {
      if haystack[i] == pattern[0], haystack[i..<(i + pattern.count)].elementsEqual(pattern) { return true }
      i += 1
    }
    return false
  }

  /// Reads an export.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at the line and column (and JSON pointer) of
  ///   the first value that is not what HabitKit writes: text that is not JSON, a wrong type, an
  ///   instant that is not ISO 8601, an offset of more than a day, a completion of a habit the
  ///   file does not have, a repeated habit id; `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let bytes = try input.bytes().withUnsafeBytes { Array($0) }
    let document = try ForeignJSON(bytes: bytes, fileName: fileName, format: "a HabitKit export")
    var reader = HabitKitReader(document: document, options: context.options)
    context.sourceLocator = document.locator
    let dataset = try reader.read()
    context.report(contentsOf: reader.warnings)
    return dataset
  }

  /// Writes an export, atomically for a file.
  ///
  /// - Throws: ``CodecError`` `.cannotCreateOutput` and `.io` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.checkWritable()
    let bytes = try HabitKitWriter(dataset: dataset, fileName: output.displayName).bytes()
    try output.write { $0.write(bytes: bytes) }
  }

  /// What writing `dataset` loses, field by field: the written bytes read back and compared.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let name = output.displayName
    do {
      let bytes = try HabitKitWriter(dataset: dataset, fileName: name).bytes()
      let document = try ForeignJSON(bytes: bytes, fileName: name, format: "a HabitKit export")
      var reader = HabitKitReader(document: document, options: options)
      let back = try reader.read()
      var counted = ReadBackLosses(original: dataset, back: back, written: { $0.kind == .habit })
      // A period HabitKit has not (every n days) is a goal that reads back otherwise.
      counted.merge(.trackerGoalPeriod, into: .trackerGoal)
      return counted.diagnostics(format: "HabitKit", fileName: name, what: Self.what)
    } catch {
      return [Diagnostic(code: LossReport.droppedField.code, severity: .warning,
                         message: "HabitKit: the file written cannot be read back to count what it loses: \(error)",
                         location: SourceLocation(file: name))]
    }
  }

  /// What a count of a loss counts, where "value(s) that do not read back the same" is not enough.
  static let what: [ModelField: String] = [
    .trackerIds: "tracker id(s) that are not UUIDs, written as UUIDs derived from them",
    .trackerEmoji: "habit(s) without an emoji, which get one chosen from the name on reading back",
    .trackerColor: "colour(s) written as the nearest of HabitKit's named colours (or none, which reads back as one chosen from the name)",
    .trackerSchedule: "weekday schedule(s): HabitKit plans every day (a frequency says how often)",
    .trackerGoal: "goal(s) HabitKit cannot say (a unit, a target that is not a whole number, a period other than a day, a week or a month, \"at most\" more than none)",
    .trackerCreatedOn: "habit(s) without a creation day: HabitKit needs one, so the first day recorded is written",
    .trackerFrequency: "frequency(ies) other than times a week or a month",
    .trackerPinned: "pinned tracker(s): HabitKit has no pinning",
    .events: "event(s) left out: HabitKit has habits only",
    .eventRecords: "record(s) of events left out",
    .skippedEntries: "skipped day(s): HabitKit has no skipping",
    .recordAmounts: "amount(s) written as whole numbers of completions",
    .entryAmounts: "amount(s) written as whole numbers of completions",
    .extras: "item(s) with extras of other formats left out",
  ]
}
