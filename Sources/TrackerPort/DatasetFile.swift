/// A dataset read from a file, with what its codec noticed and where things are in it.
public struct DatasetFile: Sendable {
  /// The dataset as the codec read it, not yet validated (see ``validate(options:)``).
  public var dataset: TrackerDataset
  /// The path as given (`-` for standard input).
  public var fileName: String
  /// The codec that read it.
  public var codec: CodecDescriptor
  /// What the codec reported while reading (unknown keys, skipped rows), already located.
  public var diagnostics: [Diagnostic]
  /// Resolves JSON pointers of later findings to lines and columns of this file.
  public var locator: (any SourceLocator)?

  /// Reads `path` (`-` for standard input) with the codec named by `format`, or the one
  /// detected from the name and content. Every key of `options` must be one the codec declares
  /// for reading. `progress`, when given, is told how far the codec has read (phase `reading`,
  /// against the file's size when it is a regular file).
  ///
  /// - Throws: ``CodecError`` when the file cannot be read or is malformed, the format is
  ///   unknown, or an option is not the reader's (`.unknownOption`) or has a value it does not
  ///   take (``CodecDescriptor/checkOptions(_:reading:writing:)``).
  public static func load(_ path: String, format: String? = nil,
                          registry: CodecRegistry = StandardCodecs.registry,
                          options: [String: String] = [:],
                          progress: ProgressMeter? = nil) throws -> DatasetFile {
    let input = CodecInput(path: path)
    let codec = try reader(for: input, format: format, registry: registry, options: options)
    try CodecDescriptor.checkOptions(options, reading: [codec.descriptor], writing: [])
    return try load(input, reader: codec, options: options, progress: progress)
  }

  /// The codec that reads `input`: the one named by `format`, or the one detected from the name
  /// and content (`options` can change what content looks like: CSV's `encoding`). For a command
  /// that checks its options against several codecs before it reads (``Conversion``, a merge);
  /// give the same `input` to ``load(_:reader:options:progress:)``: a pipe (`<(command)`,
  /// standard input) can be read only once, and the input keeps the bytes detection read.
  ///
  /// - Throws: ``CodecError`` `.unknownCodec`, `.unknownFormat`, `.cannotReadInput`, or
  ///   `.unsupportedOperation` for a format that cannot be read.
  public static func reader(for input: CodecInput, format: String? = nil, registry: CodecRegistry = StandardCodecs.registry,
                            options: [String: String] = [:]) throws -> any TrackerCodec {
    let codec = try format.map { try registry.codec(id: $0, writing: false) } ?? registry.detect(input, options: options)
    guard codec.descriptor.canRead else {
      throw CodecError(.unsupportedOperation, "format '\(codec.descriptor.id)' cannot be read, only written")
    }
    return codec
  }

  /// Reads `input` with `codec` (from ``reader(for:format:registry:options:)`` on the same
  /// input), giving it the part of `options` it declares for reading; the caller has checked
  /// the rest (``CodecDescriptor/checkOptions(_:reading:writing:)``).
  ///
  /// - Throws: ``CodecError`` when the input cannot be read or is malformed.
  public static func load(_ input: CodecInput, reader codec: any TrackerCodec, options: [String: String] = [:],
                          progress: ProgressMeter? = nil) throws -> DatasetFile {
    var context = CodecContext(fileName: input.displayName, options: codec.descriptor.given(options, reading: true))
    if let progress {
      progress.begin("reading", subject: input.displayName, totalBytes: input.regularFileSize)
      context.progress = progress
    }
    let dataset: TrackerDataset
    do {
      dataset = try codec.decode(input, context: &context)
    } catch let error as CodecError where error.kind == .malformedInput {
      // A reader that takes no empty file (most) says so in its own words; these say why.
      throw input.emptyInputError ?? error
    }
    progress?.end()
    return DatasetFile(dataset: dataset, fileName: input.displayName, codec: codec.descriptor,
                       diagnostics: context.diagnostics.located(by: context.sourceLocator, file: input.displayName),
                       locator: context.sourceLocator)
  }

  /// The codec's errors: each is part of the input that could not be read as it stands (a row
  /// skipped for a bad date, a cell of the wrong type kept in extras instead of its field), so
  /// the dataset lacks or misreads it. A command that goes on with such a dataset says so:
  /// `convert` writes nothing unless told to skip them.
  public var readErrors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  /// The reader's warnings `validate` reports (those `options` include): notes on how the file
  /// was read (`lossy-frequency`, a `*-assigned-defaults`, `unknown-key`), not findings that
  /// the dataset breaks a rule. `trackport validate` counts them apart, and `--strict` (about
  /// rules) ignores them; the reader's errors (parts of the file not read) stay errors.
  public func notes(options: ValidationOptions) -> [Diagnostic] {
    diagnostics.filter { $0.severity == .warning && options.includes($0.code) }
  }

  /// Runs the validator and returns its findings located in this file, after the codec's own.
  public func validate(options: ValidationOptions) -> [Diagnostic] {
    let findings = Validator(options: options).validate(dataset)
    let codecFindings = diagnostics.filter { options.includes($0.code) }
    return codecFindings + findings.located(by: locator, file: fileName)
  }
}
