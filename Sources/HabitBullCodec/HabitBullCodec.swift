import CSVCore
import TrackerCodec
import TrackerModel

/// HabitBull's CSV export (`HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`,
/// one row per habit and day), read the way Loop Habit Tracker's importer reads it and written
/// so that Loop imports it.
///
/// The mapping, the date formats and what is lost are in `docs/habitbull.md`: one habit per
/// name, planned every day, with its description; a positive `Value` is a completion; a habit
/// with a Value above 1 is measurable (amounts, goal "at least 1"); comments are the days'
/// notes; days not done are entries (with an amount or a comment) or kept in
/// `extras["habitbull"]`, so a HabitBull file converted to the canonical model and back keeps
/// its rows. Options (reading): `default-category`, `date-format`, `encoding`.
public struct HabitBullCodec: TrackerCodec {
  /// A `Value` other than 1: an amount (done), or 0, a negative or unreadable value (not done).
  public static let numericValue = DiagnosticDescriptor(
    code: "numeric-value", severity: .warning,
    summary: "A HabitBull Value other than 1: a positive amount counts as done, 0, a negative or unreadable value as not done; a Value above 1 makes the habit measurable (its Values become amounts), and every Value is written back as it was.")
  /// The same habit and day on two rows; the last one counts.
  public static let duplicateDay = DiagnosticDescriptor(
    code: "duplicate-day", severity: .warning,
    summary: "A HabitBull file gives the same habit and day on two rows; the later row counts, as in Loop.")
  /// Retired: descriptions and comments are carried by the model's description and notes.
  /// Still known, so that `--select`/`--ignore` lists naming it keep working.
  public static let keptInExtras = DiagnosticDescriptor(
    code: "kept-in-extras", severity: .warning,
    summary: "Retired, no longer reported: HabitBull habit descriptions and day comments are read as the trackers' descriptions and the days' notes.")
  /// Slashed dates that read as days either way (`03/04/2016`), or only day-first: says
  /// which way the file was read.
  public static let dateOrder = DiagnosticDescriptor(
    code: "date-order", severity: .warning,
    summary: "Slashed HabitBull dates were read day-first (a date is a day only that way) or month-first while some read differently day-first; --date-format decides.")
  /// What the file does not say and the reader filled in.
  public static let defaultedField = DiagnosticDescriptor(
    code: "defaulted-field", severity: .warning,
    summary: "A field the source does not give was filled in (a palette emoji and colour, an every-day schedule, a measurable habit's goal).")

  /// Id `habitbull`; claims `*.habitbull.csv`. `.csv` is shared with every spreadsheet, so it
  /// is claimed for reading only when ``sniff(_:)`` recognises HabitBull's header, and never
  /// for writing (an output `*.csv` is a CSV table).
  public static let descriptor = CodecDescriptor(
    id: "habitbull", name: "HabitBull CSV",
    summary: "HabitBull's CSV export, as Loop Habit Tracker imports it; habits planned every day.",
    extensions: ["habitbull.csv"], sniffedExtensions: ["csv"],
    // What losses(writing:to:options:) reports for a dataset that uses every field; most only
    // in part (ids and palette choices that reading back makes the same way come back, an
    // event with days is written as a habit).
    cannotCarry: HabitBullWriter.lostFields, carriesInPart: HabitBullWriter.carriedInPart,
    diagnostics: [DistinctNames.renamed, numericValue, duplicateDay, keptInExtras, defaultedField, dateOrder,
                  CSVProblem.missingLabel.descriptor, CSVProblem.missingCell.descriptor,
                  CSVProblem.extraCell.descriptor, CSVProblem.blankRow.descriptor, CSVProblem.typeError.descriptor,
                  CSVProblem.unclosedQuote.descriptor, CSVProblem.strayQuote.descriptor,
                  CSVProblem.encodingError.descriptor, LossReport.droppedField],
    options: HabitBullOptions.declared)

  /// The codec has no state; options come through the context.
  public init() {}

  /// True when the file starts (after a byte order mark) with the labels Loop looks for,
  /// `HabitName,HabitDescription,HabitCategory`, each possibly quoted.
  public func sniff(_ head: [UInt8]) -> Bool { HabitBullColumn.sniff(head) }

  /// Reads a HabitBull CSV file (UTF-8, with or without a byte order mark).
  ///
  /// On success the context holds a locator mapping model pointers (`/records/3/date`) to the
  /// row, column label, line and column, and the findings: `numeric-value`, `duplicate-day`,
  /// `defaulted-field`, `date-order`, `blank-row`, `extra-cell`, `missing-cell`.
  /// Slashed dates are read month-first unless one is a day only day-first; then the whole
  /// file is read again day-first (see `HabitBullDate`).
  ///
  /// - Throws: ``CodecError`` `.malformedInput` with file, row, field, line and column for
  ///   `unclosed-quote`, `stray-quote`, `encoding-error`, an empty file or a missing column
  ///   (`missing-label`), a row without name, day or value (`missing-cell`), a day in no format
  ///   read or slashed dates in both orders (`type-error`); `.unsupportedOperation` for an
  ///   empty `default-category` or a bad `date-format`;
  ///   `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let options = try HabitBullOptions(context.options)
    let file = context.fileName.isEmpty ? input.displayName : context.fileName
    let progress = context.progress
    let (dataset, locator, reader) = try input.withBytes { bytes -> (TrackerDataset, CSVTableLocator, HabitBullReader) in
      let reader = HabitBullReader(file: file, options: options)
      reader.progress = progress
      do {
        let (dataset, locator) = try reader.read(bytes)
        return (dataset, locator, reader)
      } catch let evidence as HabitBullReader.DayFirstEvidence {
        // A date only day-first before any only month-first: the file is read again day-first.
        let again = HabitBullReader(file: file, options: options, dayFirst: evidence)
        again.progress = progress
        progress?.reached(bytes: 0, items: 0)
        let (dataset, locator) = try again.read(bytes)
        return (dataset, locator, again)
      }
    }
    context.report(contentsOf: reader.diagnostics)
    context.sourceLocator = locator
    return dataset
  }

  /// One `dropped-field` warning per part of the model the file leaves out, with its count
  /// (see `HabitBullWriter`); what reading back fills in the same way is not counted.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let renamed = HabitBullWriter().renamed(dataset)
    return LossReport.diagnostics(HabitBullWriter().losses(dataset), writer: Self.descriptor.name, to: output.displayName)
      + DistinctNames.diagnostics(names: renamed.map(\.name), distinct: renamed.map(\.written),
                                  pointers: renamed.map { "/trackers/\($0.index)/name" }, format: "HabitBull", output: output.displayName)
  }

  /// Writes the file: UTF-8 without a byte order mark, CRLF line ends, HabitBull's header,
  /// days as `yyyy-MM-dd` (which Loop reads whatever the phone's locale), written atomically.
  ///
  /// - Throws: ``CodecError`` `.io` and `.cannotCreateOutput` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.write { sink in
      HabitBullWriter().write(dataset, to: CSVWriter(output: sink))
    }
  }
}
