import TrackerCodec
import TrackerModel

/// iCalendar (RFC 5545, `.ics`): habits as recurring all-day events, events and tasks as
/// events and to-dos, for any calendar app.
///
/// The mapping and every `X-TRACKPORT-*` property are in `docs/ics-format.md`. Our own files
/// come back exactly (format version 2 when the dataset uses its fields); foreign calendars map
/// recurring events to habits, `DESCRIPTION` to a description and alarms at a time of day to
/// reminders, and report what a habit cannot say as `lossy-recurrence`. Options: `start`,
/// `until`, `history=true`, `timezone` (writing), `default-category` (reading).
public struct ICalendarCodec: TrackerCodec {
  /// A recurrence part (or time of day, or alarm) the model cannot hold; the nearest habit is
  /// kept.
  public static let lossyRecurrence = DiagnosticDescriptor(
    code: "lossy-recurrence", severity: .warning,
    summary: "An iCalendar rule part a habit cannot express (INTERVAL>1, COUNT/UNTIL, monthly/yearly, EXDATE, a time of day) or an alarm that is not a reminder at a time of day on the event's day; the nearest habit is kept.")
  /// A component with no tracker equivalent.
  public static let skippedComponent = DiagnosticDescriptor(
    code: "skipped-component", severity: .warning,
    summary: "An iCalendar component with no tracker equivalent (VJOURNAL, a changed occurrence, a VEVENT without DTSTART) was skipped.")

  /// Id `ics`; claims `*.ics` and `*.ical`.
  public static let descriptor = CodecDescriptor(
    id: "ics", name: "iCalendar", summary: "RFC 5545 calendar; habits as recurring all-day events.",
    extensions: ["ics", "ical"], diagnostics: [lossyRecurrence, skippedComponent],
    options: [
      CodecOption("default-category", .text, default: "Calendar",
                  help: "the category of events with no CATEGORIES", reads: true, writes: false),
      CodecOption("start", .date, help: "the first day of a habit that has no createdOn and no record (--start)",
                  reads: false, writes: true),
      CodecOption("until", .date, help: "end every habit's recurrence on this day (--until)", reads: false, writes: true),
      CodecOption("history", .boolean, default: "false",
                  help: "also write each completion as its own all-day event (--history)", reads: false, writes: true),
      CodecOption("timezone", .timeZone,
                  help: "write task times in this zone with a VTIMEZONE; default: floating local times (--timezone)",
                  reads: false, writes: true),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// True when the head starts (after a byte order mark and blank lines) with `BEGIN:VCALENDAR`.
  public func sniff(_ head: [UInt8]) -> Bool {
    let text = String(decoding: head.prefix(256), as: UTF8.self)
    return text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }.uppercased().hasPrefix("BEGIN:VCALENDAR")
  }

  /// Reads a calendar.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` with line and column for a malformed content
  ///   line, a `BEGIN` never closed, a mismatched `END`, a bad date, an unreadable `RRULE`, or
  ///   a broken `X-TRACKPORT-*` value; `.unsupportedVersion` for an `X-TRACKPORT-VERSION`
  ///   newer than ``TrackerDataset/formatVersion``; `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    var reader = ICalendarDatasetReader(fileName: fileName, options: context.options)
    let dataset = try input.withBytes { try reader.read($0) }
    context.report(contentsOf: reader.warnings)
    return dataset
  }

  /// Writes the dataset as one `VCALENDAR`; the same dataset and options give the same bytes.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for an `extras` number that is not a
  ///   JSON number, or an amount or goal target that is infinite or NaN; `.io` and
  ///   `.cannotCreateOutput` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    let builder = ICalendarDatasetWriter(options: context.options)
    let byTracker = ICalendarRecords.group(dataset)
    let marks = ICalendarMarks(dataset)
    let header = try builder.header(dataset, byTracker: byTracker, marks: marks)
    try output.write { sink in
      var writer = ICalendarWriter()
      writer.writeLine("BEGIN:VCALENDAR")
      for property in header.properties { writer.write(property) }
      // Components go out as they are built, so a large calendar is never held whole.
      try builder.children(dataset, byTracker: byTracker, marks: marks) { component in
        writer.write(component)
        sink.countItems()
        if writer.bytes.count > 1 << 20 { sink.write(bytes: writer.drain()) }
      }
      writer.writeLine("END:VCALENDAR")
      sink.write(bytes: writer.drain())
    }
  }
}
