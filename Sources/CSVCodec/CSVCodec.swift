import Foundation
import CSVCore
import TrackerCodec
import TrackerModel

/// CSV: the canonical CSV data package (a folder or zip, lossless), and single CSV files —
/// a trackers table for creating many trackers from a spreadsheet, or a log table (one row per
/// completed day), the shape most apps export.
///
/// Which shape is read is chosen by the `shape` option, which is written by `to-shape`, else by the input (a
/// folder or zip is a package; a single file is a trackers table when its header has `name`,
/// a log table when `map` is given or the header has `tracker` and `date`) or the output (a
/// name ending in `.csv`, or standard output, is a single file: a trackers table when the
/// dataset has no records, else a log table; anything else is a package). Options and cell
/// syntax are described in `docs/csv-files.md`.
///
/// The descriptor lists the three shapes in ``CodecDescriptor/shapes`` with what each cannot
/// carry; its own ``CodecDescriptor/cannotCarry`` (what every shape loses) is empty, as the
/// package loses nothing. A single-file table reports what it leaves out, field by field, as
/// `dropped-field` warnings.
public struct CSVCodec: TrackerCodec {
  /// Id `csv`. `.csv` and `.zip` are shared with other apps' exports, so both are claimed only
  /// when ``sniff(_:)`` or ``sniffPackage(_:)`` agrees.
  public static let descriptor = CodecDescriptor(
    id: "csv", name: "CSV",
    summary: "CSV data package (lossless), or one CSV file: a trackers table or a log of completed days.",
    extensions: [], sniffedExtensions: ["csv", "zip"],
    shapes: [
      .init(name: CSVShape.package.rawValue, summary: "a CSV data package: a folder, or a .zip"),
      .init(name: CSVShape.trackers.rawValue, summary: "a trackers table: a .csv name, when the dataset has no records",
            cannotCarry: CSVTrackerSheetWriter.lostFields),
      .init(name: CSVShape.log.rawValue, summary: "a log table: a .csv name, when the dataset has records",
            cannotCarry: CSVLogSheetWriter.lostFields, carriesInPart: [.repeatedTrackerNames]),
    ],
    diagnostics: CSVProblem.descriptors + [CSVSheetCodes.defaultedField, CSVSheetCodes.formulaCells, LossReport.droppedField, DistinctNames.renamed],
    options: CSVOptions.declared)

  /// The codec takes its options from ``CodecContext/options`` at each call.
  public init() {}

  /// The general CSV fallback: true when the head is UTF-8 text (a sequence cut off at the end
  /// of the head is allowed), is not JSON or markup, and its first line has at least two
  /// fields with the detected delimiter. A windows-1251 file is recognised only with the
  /// `encoding` option (``sniff(_:options:)``).
  public func sniff(_ head: [UInt8]) -> Bool {
    head.withUnsafeBytes { bytes in
      guard let start = CSVCodec.textStart(bytes), CSVCodec.isUTF8(bytes) else { return false }
      let body = UnsafeRawBufferPointer(rebasing: bytes[start...])
      let delimiter = CSVDialect.detect(head: body)
      var fields = 1, inQuotes = false, firstLine = body.count
      for (i, b) in body.enumerated() {
        if b == UInt8(ascii: "\"") { inQuotes.toggle() } else if !inQuotes {
          if b == 0x0A || b == 0x0D { firstLine = i; break }
          if b == delimiter { fields += 1 }
        }
      }
      // One column is a table too when its label says so: a list of tracker names under `name`.
      let label = String(decoding: body.prefix(firstLine), as: UTF8.self)
        .trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")).lowercased()
      return fields >= 2 || label == "name"
    }
  }

  /// With a single-byte `encoding` (windows-1251, windows-1252, ISO-8859-1), the head read in
  /// that code page, and any text that is not JSON or markup is a CSV file, even of one column:
  /// the option names a CSV encoding. Other options change nothing.
  public func sniff(_ head: [UInt8], options: [String: String]) -> Bool {
    guard let codePage = CSVCodec.codePage(options) else { return sniff(head) }
    guard let text = try? head.withUnsafeBytes({ codePage.transcode($0) }).get() else { return false }
    return text.withUnsafeBytes { CSVCodec.textStart($0) != nil }
  }

