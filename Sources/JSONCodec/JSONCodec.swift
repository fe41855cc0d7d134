import TrackerCodec
import TrackerModel

/// Canonical TrackerPort JSON (`.trackport.json`): the lossless contract every format maps to.
public struct JSONCodec: TrackerCodec {
  public static let descriptor = CodecDescriptor(
    id: "json", name: "TrackerPort JSON", summary: "Canonical JSON; carries the whole model.",
    extensions: ["trackport.json"], sniffedExtensions: ["json"])

  public init() {}

  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    throw CodecError(.unsupportedOperation, "JSON decoding is being written")
  }

  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    throw CodecError(.unsupportedOperation, "JSON encoding is being written")
  }
}
