import TrackerModel

/// One `--option KEY=VALUE` a codec takes, as its descriptor declares it.
///
/// The declarations are the one source for what the command line accepts (a key no involved
/// codec declares is refused, ``CodecDescriptor/checkOptions(_:reading:writing:)``), for
/// `trackport formats` and its JSON, for shell completion and for forms built on them. A codec is
/// given only the options it declares for what it is doing (reading or writing).
public struct CodecOption: Hashable, Sendable {
  /// The key after `--option` (`email`, `to-shape`): lower-case letters, digits and hyphens.
  public var key: String
  /// What values it takes.
  public var values: Values
  /// The value used when the option is not given, as the user would write it (`utf-8`); `nil`
  /// when the default is not a value (detected from the input, this computer's zone, none).
  public var defaultValue: String?
  /// One line for `trackport formats` and `--help`, saying what the option changes.
  public var help: String
  /// Whether the codec reads the option when it reads (decodes) a file.
  public var reads: Bool
  /// Whether the codec reads the option when it writes (encodes) a file.
  public var writes: Bool
  /// Other spellings a ``Values/choice(_:)`` accepts (`comma` for `,`), checked like the
  /// listed values but not shown in the table.
  public var aliases: [String]

  /// An option read when reading, when writing, or both (`reads` and `writes` must not both be
  /// false; a declaration test checks the built-in codecs).
  public init(_ key: String, _ values: Values, default defaultValue: String? = nil, help: String,
              reads: Bool, writes: Bool, aliases: [String] = []) {
    self.key = key
    self.values = values
    self.defaultValue = defaultValue
    self.help = help
    self.reads = reads
    self.writes = writes
    self.aliases = aliases
  }

  /// What an option's value may be. The host checks ``choice(_:)``, ``boolean``, ``date`` and
  /// ``integer(_:_:)`` values before any codec runs; other kinds are checked by the codec.
  public enum Values: Hashable, Sendable {
    /// One of these words, compared without case (`package`, `trackers`, `log`).
    case choice([String])
    /// Free text (a title, an e-mail address, a pattern the codec parses).
    case text
    /// `true` or `false` (also `yes`/`no`, `1`/`0`; an empty value is `true`).
    case boolean
    /// A day, `YYYY-MM-DD`.
    case date
    /// An IANA time-zone name (`Europe/Moscow`).
    case timeZone
    /// A file path.
    case path
    /// A whole number from `minimum` to `maximum`.
    case integer(Int, Int)

    /// The kind's name in `formats --json` and plugin descriptors: `choice`, `text`,
    /// `boolean`, `date`, `time-zone`, `path`, `integer`.
    public var kind: String {
      switch self {
      case .choice: "choice"
      case .text: "text"
      case .boolean: "boolean"
      case .date: "date"
      case .timeZone: "time-zone"
      case .path: "path"
      case .integer: "integer"
      }
    }

    /// A short form for tables and error notes: `package|trackers|log`, `YYYY-MM-DD`, `0-23`.
    public var placeholder: String {
      switch self {
      case .choice(let words): words.joined(separator: "|")
      case .text: "TEXT"
      case .boolean: "true|false"
      case .date: "YYYY-MM-DD"
      case .timeZone: "ZONE"
      case .path: "PATH"
      case .integer(let low, let high): "\(low)-\(high)"
      }
    }
  }

  /// Whether the option applies to reading (`reading` true) or to writing.
  public func applies(reading: Bool) -> Bool { reading ? reads : writes }

  /// A boolean value as options spell it: `true`, `yes`, `1` or empty → true; `false`, `no`,
  /// `0` → false; anything else `nil`. Codecs reading a ``Values/boolean`` option use it, so
  /// they take exactly what the host accepted.
  public static func boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "", "true", "yes", "1": true
    case "false", "no", "0": false
    default: nil
    }
  }

  /// Why `value` is not a value of this option, or `nil` when it is one (or its kind is one the
  /// codec checks itself: text, path, time zone).
  public func problem(with value: String) -> String? {
    switch values {
    case .choice(let words):
      let wanted = value.lowercased()
      if (words + aliases).contains(where: { $0.lowercased() == wanted }) { return nil }
      return "'\(value)' is not " + CodecOption.list(words.map { "'\($0)'" })
    case .boolean:
      return CodecOption.boolean(value) == nil ? "'\(value)' is not true or false" : nil
    case .date:
      return LocalDate(value) == nil ? "'\(value)' is not a day written YYYY-MM-DD" : nil
    case .integer(let low, let high):
      guard let number = Int(value), (low...high).contains(number) else {
        return "'\(value)' is not a whole number from \(low) to \(high)"
      }
      return nil
    case .text, .path, .timeZone:
      return nil
    }
  }

  /// `a`, `a or b`, `a, b or c`.
  static func list(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + last
  }

  /// Whether `key` is a well-formed option key: lower-case ASCII letters, digits and hyphens,
  /// starting with a letter.
  public static func isValidKey(_ key: String) -> Bool {
    guard let first = key.utf8.first, (0x61...0x7A).contains(first) else { return false }
    return key.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
  }
}
