/// One conversion from an input file to an output file.
public struct Conversion: Sendable {
  /// The input path as the user gave it; `-` means standard input.
  public var input: String
  /// The output path; `-` means standard output. Never the input: that is refused even with
  /// `--force`.
  public var output: String
  /// `--from`: the input codec id; detected when `nil`.
  public var from: String?
  /// `--to`: the output codec id; taken from the output's name when `nil`.
  public var to: String?
  /// `--force`: replace an existing output (never an input).
  public var overwrite: Bool
  /// Codec options (`KEY=VALUE`): each key must be one the reader declares for reading or the
  /// writer for writing, and each codec is given its own (``CodecDescriptor/options``).
  public var options: [String: String]
  /// `--fit-names`: shorten names over the app's 38 characters, the full name kept in extras
  /// (``NameFitting``); without it such names are told of as `name-too-long` warnings.
  public var fitNames = false
  /// `--full-names`: write the full names `--fit-names` shortened (``NameFitting/restore(in:)``),
  /// for an app without the 38-character limit; long names are then not told of.
  public var fullNames = false

  /// Defaults detect both formats, refuse to replace an existing output and pass no options.
  public init(input: String, output: String, from: String? = nil, to: String? = nil,
              overwrite: Bool = false, options: [String: String] = [:]) {
    self.input = input
    self.output = output
    self.from = from
    self.to = to
    self.overwrite = overwrite
    self.options = options
  }

  /// Why a conversion wrote nothing, though it could read its input.
  public enum Refusal: Hashable, Sendable {
    /// Part of the input could not be read (``DatasetFile/readErrors``; ``Result/readErrors``
    /// counts them), and the caller did not ask to write the rest (`skipBadRows`).
    case readErrors
    /// The output format would drop data (``Result/losses`` counts it), and the caller asked
    /// for no loss (`refuseLoss`).
    case losses
  }

  /// What a conversion did.
  public struct Result: Sendable {
    /// The reader's diagnostics, then one `dropped-field` per field the output format cannot
    /// carry, then the writer's.
    public var diagnostics: [Diagnostic]
    /// Why nothing was written; `nil` when the output was written.
    public var refusal: Refusal?
    /// How many losses the output format reported for this dataset before writing (its
    /// `dropped-field` warnings, and a writer's per-habit `lossy-frequency` ones).
    public var losses: Int
    /// How many errors the reader met (parts of the input left out); with `skipBadRows` the
    /// output was written without them.
    public var readErrors: Int
    /// Advice on the output's name when a plain shared ending chose the general format while
    /// an app's was likely meant (``DatasetDestination/appFormatHint(reader:registry:)``).
    public var hint: String? = nil
    /// The dataset read, when it was written: what a caller that checks the output (the
    /// server's read-back) compares it with.
    public var dataset: TrackerDataset? = nil

    /// Whether the output was written.
    public var wrote: Bool { refusal == nil }
  }

  /// Reads, then writes, unless part of the input could not be read (a row with a bad date)
  /// and `skipBadRows` is not set, or the output format would drop data and `refuseLoss` is set.
  ///
  /// The output and the options are checked before the input is read, so a refused output or
  /// a misspelt option fails fast: a key neither codec declares is `.unknownOption`, a value a
  /// declaration rules out `.unsupportedOperation` (``CodecDescriptor/checkOptions(_:reading:writing:)``).
  /// The output is written atomically and never replaces the input. `progress`, when given, is told how far
  /// reading (phase `reading`) and then writing (phase `writing`) have gone. `source`, when
  /// given, holds the input's bytes (an upload to `trackport serve`), which ``input`` then only
  /// names, for detection by name and in diagnostics.
  public func run(source: CodecInput? = nil, registry: CodecRegistry = StandardCodecs.registry,
                  refuseLoss: Bool = false, skipBadRows: Bool = false,
                  progress: ProgressMeter? = nil) throws -> Result {
    var (destination, reader, file) = try read(source: source, registry: registry, progress: progress)
    let readErrors = file.readErrors.count
    if readErrors > 0, !skipBadRows {
      return Result(diagnostics: file.diagnostics, refusal: .readErrors, losses: 0, readErrors: readErrors)
    }
    let losses = destination.losses(writing: file.dataset)
    if refuseLoss, !losses.isEmpty {
      return Result(diagnostics: file.diagnostics + losses, refusal: .losses, losses: losses.count,
                    readErrors: readErrors)
    }
    let written = try destination.write(file.dataset, progress: progress)
    var result = Result(diagnostics: file.diagnostics + losses + written, refusal: nil, losses: losses.count,
                        readErrors: readErrors)
    result.hint = destination.appFormatHint(reader: reader.descriptor, registry: registry)
    result.dataset = file.dataset
    return result
  }

  /// What ``run(source:registry:refuseLoss:skipBadRows:progress:)`` and
  /// ``plan(source:registry:)`` both do first: the destination checked, the reader chosen, the
  /// options checked against both codecs, the input read (a pipe once: detection and reading
  /// share one input).
  func read(source: CodecInput?, registry: CodecRegistry, progress: ProgressMeter?) throws
    -> (destination: DatasetDestination, reader: any TrackerCodec, file: DatasetFile) {
    let destination = try DatasetDestination(path: output, format: to, overwrite: overwrite, inputs: [input],
                                             options: options, registry: registry)
    let source = source ?? CodecInput(path: input)
    let reader = try DatasetFile.reader(for: source, format: from, registry: registry, options: options)
    try CodecDescriptor.checkOptions(options, reading: [reader.descriptor], writing: [destination.writer.descriptor])
    var file = try DatasetFile.load(source, reader: reader, options: options, progress: progress)
    if fullNames {
      NameFitting.restore(in: &file.dataset)
    } else {
      file.diagnostics += NameFitting.apply(to: &file.dataset, fit: fitNames, file: destination.output.displayName)
    }
    return (destination, reader, file)
  }
}
