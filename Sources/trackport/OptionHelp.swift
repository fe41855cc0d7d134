import TrackerPort

/// The help of a dedicated flag that stands for a codec option (`--default-category`,
/// `--encoding`), made from the built-in codecs' declarations: a codec that starts taking the
/// option is named in the flag's help, and its values offered, without an edit here.
enum OptionHelp {
  /// The built-in codecs that read with option `key`, in `trackport formats` order, each with
  /// its declaration of the option.
  static func readers(of key: String) -> [(codec: CodecDescriptor, option: CodecOption)] {
    StandardCodecs.all.compactMap { codec in
      codec.descriptor.options.first { $0.key == key && $0.reads }.map { (codec.descriptor, $0) }
    }
  }

  /// `--default-category`: every reader that takes it, with its default.
  static var defaultCategory: String {
    let readers = readers(of: "default-category").map { "\($0.codec.name) (\($0.option.defaultValue ?? "none"))" }
    return "The category of trackers the input gives none, for the formats that read one: " + readers.joined(separator: ", ") + "."
  }

  /// `--encoding`: the formats that take it and the encodings they read.
  static var encoding: String {
    let readers = readers(of: "encoding")
    return readers.map(\.codec.name).joined(separator: " and ") + ": the text encoding: " + encodings.joined(separator: ", ")
      + " (default: utf-8; tables are written in UTF-8)."
  }

  /// The encodings every reader that takes `encoding` declares, for completion.
  static var encodings: [String] {
    var values: [String] = []
    for (_, option) in readers(of: "encoding") {
      guard case .choice(let choices) = option.values else { continue }
      for choice in choices where !values.contains(choice) { values.append(choice) }
    }
    return values
  }
}
