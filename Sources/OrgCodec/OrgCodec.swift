import Foundation
import TrackerCodec
import TrackerModel

/// org-mode habits (Emacs' org-habit, and the apps that read org files: Orgzly, organice,
/// nvim-orgmode): reads and writes an `.org` file's habit headings, the TODO headings whose
/// property drawer says `:STYLE: habit`, with their `SCHEDULED` repeater and logged done days.
///
/// Reading follows `org-habit-parse-todo` (`lisp/org/org-habit.el:172-242`, Emacs 28.2, org
/// 9.5.5) but reads every done day (org-habit stops at `org-habit-preceding-days` +
/// `org-habit-following-days`, 28 by default). The mapping, what is lost and what is kept in
/// `extras["org"]` are in `docs/org.md`. Options: `default-category` (default "Org", for
/// habits without tags).
public struct OrgCodec: TrackerCodec {
  /// Shared by every codec that maps frequencies.
  public static let lossyFrequency = LossReport.lossyFrequency
  /// org has no emoji or colours: the reader chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "org-assigned-defaults", severity: .warning,
    summary: "Reading org, which has no emoji or colours: habits were given a palette emoji and colour chosen from the name, and habits without tags put in the --default-category.")
  /// A done line whose timestamp is no calendar day.
  public static let skippedLines = DiagnosticDescriptor(
    code: "org-skipped-lines", severity: .warning,
    summary: "Reading org: a state line org-habit would count whose timestamp is no calendar day (2026-02-30) was not read as a done day.")
  /// Titles and tags changed so that org reads them back.
  public static let textChanged = DiagnosticDescriptor(
    code: "org-text-changed", severity: .warning,
    summary: "Writing org: a habit's name or a category's title held what an org heading or property cannot (a line break, spaces at its ends, text org reads as tags or a priority) and was written changed.")

  /// Id `org`; `.org` files, and files of other names whose text has a habit.
  public static let descriptor = CodecDescriptor(
    id: "org", name: "org-mode habits",
    summary: "An org file's habits (org-habit: TODO headings with :STYLE: habit, a SCHEDULED repeater and logged done days), as Emacs, Orgzly or organice keep them.",
    extensions: ["org"], sniffedExtensions: [],
    cannotCarry: [.categoriesWithoutTrackers, .trackerEmoji, .trackerColor, .trackerSchedule, .trackerPinned, .trackerCreatedOn,
                  .trackerGoal, .trackerReminders, .events, .eventRecords, .recordAmounts, .entries, .tasks, .taskReminders,
                  .taskAttachments, .taskCategoryOrder],
    carriesInPart: [.categoryIds, .trackerFrequency, .extras],
    diagnostics: [lossyFrequency, assignedDefaults, skippedLines, textChanged],
    options: [
      CodecOption("default-category", .text, default: OrgDatasetBuilder.defaultCategory,
                  help: "the category of habits without tags", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// A heading line and a `:STYLE: habit` property line in the first bytes.
  public func sniff(_ head: [UInt8]) -> Bool {
    let text = String(decoding: head, as: UTF8.self)
    var heading = false, habit = false
    for line in text.split(separator: "\n") {
      if OrgFile.headingLevel(line) > 0 { heading = true }
      let trimmed = line.trimmingBlanks
      if trimmed.uppercased().hasPrefix(":STYLE:"), trimmed.dropFirst(7).trimmingBlanks == "habit" { habit = true }
      if heading && habit { return true }
    }
    return false
  }

  /// Reads an org file's habits.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for text that is not UTF-8 (with its line), and,
  ///   at its line, for a habit org-habit refuses (`org-habit.el:192-209`): no `SCHEDULED`
  ///   date, no repeater, a repeat of less than a day, a `/max` not longer than the repeat;
  ///   `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let text = try Self.text(input, file: fileName)
    var builder = OrgDatasetBuilder(file: fileName, options: context.options)
    let dataset = try builder.build(OrgFile(text: text))
    context.report(contentsOf: builder.warnings)
    return dataset
  }

  /// Writes the habits as one org file, atomically for a file.
  ///
  /// - Throws: ``CodecError`` `.cannotCreateOutput` and `.io` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.checkWritable()
    let writer = OrgWriter(dataset, today: Self.today(context.writingNow), readBack: false)
    try output.write { $0.write(writer.text) }
  }

  /// One `dropped-field` per field org does not give back, with its count, then a
  /// `lossy-frequency` per habit whose schedule or frequency no repeater says, and an
  /// `org-text-changed` per title or tag written changed.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let writer = OrgWriter(dataset, today: Self.today())
    var result = LossReport.droppedFields(writer.lost, writer: "org", what: Self.what, to: output.displayName)
    for habit in writer.repeats {
      result.append(Diagnostic(code: Self.lossyFrequency.code, severity: .warning,
                               message: "habit \"\(habit.name)\" is planned \(habit.planned), which no org repeater says: written as \"\(habit.written)\"",
                               location: SourceLocation(file: output.displayName, pointer: "/trackers/\(habit.index)/schedule")))
    }
    for change in writer.renamed {
      result.append(Diagnostic(code: Self.textChanged.code, severity: .warning,
                               message: "\"\(change.was)\" is written \"\(change.written)\" so that org reads it back",
                               location: SourceLocation(file: output.displayName)))
    }
    return result
  }

  /// What the count of a loss counts, where it is not whole items left out.
  private static let what: [ModelField: String] = [
    .categoryIds: "category id(s): reading derives them from the tag",
    .categoryOrder: "category order: reading orders categories by their first habit",
    .categoriesWithoutTrackers: "category(ies) without habits: org's categories are tags of habits",
    .trackerIds: "tracker id(s) an :ID: property cannot hold (empty, a line break or spaces at its ends, repeated)",
    .trackerEmoji: "emoji other than the one reading back chooses from the name",
    .trackerColor: "colour(s) other than the one reading back chooses from the name",
    .trackerFrequency: "frequency(ies) no repeater says (k in n days with k > 1, weekdays written as every n days)",
    .trackerDescription: "description(s) changed by the heading's text (blank lines at the ends, lines org reads otherwise)",
    .records: "record(s) on a day the habit already has one",
    .eventRecords: "record(s) of events or unknown trackers left out",
    .recordNotes: "note(s) changed to fit under a log line (blank lines, trailing spaces, lines org reads otherwise)",
    .extras: "item(s) with extras of other formats left out",
  ]

  /// The calendar day of `now` where the tool runs (today by default): a habit with no done day
  /// is scheduled from it.
  static func today(_ now: Date = Date()) -> LocalDate {
    let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: now)
    return LocalDate(year: parts.year ?? 2026, month: parts.month ?? 1, day: parts.day ?? 1) ?? LocalDate(dayNumber: 0)
  }

  /// The file's text; org files are UTF-8.
  static func text(_ input: CodecInput, file: String) throws -> String {
    try input.withBytes { bytes in
      let utf8 = bytes.bindMemory(to: UInt8.self)
      guard let text = String(validating: utf8, as: UTF8.self) else {
        let decoded = String(decoding: utf8, as: UTF8.self)
        let head = decoded.unicodeScalars.prefix { $0 != "\u{FFFD}" }
        let line = 1 + head.count { $0 == "\n" }
        throw CodecError(.malformedInput, "the file is not UTF-8 text", location: SourceLocation(file: file, line: line),
                         note: "Emacs, Orgzly and organice write UTF-8; save the file as UTF-8")
      }
      return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
  }
}
