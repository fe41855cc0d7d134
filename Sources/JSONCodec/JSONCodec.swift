import TrackerCodec
import TrackerModel

/// Canonical TrackerPort JSON (`.trackport.json`): the lossless contract every format maps to.
///
/// The format is described key by key in `docs/json-format.md` and by
/// `schema/trackport.schema.json`. Reading is a hand-written byte-level pull parser that goes
/// straight into the model; writing is deterministic (same dataset, same bytes). Unknown keys
/// are kept in the owning object's `extras["json"]`, reported as `unknown-key`, and written
/// back in place.
///
/// It reads format versions 1 and 2 (``TrackerDataset/formatVersions``) and writes the
/// version a dataset needs (``TrackerDataset/formatVersionNeeded``): version 1, byte for byte
/// as before version 2, when nothing of version 2 is used. The keys of version 2 are unknown
/// keys in a version-1 document.
public struct JSONCodec: TrackerCodec {
  /// Reported for every key the format does not define; the key and its value are kept.
  public static let unknownKey = DiagnosticDescriptor(
    code: "unknown-key", severity: .warning,
    summary: "A JSON object has a key the format does not define; it is kept in extras and written back in place.")

  /// Id `json`; claims `*.trackport.json` outright and `*.json` when ``sniff(_:)`` agrees.
  public static let descriptor = CodecDescriptor(
    id: "json", name: "TrackerPort JSON", summary: "Canonical JSON; carries the whole model.",
    extensions: ["trackport.json"], sniffedExtensions: ["json"], diagnostics: [unknownKey])

  /// The codec has no options.
  public init() {}

  /// True when the first non-whitespace byte (after an optional UTF-8 byte order mark) is `{`
  /// and `"trackport"` appears in the head.
  public func sniff(_ head: [UInt8]) -> Bool {
    head.withUnsafeBytes { bytes in
      var scanner = JSONScanner(bytes)
      guard scanner.peek() == UInt8(ascii: "{") else { return false }
      let needle = Array("\"trackport\"".utf8)
      var start = scanner.position
      while start + needle.count <= bytes.count {
        if needle.indices.allSatisfy({ bytes[start + $0] == needle[$0] }) { return true }
        start += 1
      }
      return false
    }
  }

  /// Reads a canonical JSON document.
  ///
  /// On success the context holds a ``JSONSourceLocator`` and an `unknown-key` warning per
  /// unknown key.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at the offending byte (1-based line and column
  ///   in Unicode scalars) for broken JSON, a known key of the wrong type or with an impossible
  ///   value, a duplicate key, a missing required key or version, unknown keys that clash with
  ///   an explicit `extras.json` (see `docs/json-format.md`), or nesting deeper than 512;
  ///   `.unsupportedVersion` when `"trackport"` is a number other than 1 or 2 (`1.0` and `1e0`
  ///   are 1, `2.0` is 2); `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let source = try input.bytes()
    let (dataset, warnings) = try source.withUnsafeBytes { buffer in
      var reader = JSONDatasetReader(buffer)
      reader.progress = context.progress
      // Read once, front to back: the pages behind the reader can leave memory (a 150 MB file
      // then costs a window of it, not all of it, while the dataset is built).
      reader.passed = { source.releasePages(before: $0) }
      let dataset: TrackerDataset
      do {
        dataset = try reader.read()
      } catch let failure as JSONReadFailure {
        var position = JSONTextPosition(buffer)
        let (line, column) = position.lineAndColumn(at: failure.offset)
        throw CodecError(failure.kind, failure.message,
                         location: SourceLocation(file: fileName, pointer: failure.pointer, line: line, column: column),
                         note: failure.note)
      }
      var position = JSONTextPosition(buffer)
      // A top-level "$schema" names the file's JSON Schema for editors (docs/ci.md): kept and
      // written back like any unknown key, but not warned of.
      let warnings = reader.unknownKeys.filter { $0.pointer != "/$schema" }.map { unknown in
        let (line, column) = position.lineAndColumn(at: unknown.offset)
        return Diagnostic(code: JSONCodec.unknownKey.code, severity: .warning,
                          message: "unknown key \"\(unknown.key)\" kept in extras",
                          location: SourceLocation(file: fileName, pointer: unknown.pointer, line: line, column: column))
      }
      return (dataset, warnings)
    }
    context.report(contentsOf: warnings)
    context.sourceLocator = JSONSourceLocator(source: source, fileName: fileName)
    return dataset
  }

  /// Writes the dataset as canonical JSON (layout in `docs/json-format.md`).
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a day outside years 1-9999, an amount
  ///   or a goal's target that is infinite or NaN (JSON has no such numbers), or an `extras`
  ///   number that is not a JSON number, located by its pointer; `.io` and `.cannotCreateOutput`
  ///   from the output.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.write { sink in
      var writer = JSONDatasetWriter(sink)
      try writer.write(dataset)
    }
  }
}
