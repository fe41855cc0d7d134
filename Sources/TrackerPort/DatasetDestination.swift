/// Where a command writes a dataset (`convert`, `merge`): the output and its codec, checked
/// before any input is read so that a refused output fails fast.
public struct DatasetDestination {
  /// The output (path, `--force`, the inputs it must never replace).
  public private(set) var output: CodecOutput
  /// The codec that writes it.
  public let writer: any TrackerCodec
  /// Codec options given to the writer: those of the options passed that it declares for
  /// writing (the caller checks the others, ``CodecDescriptor/checkOptions(_:reading:writing:)``).
  public let options: [String: String]

  /// Picks the writer (`format`, else from the output's name) and checks that the output can
  /// be created: it is not one of `inputs`, and exists only with `overwrite`.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a read-only format, `.unknownCodec`,
  ///   `.cannotCreateOutput`.
  public init(path: String, format: String?, overwrite: Bool, inputs: [String], options: [String: String],
              registry: CodecRegistry) throws {
    output = CodecOutput(path: path, overwrite: overwrite, protectedPaths: inputs.filter { $0 != "-" })
    writer = try format.map { try registry.codec(id: $0) } ?? registry.detectOutput(output)
    self.options = writer.descriptor.given(options, reading: false)
    guard writer.descriptor.canWrite else {
      throw CodecError(.unsupportedOperation, "format '\(writer.descriptor.id)' can be read but not written")
    }
    if writer.writesFolder(to: output, options: self.options) {
      try output.checkWritablePackageFolder()
    } else {
      try output.checkWritable()
    }
  }

  /// One `dropped-field` (or codec-specific loss) per field the writer cannot carry for `dataset`.
  public func losses(writing dataset: TrackerDataset) -> [Diagnostic] {
    writer.losses(writing: dataset, to: output, options: options)
  }

  /// Writes `dataset` atomically; returns the writer's own diagnostics.
  public mutating func write(_ dataset: TrackerDataset, progress: ProgressMeter? = nil) throws -> [Diagnostic] {
    var context = CodecContext(fileName: output.displayName, options: options)
    if let progress {
      progress.begin("writing", subject: output.displayName)
      output.progress = progress
      context.progress = progress
    }
    try writer.encode(dataset, to: output, context: &context)
    progress?.end()
    return context.diagnostics
  }

  /// Where the values at `pointers` (JSON pointers into the dataset just written) are in the
  /// output file: line and column of each, for canonical JSON and XML, which write a dataset
  /// in its own order so that its pointers are the file's. JSON is skimmed for the values
  /// (``JSONSourceLocator``); XML is read back without the schema for its elements (an
  /// entity's values are on its element). Empty for other formats, standard output, and an
  /// output that cannot be read back.
  public func locateWritten(_ pointers: Set<String>) -> [String: SourceLocation] {
    guard !pointers.isEmpty, case .file(let path) = output.destination else { return [:] }
    switch writer.descriptor.id {
    case JSONCodec.descriptor.id:
      guard let bytes = try? CodecInput(path: path).bytes() else { return [:] }
      return JSONSourceLocator(source: bytes, fileName: path).locate(pointers)
    case XMLCodec.descriptor.id:
      var context = CodecContext(fileName: path, options: ["schema": "off"])
      guard (try? writer.decode(CodecInput(path: path), context: &context)) != nil else { return [:] }
      return context.sourceLocator?.locate(pointers) ?? [:]
    default:
      return [:]
    }
  }
}
