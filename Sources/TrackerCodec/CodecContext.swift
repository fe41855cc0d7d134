import TrackerModel

/// What a codec is told and what it tells back, besides the dataset.
public struct CodecContext: Sendable {
  /// The input or output path as the user gave it (`-` for standard input/output); codecs put
  /// it in every location they report.
  public var fileName: String
  /// Codec-specific options (`map`, `date-format`, `start`), from the command line's
  /// `--option KEY=VALUE` flags and dedicated flags.
  public var options: [String: String]
  /// Findings that did not stop the conversion.
  public private(set) var diagnostics: [Diagnostic] = []
  /// Set by a decoder: resolves JSON pointers into the source's lines and columns.
  public var sourceLocator: (any SourceLocator)?
  /// A decoder tells it how far it has read (bytes of the input, items made), every chunk or
  /// few thousand items; `nil` when nobody displays progress.
  public var progress: ProgressMeter?

  /// A fresh context, with no diagnostics and no locator: make one per decode or encode.
  public init(fileName: String, options: [String: String] = [:]) {
    self.fileName = fileName
    self.options = options
  }

  /// Adds a finding; the location's file is filled in when the codec left it empty.
  public mutating func report(_ diagnostic: Diagnostic) {
    var diagnostic = diagnostic
    if diagnostic.location.file == nil { diagnostic.location.file = fileName }
    diagnostics.append(diagnostic)
  }

  /// Adds several findings.
  public mutating func report(contentsOf diagnostics: some Sequence<Diagnostic>) {
    for d in diagnostics { report(d) }
  }
}
