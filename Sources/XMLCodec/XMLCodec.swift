import TrackerCodec
import TrackerModel

/// TrackerPort XML (`.trackport.xml`): the whole model in a namespaced XML document, for
/// systems that exchange XML and validate it with schemas.
///
/// The format is described in `docs/xml-format.md` and by `schema/trackport.xsd` (embedded, so
/// validation needs no file). Reading streams through libxml2's `xmlTextReader` with no
/// network, no DTD and no entity expansion, validating against the schema as it goes; writing
/// is deterministic. Unknown elements and attributes are kept in the entity's `extras["xml"]`.
public struct XMLCodec: TrackerCodec {
  /// The namespace of every element of the format.
  public static let namespace = "urn:trackport:1"

  /// A schema violation, with its line: the file still reads when it is well-formed and its
  /// known parts make sense.
  public static let schemaViolation = DiagnosticDescriptor(
    code: "xml-schema", severity: .error,
    summary: "The XML file breaks schema/trackport.xsd (libxml2's schema validator), at the reported line.")
  /// An element the format does not define; kept in extras.
  public static let unknownElement = DiagnosticDescriptor(
    code: "unknown-element", severity: .warning,
    summary: "An XML element the format does not define; it is kept in the entity's extras[\"xml\"].")
  /// An attribute the format does not define; kept in extras.
  public static let unknownAttribute = DiagnosticDescriptor(
    code: "unknown-attribute", severity: .warning,
    summary: "An XML attribute the format does not define; it is kept in the entity's extras[\"xml\"].")

  /// Id `xml`; claims `*.trackport.xml` outright and `*.xml` when ``sniff(_:)`` agrees.
  public static let descriptor = CodecDescriptor(
    id: "xml", name: "TrackerPort XML",
    summary: "Canonical XML (urn:trackport:1) with an XSD; carries the whole model.",
    extensions: ["trackport.xml"], sniffedExtensions: ["xml"],
    diagnostics: [schemaViolation, unknownElement, unknownAttribute],
    options: [
      CodecOption("schema", .choice(["on", "off"]), default: "on",
                  help: "off skips the XSD check (faster; the reader's own checks still apply)", reads: true, writes: false),
    ])

  /// The codec takes its options from ``CodecContext/options`` at each call: `schema=off`
  /// skips schema validation while reading.
  public init() {}

  /// True when the head starts with markup (after an optional byte order mark and space) and
  /// declares the namespace `urn:trackport:1`.
  public func sniff(_ head: [UInt8]) -> Bool {
    var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
    guard start < head.count, head[start] == UInt8(ascii: "<") else { return false }
    let needle = Array(XMLCodec.namespace.utf8)
    guard head.count >= needle.count else { return false }
    for i in start...(head.count - needle.count) where head[i] == needle[0] {
      if head[i..<(i + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }

  /// Reads a TrackerPort XML document.
  ///
  /// Schema violations are reported as `xml-schema` errors with their line and column; unknown
  /// elements and attributes as warnings. On success the context holds a locator that places
  /// every entity on its element.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for XML that is not well-formed (with libxml2's
  ///   message, line and column), a DOCTYPE, a root other than `<trackport>` in
  ///   `urn:trackport:1`, a missing required attribute or an impossible value;
  ///   `.unsupportedVersion` for a `version` other than `1` or `2`; `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    try decode(input, context: &context, schemaPassFrom: XMLSchemaPass.minimumBytes)
  }

  /// ``decode(_:context:)``, the schema checked on a thread of its own (``XMLSchemaPass``) for
  /// a document of `schemaPassFrom` bytes or more: tests give 0 to compare both ways on small
  /// files.
  func decode(_ input: CodecInput, context: inout CodecContext, schemaPassFrom: Int) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let schema = context.options["schema"]?.lowercased() == "off" ? nil : try XMLSchemaHandle()
    let source = try input.bytes()
    let progress = context.progress
    let (dataset, reader, log) = try source.withUnsafeBytes { bytes in
      let pass = schema.flatMap { XMLSchemaPass.start(bytes, fileName: fileName, schema: $0, minimumBytes: schemaPassFrom) }
      do {
        let reader = try XMLDatasetReader(bytes, fileName: fileName, schema: pass == nil ? schema : nil)
        reader.progress = progress
        let dataset = try reader.read()
        return (dataset, reader, try pass?.finish() ?? reader.log)
      } catch {
        pass?.cancel()
        throw error
      }
    }
    for entry in log.schemaErrors {
      context.report(Diagnostic(code: XMLCodec.schemaViolation.code, severity: .error, message: entry.message,
                                location: SourceLocation(file: fileName, line: entry.line, column: entry.column)))
    }
    if log.droppedSchemaErrors > 0 {
      context.report(Diagnostic(code: XMLCodec.schemaViolation.code, severity: .error,
                                message: "\(log.droppedSchemaErrors) more schema violations not listed",
                                location: SourceLocation(file: fileName)))
    }
    context.report(contentsOf: reader.warnings)
    context.sourceLocator = reader.locator
    return dataset
  }

  /// Writes the dataset as canonical TrackerPort XML (layout in `docs/xml-format.md`): format
  /// version 2 when the dataset uses a field of it, else version 1, byte for byte as before.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for an `extras` number that is not a
  ///   JSON number, or an amount or goal target that is infinite or NaN (located by its JSON
  ///   pointer); `.io` and `.cannotCreateOutput` from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    let fileName = context.fileName
    try output.write { sink in
      try XMLDatasetWriter(sink, fileName: fileName).write(dataset)
    }
  }
}
