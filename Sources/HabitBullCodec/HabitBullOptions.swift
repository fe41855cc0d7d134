import CSVCore
import TrackerCodec

/// The HabitBull codec's options, from ``CodecContext/options`` (`--option KEY=VALUE` and the
/// dedicated flags); keys other codecs use are ignored.
struct HabitBullOptions: Sendable {
  /// `default-category` (`--default-category`): the category of habits whose `HabitCategory`
  /// is empty.
  var defaultCategory = "HabitBull"
  /// `date-format` (`--date-format`): how `CalendarDate` is written when it is not
  /// `yyyy-MM-dd` (`DD/MM/YYYY`, `DD.MM.YY`); `nil` reads the formats ``HabitBullDate`` lists.
  /// Reading only: TrackerPort writes `yyyy-MM-dd`, which Loop reads in any locale.
  var dateFormat: CSVDateFormat?
  /// `encoding` (`--encoding`): `utf-8` (default), or a single-byte code page transcoded before
  /// parsing (``CSVEncoding``).
  /// Reading only: TrackerPort writes UTF-8.
  var encoding: CSVEncoding = .utf8

  /// The options declared in the descriptor: all three apply to reading only.
  static let declared: [CodecOption] = [
    CodecOption("default-category", .text, default: "HabitBull",
                help: "the category of habits whose HabitCategory is empty (--default-category)", reads: true, writes: false),
    CodecOption("date-format", .text,
                help: "how CalendarDate is written when not yyyy-MM-dd: DD/MM/YYYY, MM/DD/YYYY, DD.MM.YY... (--date-format)",
                reads: true, writes: false),
    CodecOption("encoding", .choice(CSVEncoding.allCases.map(\.rawValue)), default: "utf-8",
                help: "the file's text encoding (--encoding)", reads: true, writes: false,
                aliases: CSVEncoding.aliases),
  ]

  /// - Throws: ``CodecError`` `.unsupportedOperation` for an empty `default-category`, a
  ///   `date-format` that is not a pattern or an unknown `encoding`.
  init(_ options: [String: String]) throws {
    if let value = options["default-category"] {
      guard !value.isEmpty else {
        throw CodecError(.unsupportedOperation, "HabitBull option default-category: the title is empty",
                         note: "see docs/habitbull.md")
      }
      defaultCategory = value
    }
    if let value = options["date-format"] {
      guard let format = CSVDateFormat(value.uppercased(), shortYear: true) else {
        throw CodecError(.unsupportedOperation,
                         "HabitBull option date-format: '\(value)' needs YYYY (or YY), MM and DD once each, with separators, as in DD/MM/YYYY",
                         note: "see docs/habitbull.md")
      }
      dateFormat = format
    }
    if let value = options["encoding"] {
      guard let encoding = CSVEncoding(name: value) else {
        throw CodecError(.unsupportedOperation, "HabitBull option encoding: '\(value)' is not " + CSVEncoding.allCases.map(\.rawValue).joined(separator: ", "),
                         note: "see docs/habitbull.md")
      }
      self.encoding = encoding
    }
  }
}
