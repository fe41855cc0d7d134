import CSVCore
import TrackerCodec

/// The CSV codec's options, read from ``CodecContext/options`` (`--option KEY=VALUE`).
///
/// Keys other codecs use are ignored, since one command line's options reach both the reader
/// and the writer.
struct CSVOptions: Sendable {
  /// `shape`: how to read the input (package, trackers or log); `nil` decides by the input
  /// (`docs/csv-files.md`).
  var shape: CSVShape?
  /// `to-shape`: how to write the output; `nil` decides by the output's name and the dataset.
  /// Separate from `shape`, since one command line's options reach both reader and writer.
  var toShape: CSVShape?
  /// `map`: the log table's columns.
  var map: CSVLogMap?
  /// `date-format`: how days are written; `nil` detects on reading and writes `YYYY-MM-DD`. A
  /// two-digit year (`DD.MM.YY`, read as 2000–2099) is written with four digits
  /// (``CSVDateFormat/writing``).
  var dateFormat: CSVDateFormat?
  /// `delimiter`: `,` `;` or `tab`; `nil` detects on reading and writes `,`.
  var delimiter: UInt8?
  /// `encoding`: utf-8, or a single-byte code page (``CSVEncoding``; reading only).
  var encoding: CSVEncoding = .utf8
  /// `spreadsheet-safe`: neutralise cells that may run as formulas.
  var spreadsheetSafe = false
  /// `default-category`: the category title for trackers without one.
  var defaultCategory = "Imported"

  /// The options declared in the codec's descriptor, for `trackport formats` and the check of
  /// `--option` keys; `init(_:)` reads exactly these keys.
  static let declared: [CodecOption] = [
    CodecOption("shape", .choice(CSVShape.allCases.map(\.rawValue)),
                help: "read the input as this shape (default: a folder or zip is a package, a file a table) (--shape)",
                reads: true, writes: false),
    CodecOption("to-shape", .choice(CSVShape.allCases.map(\.rawValue)),
                help: "write this shape (default: a .csv name is one table, anything else a package) (--to-shape)",
                reads: false, writes: true),
    CodecOption("map", .text,
                help: "a log table's columns: tracker=COLUMN,date=COLUMN[,category=..][,amount=..][,note=..][,done=COLUMN:VALUE] (--map)",
                reads: true, writes: false),
    CodecOption("date-format", .text,
                help: "how days are written in a table: YYYY-MM-DD, DD.MM.YYYY, MM/DD/YYYY, DD.MM.YY... (default: detected; YYYY-MM-DD written) (--date-format)",
                reads: true, writes: true),
    CodecOption("delimiter", .choice([",", ";", "tab", "|"]),
                help: "a table's delimiter (default: detected when reading, , when writing) (--delimiter)",
                reads: true, writes: true, aliases: ["comma", "semicolon", "\t", "\\t", "pipe"]),
    CodecOption("encoding", .choice(CSVEncoding.allCases.map(\.rawValue)), default: "utf-8",
                help: "the text encoding of a table read (tables are written in UTF-8) (--encoding)", reads: true, writes: false,
                aliases: CSVEncoding.aliases),
    CodecOption("spreadsheet-safe", .boolean, default: "false",
                help: "prefix cells starting with = + - @ with ' so spreadsheets do not run them (--spreadsheet-safe)",
                reads: false, writes: true),
    CodecOption("default-category", .text, default: "Imported",
                help: "the category of trackers a table gives none (--default-category)", reads: true, writes: false),
  ]

  /// - Throws: ``CodecError`` `.unsupportedOperation` naming the option whose value is wrong.
  init(_ options: [String: String]) throws {
    if let value = options["shape"] {
      guard let shape = CSVShape(rawValue: value.lowercased()) else {
        throw CSVOptions.invalid("shape", "'\(value)' is not package, trackers or log")
      }
      self.shape = shape
    }
    if let value = options["to-shape"] {
      guard let shape = CSVShape(rawValue: value.lowercased()) else {
        throw CSVOptions.invalid("to-shape", "'\(value)' is not package, trackers or log")
      }
      toShape = shape
    }
    if let value = options["map"] { map = try CSVLogMap(option: value) }
    if let value = options["date-format"] {
      guard let format = CSVDateFormat(value.uppercased(), shortYear: true) else {
        throw CSVOptions.invalid("date-format", "'\(value)' needs YYYY (or YY), MM and DD once each, with separators, as in DD.MM.YYYY")
      }
      dateFormat = format
    }
    if let value = options["delimiter"] {
      switch value.lowercased() {
      case ",", "comma": delimiter = UInt8(ascii: ",")
      case ";", "semicolon": delimiter = UInt8(ascii: ";")
      case "tab", "\t", "\\t": delimiter = UInt8(ascii: "\t")
      case "|", "pipe": delimiter = UInt8(ascii: "|")
      default: throw CSVOptions.invalid("delimiter", "'\(value)' is not ',', ';', 'tab' or '|'")
      }
    }
    if let value = options["encoding"] {
      guard let encoding = CSVEncoding(name: value) else {
        throw CSVOptions.invalid("encoding", "'\(value)' is not " + CSVEncoding.allCases.map(\.rawValue).joined(separator: ", "))
      }
      self.encoding = encoding
    }
    if let value = options["spreadsheet-safe"] {
      guard let flag = CodecOption.boolean(value) else {
        throw CSVOptions.invalid("spreadsheet-safe", "'\(value)' is not true or false")
      }
      spreadsheetSafe = flag
    }
    if let value = options["default-category"] {
      guard !value.isEmpty else { throw CSVOptions.invalid("default-category", "the title is empty") }
      defaultCategory = value
    }
  }

  /// The error for a bad option value.
  static func invalid(_ key: String, _ problem: String) -> CodecError {
    CodecError(.unsupportedOperation, "CSV option \(key): \(problem)", note: "see docs/csv-files.md")
  }
}
