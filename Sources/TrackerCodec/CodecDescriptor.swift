import TrackerModel

/// What a codec is, what files it claims, what options it takes, and what it cannot carry.
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
  /// Parts of the model this format has no place for, in the model's order: writing a dataset
  /// that uses them reports a `dropped-field` warning for each (some only for the values that
  /// happen to come back anyway, such as an emoji equal to the one reading back chooses), and
  /// what reading fills them with is a default or an invention, never the user's data, so
  /// `diff` and `merge` treat them as unset on this format's side (`MergeInput`). For a codec
  /// with ``shapes``, what every shape loses.
  public var cannotCarry: [ModelField]
  /// Parts of the model this format holds, but not every value of (Loop keeps a colour of its
  /// own palette, and a frequency only for a yes/no habit), in the model's order: writing
  /// reports a `dropped-field` warning for the values that do not come back, and what reading
  /// gives is the user's data, so `diff` and `merge` compare it. Never also in ``cannotCarry``.
  /// For a codec with ``shapes``, what every shape keeps in part.
  public var carriesInPart: [ModelField]
  /// Members of the codec's own extras namespace (`extras[id]`) that keep the source's exact
  /// value of a model field: writing them to another format is reported under that field
  /// (``LossReport/namingExtras(_:writing:writer:sources:)``), not as `extras`. Empty for most.
  public var extrasMeanings: [ExtrasMeaning]
  /// The shapes of output a codec writes that lose different parts of the model (a CSV package
  /// loses nothing, a log table a lot), chosen with the `to-shape` option (`--to-shape`); empty
  /// for a codec that writes one shape, whose losses are ``cannotCarry``.
  public var shapes: [Shape]
  /// Diagnostic codes this codec may report (listed by `trackport rules`).
  public var diagnostics: [DiagnosticDescriptor]
  /// Every `--option` key the codec reads, with its values, default and help, in the order
  /// `trackport formats` lists them. A key no codec involved in a command declares is refused
  /// (``checkOptions(_:reading:writing:)``), and a codec is given only the options it declares
  /// for what it is doing (``given(_:reading:)``); empty for a codec that takes none.
  public var options: [CodecOption]
  /// Where the codec comes from: ``builtInOrigin``, or a plugin's path.
  public var origin: String

  /// The ``origin`` of codecs compiled into TrackerPort or registered by a library user.
  public static let builtInOrigin = "built-in"

  /// Everything a writer may report lost: ``cannotCarry`` and ``carriesInPart``, in the
  /// model's order.
  public var mayLose: [ModelField] { ModelField.inModelOrder(cannotCarry + carriesInPart) }

  /// The defaults describe a built-in codec that reads and writes, claims its endings
  /// outright, takes no options and loses nothing.
  public init(id: String, name: String, summary: String, extensions: [String],
              sniffedExtensions: [String] = [], canRead: Bool = true, canWrite: Bool = true,
              cannotCarry: [ModelField] = [], carriesInPart: [ModelField] = [], extrasMeanings: [ExtrasMeaning] = [],
              shapes: [Shape] = [],
              diagnostics: [DiagnosticDescriptor] = [], options: [CodecOption] = [],
              origin: String = "built-in") {
    self.id = id
    self.name = name
    self.summary = summary
    self.extensions = extensions
    self.sniffedExtensions = sniffedExtensions
    self.canRead = canRead
    self.canWrite = canWrite
    self.cannotCarry = cannotCarry
    self.carriesInPart = carriesInPart
    self.extrasMeanings = extrasMeanings
    self.shapes = shapes
    self.diagnostics = diagnostics
    self.options = options
    self.origin = origin
  }

  /// One shape of output, and what it cannot carry.
  public struct Shape: Hashable, Sendable {
    /// The `to-shape` value that writes it (`log`).
    public var name: String
    /// What it is, and when it is written without `to-shape` (`a log table: a .csv name, when
    /// the dataset has records`).
    public var summary: String
    /// Parts of the model this shape cannot carry, in the model's order, as for
    /// ``CodecDescriptor/cannotCarry``.
    public var cannotCarry: [ModelField]
    /// Parts of the model this shape holds only some values of, as for
    /// ``CodecDescriptor/carriesInPart``.
    public var carriesInPart: [ModelField]

    /// A shape written with `to-shape=name`.
    public init(name: String, summary: String, cannotCarry: [ModelField] = [], carriesInPart: [ModelField] = []) {
      self.name = name
      self.summary = summary
      self.cannotCarry = cannotCarry
      self.carriesInPart = carriesInPart
    }
  }
}
