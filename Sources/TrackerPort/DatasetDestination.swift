import Foundation

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
  /// Whether the format was named (`--to`) rather than taken from the output's name.
  private let named: Bool
  /// The registry's codecs' descriptors, whose extras meanings name losses.
  private let sources: [CodecDescriptor]

  /// Picks the writer (`format`, else from the output's name) and checks that the output can
  /// be created: it is not one of `inputs`, and exists only with `overwrite`.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a read-only format, `.unknownCodec`,
  ///   `.cannotCreateOutput`.
  public init(path: String, format: String?, overwrite: Bool, inputs: [String], options: [String: String],
              registry: CodecRegistry) throws {
    output = CodecOutput(path: path, overwrite: overwrite, protectedPaths: inputs.filter { $0 != "-" })
    writer = try format.map { try registry.codec(id: $0, writing: true) } ?? registry.detectOutput(output)
    named = format != nil
    sources = registry.codecs.map(\.descriptor)
    self.options = writer.descriptor.given(options, reading: false)
    guard writer.descriptor.canWrite else {
      throw CodecError(.unsupportedOperation, "format '\(writer.descriptor.id)' can be read but not written")
    }
    try writer.checkOutput(output, options: self.options)
  }

  /// Advice for an output whose plain shared ending (`.json`, `.csv`) chose the general format
  /// while an app's format was likely meant: the input was read as that app's format, or the
  /// output's name says the app (`habo_backup.json`). Names the app's own ending and `--to`;
  /// `nil` when the format was named, the ending is the app's own, or nothing suggests an app.
  public func appFormatHint(reader: CodecDescriptor, registry: CodecRegistry) -> String? {
    guard !named, let ext = output.fileExtension, writer.descriptor.sniffedExtensions.contains(ext) else { return nil }
    let apps = registry.codecs.map(\.descriptor).filter { app in
      app.canWrite && app.id != writer.descriptor.id && app.extensions.contains { $0.hasSuffix("." + ext) }
    }
    let base = String(output.displayName.split(separator: "/").last ?? "").dropLast(ext.count + 1).lowercased()
    let squeezed = base.filter { $0.isLetter || $0.isNumber }
    guard let app = apps.first(where: { $0.id == reader.id })
            ?? apps.first(where: { squeezed.contains($0.id) || squeezed.contains($0.name.lowercased().filter { $0.isLetter || $0.isNumber }) }),
          let appEnding = app.extensions.first(where: { $0.hasSuffix("." + ext) }) else { return nil }
    let stem = String(output.displayName.dropLast(ext.count + 1))
    return "written as \(writer.descriptor.name) (the plain .\(ext) ending); for \(app.name)'s own format name it \(stem).\(appEnding) or pass --to \(app.id)"
  }

  /// One `dropped-field` (or codec-specific loss) per field the writer cannot carry for `dataset`;
  /// other formats' extras that keep a model field's exact value (``CodecDescriptor/extrasMeanings``
  /// of the registry's codecs) are named by that field, not counted as `extras`.
  public func losses(writing dataset: TrackerDataset) -> [Diagnostic] {
    LossReport.namingExtras(writer.losses(writing: dataset, to: output, options: options), writing: dataset,
                            writer: writer.descriptor, sources: sources)
  }

  /// Writes `dataset` atomically; returns the writer's own diagnostics. `now`, when given, is
  /// the present the writer records (``CodecContext/now``): the same dataset and `now` give the
  /// same bytes.
  public mutating func write(_ dataset: TrackerDataset, progress: ProgressMeter? = nil, now: Date? = nil) throws -> [Diagnostic] {
    var context = CodecContext(fileName: output.displayName, options: options)
    context.now = now
    output.now = now
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