  /// For text that is not UTF-8, read without an `encoding`: the option to pass. Cyrillic
  /// text in windows-1251 is nearly all upper bytes; western European text in windows-1252 is
  /// ASCII with an accented letter here and there: the share of upper bytes among letters
  /// names the likelier code page first.
  public func unrecognisedHint(_ head: [UInt8], options: [String: String]) -> String? {
    guard CSVCodec.codePage(options) == nil, !head.withUnsafeBytes(CSVCodec.isUTF8) else { return nil }
    let upper = head.count { $0 >= 0x80 }
    let letters = upper + head.count { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    let cyrillic = upper * 3 >= letters
    let pages: [(CodePage, String)] = [(.windows1251, "as Excel saves it in Russian"), (.windows1252, "as Excel saves it in western Europe")]
    let readable = (cyrillic ? pages : pages.reversed()).filter { page, _ in
      guard let text = try? head.withUnsafeBytes({ page.transcode($0) }).get() else { return false }
      return text.withUnsafeBytes { CSVCodec.textStart($0) != nil }
    }
    guard let (first, why) = readable.first else { return nil }
    var hint = "it is not UTF-8: for a CSV file in \(first.name) (\(why)), pass --encoding \(first.name)"
    if let (other, _) = readable.dropFirst().first { hint += " (or --encoding \(other.name))" }
    return hint
  }

  /// Where the text of a head starts (after a byte order mark, spaces and tabs), or `nil` when
  /// it is empty, holds a NUL byte, or starts like JSON or markup.
  private static func textStart(_ bytes: UnsafeRawBufferPointer) -> Int? {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    guard start < bytes.count, bytes[start] != UInt8(ascii: "{"), bytes[start] != UInt8(ascii: "["),
          bytes[start] != UInt8(ascii: "<"), !bytes.contains(0) else { return nil }
    return start
  }

  /// Whether a head is UTF-8, allowing a sequence cut off at its end.
  private static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let checked = UTF8Check.scalars(base, bytes.count)
    return checked >= 0 || bytes.count - (-1 - checked) <= 3
  }

  /// The single-byte code page the options name (`encoding`, as `--encoding` gives it), or `nil`.
  private static func codePage(_ options: [String: String]) -> CodePage? {
    options["encoding"].flatMap(CSVEncoding.init(name:))?.codePage
  }

  /// A canonical package: a `datapackage.json` beside a `trackers.csv`, at the package's root
  /// (the registry passes the entries of the input's root, or of its one top folder).
  public func sniffPackage(_ members: [String]) -> Bool {
    CSVPackageReader.isPackage(members)
  }

  /// For the note when no format recognises a folder.
  public var packageContents: String? { "datapackage.json beside trackers.csv (a CSV data package)" }

