import TrackerModel

/// What a codec is, what files it claims, and what it cannot carry.
public struct CodecDescriptor: Hashable, Sendable {
  /// A short lower-case id used by `--from`/`--to` (`json`, `csv`).
  public var id: String
  /// A human name (`TrackerPort JSON`).
  public var name: String
  /// One line for `trackport formats`.
  public var summary: String
  /// File-name endings (without the dot) this codec claims outright, most specific first:
  /// `trackport.json`.
  public var extensions: [String]
  /// Endings shared with other formats (`json`, `csv`, `zip`, `db`): claimed only when
  /// ``TrackerCodec/sniff(_:)`` recognises the content.
  public var sniffedExtensions: [String]
  /// Whether the codec decodes; a write-only codec is never detected for an input, and
  /// naming it with `--from` is `unsupported-operation`.
  public var canRead: Bool
  /// Whether the codec encodes; a read-only codec is never chosen for an output name, and
  /// naming it with `--to` is `unsupported-operation`.
  public var canWrite: Bool
  /// Parts of the model this format cannot carry; writing a dataset that has them reports a
  /// `dropped-field` warning for each.
  public var cannotCarry: [ModelField]
  /// Diagnostic codes this codec may report (listed by `trackport rules`).
  public var diagnostics: [DiagnosticDescriptor]
  /// Where the codec comes from: ``builtInOrigin``, or a plugin's path.
  public var origin: String

  /// The ``origin`` of codecs compiled into TrackerPort or registered by a library user.
  public static let builtInOrigin = "built-in"

  /// The defaults describe a built-in codec that reads and writes, claims its endings
  /// outright and loses nothing.
  public init(id: String, name: String, summary: String, extensions: [String],
              sniffedExtensions: [String] = [], canRead: Bool = true, canWrite: Bool = true,
              cannotCarry: [ModelField] = [], diagnostics: [DiagnosticDescriptor] = [],
              origin: String = "built-in") {
    self.id = id
    self.name = name
    self.summary = summary
    self.extensions = extensions
    self.sniffedExtensions = sniffedExtensions
    self.canRead = canRead
    self.canWrite = canWrite
    self.cannotCarry = cannotCarry
    self.diagnostics = diagnostics
    self.origin = origin
  }
}
