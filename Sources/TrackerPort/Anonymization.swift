/// One run of `trackport anonymize`: a file read with its own format, its personal data
/// replaced (``DatasetAnonymizer``), and written back in the same format with the same
/// options, so that it can be attached to a bug report.
///
/// The output is written atomically, never replaces the input (even with ``overwrite``) and
/// replaces another existing file only with ``overwrite``, as ``Conversion`` writes. Only a
/// format that can be both read and written can be anonymized; any codec that can, a plugin's
/// included, is taken as it is, with no list of formats.
public struct Anonymization: Sendable {
  /// The input path as the user gave it; `-` means standard input.
  public var input: String
  /// The output path; `-` means standard output.
  public var output: String
  /// `--from`: the input codec id; detected as `convert` detects it when `nil`.
  public var from: String?
  /// `--force`: replace an existing output (never the input).
  public var overwrite: Bool
  /// Codec options (`KEY=VALUE`), for reading and for writing, each codec given those it
  /// declares (``CodecDescriptor/checkOptions(_:reading:writing:)``); those the codec asks for
  /// to write back what it read (``TrackerCodec/optionsWritingBack(_:)``) are added, and these
  /// win.
  public var options: [String: String]
  /// What replaces what, and by how many days dates move.
  public var anonymizer: DatasetAnonymizer

  /// Defaults detect the format, refuse to replace an existing output, pass no options and
  /// keep the days.
  public init(input: String, output: String, from: String? = nil, overwrite: Bool = false,
              options: [String: String] = [:], anonymizer: DatasetAnonymizer = DatasetAnonymizer()) {
    self.input = input
    self.output = output
    self.from = from
    self.overwrite = overwrite
    self.options = options
    self.anonymizer = anonymizer
  }

  /// What a run did.
  public struct Result: Sendable {
    /// The format read and written.
    public var format: CodecDescriptor
    /// The reader's diagnostics: about the input, so they name its habits and quote its text.
    public var readDiagnostics: [Diagnostic]
    /// The writer's diagnostics, about the output (empty when nothing was written).
    public var writeDiagnostics: [Diagnostic] = []
    /// How many errors the reader met (parts of the input left out, ``DatasetFile/readErrors``).
    public var readErrors: Int
    /// The dataset written, when it was; `nil` when nothing was written.
    public var written: TrackerDataset?
  }

  /// Reads the input, replaces its personal data and writes it back in its own format, unless
  /// part of the input could not be read and `skipBadRows` is not set (nothing is written then:
  /// ``Result/written`` is `nil`).
  ///
  /// The format and the output are checked before the input is read, so a read-only format or
  /// a refused output fails fast.
  ///
  /// - Throws: ``CodecError``: `.unsupportedOperation` for a format that can be read but not
  ///   written (the message names the formats that can be anonymized), and whatever reading
  ///   (``DatasetFile/load(_:reader:options:progress:)``) and writing throw: `.cannotCreateOutput`
  ///   for an output that is the input or exists without ``overwrite``.
  public func run(source: CodecInput? = nil, registry: CodecRegistry = StandardCodecs.registry,
                  skipBadRows: Bool = false, progress: ProgressMeter? = nil) throws -> Result {
    let source = source ?? CodecInput(path: input)
    let codec = try DatasetFile.reader(for: source, format: from, registry: registry, options: options)
    guard codec.descriptor.canWrite else {
      let writable = registry.codecs.map(\.descriptor).filter { $0.canRead && $0.canWrite }.map(\.id)
      throw CodecError(.unsupportedOperation,
                       "\(codec.descriptor.name) (\(codec.descriptor.id)) can be read but not written, and anonymize writes the format it reads",
                       location: SourceLocation(file: source.displayName),
                       note: "the formats anonymize takes: \(writable.joined(separator: ", ")); to share what this file holds, convert it (trackport convert \(input) FILE.trackport.json) and anonymize that, if what goes wrong still shows there")
    }
    try CodecDescriptor.checkOptions(options, reading: [codec.descriptor], writing: [codec.descriptor])
    // Checked now so that a refused output fails before the input is read; made again below
    // with the options that write back what was read.
    _ = try destination(options: options, registry: registry, codec: codec)
    let file = try DatasetFile.load(source, reader: codec, options: options, progress: progress)
    let readErrors = file.readErrors.count
    guard readErrors == 0 || skipBadRows else {
      return Result(format: codec.descriptor, readDiagnostics: file.diagnostics, readErrors: readErrors, written: nil)
    }
    let writing = codec.optionsWritingBack(file.dataset).merging(options) { _, given in given }
    var destination = try destination(options: writing, registry: registry, codec: codec)
    let anonymized = anonymizer.anonymize(file.dataset)
    let said = try destination.write(anonymized, progress: progress, now: DatasetAnonymizer.writingNow(for: anonymized))
    return Result(format: codec.descriptor, readDiagnostics: file.diagnostics, writeDiagnostics: said, readErrors: readErrors,
                  written: anonymized)
  }

  private func destination(options: [String: String], registry: CodecRegistry, codec: any TrackerCodec) throws -> DatasetDestination {
    try DatasetDestination(path: output, format: codec.descriptor.id, overwrite: overwrite, inputs: [input],
                           options: options, registry: registry)
  }
}