  /// Reads a package, or a single file as a trackers table or a log table.
  ///
  /// On success the context holds a locator that maps model pointers (`/trackers/3/name`) to the
  /// row, column label, line and column of the cell, and the table's findings: `blank-row`,
  /// `missing-cell`, `extra-cell`, `duplicate-label`, `missing-label`, `blank-label`, `unknown-column`,
  /// `type-error`, `defaulted-field`.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a bad option value;
  ///   `.malformedInput` (located) for `unclosed-quote`, `stray-quote`, `encoding-error`, an
  ///   empty file, a missing required column, or ambiguous days; `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let options = try CSVOptions(context.options)
    if options.shape == .package {
      return try decodePackage(input, context: &context)
    }
    if options.shape == nil, try input.packageKind() != nil {
      return try decodePackage(input, context: &context)
    }
    let file = context.fileName.isEmpty ? input.displayName : context.fileName
    let source = try input.bytes()
    let (dataset, diagnostics, locator) = try source.withUnsafeBytes { bytes in
      try CSVSheetDecoder(options: options, file: file, progress: context.progress).decode(bytes)
    }
    context.report(contentsOf: diagnostics)
    context.sourceLocator = locator
    return dataset
  }

  /// Nothing for a package; for a single table, one `dropped-field` warning per part of the
  /// model it leaves out, with its count (what reading the table back would fill in the same
  /// way, such as a palette emoji chosen from the name, is not counted). An invalid option
  /// gives no losses here: ``encode(_:to:context:)`` refuses it.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    guard let parsed = try? CSVOptions(options) else { return [] }
    let shape = parsed.toShape ?? CSVCodec.defaultShape(for: output, dataset: dataset)
    switch shape {
    case .package: return []
    case .log:
      let renamed = CSVLogSheetWriter.renamed(dataset)
      return CSVLoss.diagnostics(CSVLogSheetWriter(options: parsed).losses(dataset), shape: "log table", file: output.displayName)
        + DistinctNames.diagnostics(names: renamed.map(\.name), distinct: renamed.map(\.written),
                                    pointers: renamed.map { "/trackers/\($0.index)/name" }, format: "a log table", output: output.displayName)
    case .trackers:
      return CSVLoss.diagnostics(CSVTrackerSheetWriter(options: parsed).losses(dataset), shape: "trackers table", file: output.displayName)
    }
  }

  /// Writes a package, or a single file (see the type's summary for which).
  ///
  /// A single file is UTF-8 without a byte order mark, CRLF line ends, the `delimiter` option's
  /// delimiter (default `,`). Losses are told by ``losses(writing:to:options:)``; cells that may run as
  /// formulas are prefixed with `'` under `spreadsheet-safe`, else counted in one
  /// `formula-cells` warning.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a bad option value,
  ///   `encoding=windows-1251`, or an amount or goal that is not a finite number; `.io` and
  ///   `.cannotCreateOutput` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    let options = try CSVOptions(context.options)
    let shape = options.toShape ?? CSVCodec.defaultShape(for: output, dataset: dataset)
    if shape == .package {
      return try encodePackage(dataset, to: output, context: &context)
    }
    guard options.encoding == .utf8 else {
      throw CSVOptions.invalid("encoding", "CSV files are written in UTF-8 only")
    }
    let file = context.fileName.isEmpty ? output.displayName : context.fileName
    let dialect = CSVDialect(delimiter: options.delimiter ?? UInt8(ascii: ","))
    var risk: String?
    try output.write { sink in
      let writer = CSVWriter(output: sink, dialect: dialect, spreadsheetSafe: options.spreadsheetSafe)
      if shape == .log {
        try CSVLogSheetWriter(options: options).write(dataset, to: writer)
      } else {
        try CSVTrackerSheetWriter(options: options).write(dataset, to: writer)
      }
      risk = writer.riskWarning
    }
    if let risk {
      context.report(Diagnostic(code: CSVSheetCodes.formulaCells.code, severity: .warning, message: risk,
                                location: SourceLocation(file: file)))
    }
  }

  /// A `.csv` name, standard output or memory: a single file (a trackers table without records,
  /// else a log table); any other name: a package.
  /// A package is a folder unless its name ends in `.zip`; single tables are files.
  public func writesFolder(to output: CodecOutput, options: [String: String]) -> Bool {
    guard case .file(let path) = output.destination, !path.lowercased().hasSuffix(".zip") else { return false }
    if let shape = (try? CSVOptions(options))?.toShape { return shape == .package }
    return !CSVCodec.isSingleFile(output)
  }

  static func defaultShape(for output: CodecOutput, dataset: TrackerDataset) -> CSVShape {
    guard isSingleFile(output) else { return .package }
    return dataset.records.isEmpty ? .trackers : .log
  }

  /// Whether an output with no `to-shape` is one table: a `.csv` name, standard output, memory.
  static func isSingleFile(_ output: CodecOutput) -> Bool {
    switch output.destination {
    case .file: output.fileExtension.map { $0 == "csv" || $0.hasSuffix(".csv") } ?? false
    case .standardOutput, .memory: true
    }
  }
}
