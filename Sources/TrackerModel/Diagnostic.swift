/// How serious a diagnostic is.
public enum Severity: String, CaseIterable, Hashable, Comparable, Sendable, Codable {
  /// Reported, but the dataset stays valid unless validated with `--strict`.
  case warning
  /// Makes the dataset invalid: `trackport validate` exits 1.
  case error

  /// Warnings before errors, so the worst of several severities is their `max()`.
  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs == .warning && rhs == .error
  }
}

/// Where a problem is: the file, a JSON pointer into the canonical model, and the place in the
/// source text (1-based line and column, or row and field for table formats).
///
/// Validation rules know only the pointer; a codec's ``SourceLocator`` fills in line and column
/// afterwards, so every diagnostic of a file can be jumped to in an editor.
public struct SourceLocation: Hashable, Sendable {
  /// The path as the user gave it, or `-` for standard input.
  public var file: String?
  /// A JSON pointer (RFC 6901) into the canonical model: `/trackers/3/name`.
  public var pointer: String?
  /// 1-based line in the source text.
  public var line: Int?
  /// 1-based column, in Unicode scalars from the start of the line.
  public var column: Int?
  /// 1-based row of a table format (header is row 1).
  public var row: Int?
  /// The column name of a table format.
  public var field: String?

  /// Every part is optional: a rule sets only `pointer`; file, line and column are filled in
  /// later, once for all findings.
  public init(file: String? = nil, pointer: String? = nil, line: Int? = nil, column: Int? = nil,
              row: Int? = nil, field: String? = nil) {
    self.file = file
    self.pointer = pointer
    self.line = line
    self.column = column
    self.row = row
    self.field = field
  }
}

/// A finding that does not stop a dataset from being produced: a rule violation, a lossy
/// conversion, an unknown key kept in `extras`.
public struct Diagnostic: Hashable, Sendable {
  /// A stable kebab-case code (`name-too-long`); codes are public API.
  public var code: String
  /// The severity the code is listed with (``DiagnosticDescriptor``); it decides validity.
  public var severity: Severity
  /// One sentence a user can act on.
  public var message: String
  /// Where the problem is. Rules give only a pointer; `located(by:file:)` in `TrackerCodec`
  /// adds file, line and column.
  public var location: SourceLocation
  /// Optional further help: what to do, or the value found.
  public var note: String?

  /// A finding as given. Rules call `diagnostic(_:at:note:)` instead, which takes code and
  /// severity from the rule's descriptor.
  public init(code: String, severity: Severity, message: String,
              location: SourceLocation = SourceLocation(), note: String? = nil) {
    self.code = code
    self.severity = severity
    self.message = message
    self.location = location
    self.note = note
  }
}

/// What a diagnostic code means: listed by `trackport rules` and documented in `docs/rules.md`.
public struct DiagnosticDescriptor: Hashable, Sendable {
  /// The stable kebab-case code: what `--select` and `--ignore` take.
  public var code: String
  /// The severity of every diagnostic reported under ``code``.
  public var severity: Severity
  /// One line: what the code reports.
  public var summary: String

  /// Rules declare theirs as `static let descriptor`; codecs list theirs in their codec
  /// descriptor, so `trackport rules` can show them.
  public init(code: String, severity: Severity, summary: String) {
    self.code = code
    self.severity = severity
    self.summary = summary
  }
}

/// Something that can tell where in its source text a part of the canonical model came from.
///
/// A codec returns one from decoding; it is asked once, after validation, for all pointers at
/// once, so a locator may rescan its source in one pass instead of keeping a position for
/// every value in memory.
public protocol SourceLocator: Sendable {
  /// Locations (line and column, or row and field) of the given JSON pointers. A pointer with
  /// no exact match resolves to its nearest existing ancestor; one with none is left out.
  func locate(_ pointers: Set<String>) -> [String: SourceLocation]
}

/// Building JSON pointers (RFC 6901).
public enum JSONPointer {
  /// `/a/b/3` from path components, escaping `~` and `/`.
  public static func make(_ components: Any...) -> String {
    var result = ""
    for component in components {
      result += "/" + escape("\(component)")
    }
    return result
  }

  /// Escapes one reference token: `~` → `~0`, `/` → `~1`.
  public static func escape(_ token: String) -> String {
    // Bytes: `contains` with a string argument goes through Foundation's locale-aware search,
    // which made escaping most of the time of reading a big foreign JSON file.
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
    return token.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1")
  }

  /// The pointer one level up, or `nil` for the root.
  public static func parent(of pointer: String) -> String? {
    guard !pointer.isEmpty, let slash = pointer.lastIndex(of: "/") else { return nil }
    return String(pointer[..<slash])
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
    var result = ""
    for c in self { if c == target { result += replacement } else { result.append(c) } }
    return result
  }
}
