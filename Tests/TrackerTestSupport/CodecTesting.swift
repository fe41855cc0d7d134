import Foundation
import Testing
import TrackerCodec
import TrackerModel

/// Decodes `bytes` with `codec` as a file named `name`: the dataset and the context holding
/// the reader's diagnostics (not yet placed in the file: see ``located(_:)``).
public func decode(_ codec: any TrackerCodec, bytes: [UInt8], name: String, options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  var context = CodecContext(fileName: name, options: options)
  let dataset = try codec.decode(CodecInput(.bytes(bytes, name: name)), context: &context)
  return (dataset, context)
}

/// Decodes `text` (UTF-8) with `codec` as a file named `name`.
public func decode(_ codec: any TrackerCodec, text: String, name: String, options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  try TrackerTestSupport.decode(codec, bytes: Array(text.utf8), name: name, options: options)
}

/// Decodes the file or folder at `path` with `codec`; the context is named after the path.
public func decode(_ codec: any TrackerCodec, path: String, options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  var context = CodecContext(fileName: path, options: options)
  let dataset = try codec.decode(CodecInput(path: path), context: &context)
  return (dataset, context)
}

/// Encodes `dataset` with `codec` into memory: the bytes and the context holding the writer's
/// diagnostics; `name` is the file name the writer is told.
public func encode(_ codec: any TrackerCodec, _ dataset: TrackerDataset, name: String = "(memory)",
                   options: [String: String] = [:]) throws -> ([UInt8], CodecContext) {
  var context = CodecContext(fileName: name, options: options)
  let memory = MemoryOutput()
  try codec.encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
  return (memory.bytes, context)
}

/// Writes `dataset` with `codec` to the file at `path` (replacing it); the writer's context.
@discardableResult
public func encode(_ codec: any TrackerCodec, _ dataset: TrackerDataset, toPath path: String,
                   options: [String: String] = [:]) throws -> CodecContext {
  var context = CodecContext(fileName: path, options: options)
  try codec.encode(dataset, to: CodecOutput(path: path, overwrite: true), context: &context)
  return context
}

/// Writes `dataset` with `codec` and reads the bytes back with it.
public func roundTrip(_ codec: any TrackerCodec, _ dataset: TrackerDataset, name: String,
                      options: [String: String] = [:]) throws -> TrackerDataset {
  let (bytes, _) = try TrackerTestSupport.encode(codec, dataset, name: name, options: options)
  return try TrackerTestSupport.decode(codec, bytes: bytes, name: name, options: options).0
}

/// Expects `dataset` to survive `codec` unchanged: decode(encode(d)) == d with no diagnostics,
/// and writing what was read gives the same bytes (writing is deterministic).
public func expectLosslessRoundTrip(_ codec: any TrackerCodec, _ dataset: TrackerDataset, name: String,
                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
  let (bytes, _) = try TrackerTestSupport.encode(codec, dataset, name: name)
  let (decoded, context) = try TrackerTestSupport.decode(codec, bytes: bytes, name: name)
  #expect(decoded == dataset, sourceLocation: sourceLocation)
  #expect(context.diagnostics.isEmpty, "\(context.diagnostics)", sourceLocation: sourceLocation)
  #expect(try TrackerTestSupport.encode(codec, decoded, name: name).0 == bytes, "writing is deterministic",
          sourceLocation: sourceLocation)
}

/// The context with its diagnostics placed in the file (line and column from the reader's
/// source locator), as `DatasetFile.load` places them.
public func located(_ context: CodecContext) -> CodecContext {
  var placed = CodecContext(fileName: context.fileName, options: context.options)
  placed.report(contentsOf: context.diagnostics.located(by: context.sourceLocator, file: context.fileName))
  return placed
}

/// The ``CodecError`` `body` throws; `nil` when it throws nothing or an error of another type.
public func codecError(_ body: () throws -> Void) -> CodecError? {
  do {
    try body()
  } catch let error as CodecError {
    return error
  } catch {
    return nil
  }
  return nil
}

/// The error decoding `bytes` with `codec` throws: `nil` when it decodes, and any other error
/// wrapped as an `.io` ``CodecError`` saying what it was.
public func decodeError(_ codec: any TrackerCodec, bytes: [UInt8], name: String,
                        options: [String: String] = [:]) -> CodecError? {
  do {
    _ = try TrackerTestSupport.decode(codec, bytes: bytes, name: name, options: options)
    return nil
  } catch let error as CodecError {
    return error
  } catch {
    return CodecError(.io, "unexpected error \(error)")
  }
}

/// The ``CodecError`` `body` throws; records an issue (at the caller's line) when it throws
/// nothing or another error.
public func expectCodecError(sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> CodecError? {
  do {
    try body()
    Issue.record("expected the decode to fail", sourceLocation: sourceLocation)
  } catch let error as CodecError {
    return error
  } catch {
    Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
  }
  return nil
}
