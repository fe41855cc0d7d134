import ArgumentParser
import TrackerPort

/// How input files are read: shared by every command that reads datasets.
struct InputOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Input format id (see 'trackport formats'); detected from the name and content when omitted.", valueName: "format"),
          completion: FormatCompletion.kind)
  var from: String?

  @Option(help: ArgumentHelp("CSV: map a log table's columns: tracker=COLUMN,date=COLUMN[,category=COLUMN][,amount=COLUMN][,note=COLUMN][,done=COLUMN:VALUE].", valueName: "mapping"))
  var map: String?

  @Option(help: ArgumentHelp("CSV and HabitBull: the dates' format: YYYY-MM-DD, DD.MM.YYYY, MM/DD/YYYY; HabitBull also YY (default: detected).", valueName: "pattern"))
  var dateFormat: String?

  @Option(help: ArgumentHelp(OptionHelp.encoding, valueName: "name"), completion: .list(OptionHelp.encodings))
  var encoding: String?

  @Option(help: ArgumentHelp("CSV: the delimiter: , ; or tab (default: detected when reading, , when writing).", valueName: "char"))
  var delimiter: String?

  @Option(help: ArgumentHelp("CSV input: package, trackers or log (default: from the input).", valueName: "shape"), completion: .list(["package", "trackers", "log"]))
  var shape: String?

  @Option(help: ArgumentHelp(OptionHelp.defaultCategory, valueName: "title"))
  var defaultCategory: String?

  @Option(name: .customLong("option"),
          help: ArgumentHelp("A codec option KEY=VALUE; repeatable. 'trackport formats' lists each format's options; a key none of the command's formats takes is refused.", valueName: "key=value"),
          completion: FormatCompletion.optionKeys)
  var rawOptions: [String] = []

  /// The dedicated flags and `--option` values as the codecs' option dictionary.
  var codecOptions: [String: String] {
    get throws {
      var result: [String: String] = [:]
      for raw in rawOptions {
        guard let eq = raw.firstIndex(of: "="), eq != raw.startIndex else {
          throw ValidationError("--option takes KEY=VALUE, got '\(raw)'")
        }
        result[String(raw[..<eq])] = String(raw[raw.index(after: eq)...])
      }
      let flags: [(String, String?)] = [("map", map), ("date-format", dateFormat), ("encoding", encoding),
                                        ("delimiter", delimiter), ("shape", shape), ("default-category", defaultCategory)]
      for (key, value) in flags { if let value { result[key] = value } }
      return result
    }
  }

  func validate() throws {
    _ = try codecOptions
    // Codecs differ on an empty title (one falls back to its default, another refuses it):
    // the command line refuses it for all of them.
    if let defaultCategory, defaultCategory.allSatisfy(\.isWhitespace) {
      throw ValidationError("--default-category takes a category title, got an empty one")
    }
  }
}

extension DiagnosticFormat: ExpressibleByArgument {}
