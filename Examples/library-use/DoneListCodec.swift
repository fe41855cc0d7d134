import TrackerPort

/// A done list: one line per completed habit and day, `2026-11-20 Morning run`.
public struct DoneListCodec: TrackerCodec {
  /// A line that is not a day, a space and a name: an error at its place, and the line is skipped.
  public static let badLine = DiagnosticDescriptor(
    code: "done-list-bad-line", severity: .error,
    summary: "A done-list line is not YYYY-MM-DD, a space and a habit name; the line is skipped.")

  /// A done list says only when a habit was done: every part of the model but the records'
  /// days and the trackers' names is left out when writing one.
  public static let descriptor = CodecDescriptor(
    id: "done-list", name: "Done list",
    summary: "A plain-text list of completed days, one `YYYY-MM-DD name` line each.",
    extensions: ["done.txt"],
    cannotCarry: [.categories, .trackerIds, .trackerOrder, .trackerKind, .trackerEmoji, .trackerColor,
                  .trackerSchedule, .eventDate, .trackerPinned, .trackerCreatedOn, .trackerArchived,
                  .trackerDescription, .trackerGoal, .trackerFrequency, .trackerReminders,
                  .trackersWithoutRecords, .recordAmounts, .recordNotes, .entries, .tasks,
                  .taskCategoryOrder, .extras],
    diagnostics: [badLine])

  /// The codec has no state: what a run needs comes through its context.
  public init() {}

  /// One habit per name, planned every day, in one category; one record per line.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let text = try input.withBytes { bytes in
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw CodecError(.malformedInput, "a done list is UTF-8 text",
                         location: SourceLocation(file: context.fileName))
      }
      return text
    }
    let category = TrackerCategory(id: StableID.uuid("done-list"), title: "Done list")
    var dataset = TrackerDataset(categories: [category])
    var trackerIDs: [String: String] = [:]
    var seen: Set<TrackerRecord> = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      if line.allSatisfy(\.isWhitespace) { continue }
      let name = String(line.dropFirst(11))
      guard let date = LocalDate(line.prefix(10)), line.dropFirst(10).first == " ",
            !name.allSatisfy(\.isWhitespace) else {
        context.report(Diagnostic(code: Self.badLine.code, severity: Self.badLine.severity,
                                  message: "\"\(line)\" is not a day, a space and a habit name; the line is skipped",
                                  location: SourceLocation(line: index + 1, column: 1)))
        continue
      }
      let id: String
      if let known = trackerIDs[name] {
        id = known
      } else {
        id = StableID.uuid("done-list/" + name)
        let look = PaletteEmoji.stableChoice(for: name)
        trackerIDs[name] = id
        dataset.trackers.append(Tracker(id: id, kind: .habit, name: name, categoryId: category.id,
                                        emoji: look.emoji.rawValue, color: look.color.rawValue,
                                        schedule: Weekday.allCases))
      }
      let record = TrackerRecord(trackerId: id, date: date)
      if seen.insert(record).inserted { dataset.records.append(record) }
    }
    return dataset
  }

  /// The records in day order, each as its day and its tracker's name (a line break in a name
  /// written as a space). A record of no tracker is left out: `validate` reports it as an error.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    var names: [String: String] = [:]
    for tracker in dataset.trackers where names[tracker.id] == nil {
      names[tracker.id] = tracker.name.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
    try output.write { writer in
      for record in dataset.records.sorted(by: { $0.date < $1.date }) {
        guard let name = names[record.trackerId] else { continue }
        writer.write("\(record.date) \(name)\n")
        writer.countItems()
      }
    }
  }
}
