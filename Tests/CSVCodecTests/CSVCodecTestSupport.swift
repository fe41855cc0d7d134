import Foundation
import Testing
import TrackerCodec
import TrackerModel
@testable import CSVCodec
@testable import CSVCore

/// Decodes `bytes` as a single CSV file named `name`, with `options`.
func decodeCSV(_ bytes: [UInt8], name: String = "in.csv", options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  var context = CodecContext(fileName: name, options: options)
  let dataset = try CSVCodec().decode(CodecInput(.bytes(bytes, name: name)), context: &context)
  return (dataset, context)
}

func decodeCSV(_ text: String, name: String = "in.csv", options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  try decodeCSV(Array(text.utf8), name: name, options: options)
}

/// Encodes into memory; returns the text and the context.
func encodeCSV(_ dataset: TrackerDataset, options: [String: String] = [:]) throws -> (String, CodecContext) {
  var context = CodecContext(fileName: "out.csv", options: options)
  let memory = MemoryOutput()
  try CSVCodec().encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
  return (String(decoding: memory.bytes, as: UTF8.self), context)
}

/// (code, row, field, line, column) of each diagnostic, the way tests compare them.
struct Found: Equatable, CustomStringConvertible {
  var code: String
  var row: Int?
  var field: String?
  var line: Int?
  var column: Int?
  var description: String { "\(code)@r\(row.map(String.init) ?? "-")/\(field ?? "-")/\(line.map(String.init) ?? "-"):\(column.map(String.init) ?? "-")" }
}

func found(_ diagnostics: [Diagnostic], code: String? = nil) -> [Found] {
  diagnostics.filter { code == nil || $0.code == code }.map {
    Found(code: $0.code, row: $0.location.row, field: $0.location.field, line: $0.location.line, column: $0.location.column)
  }
}

/// The error a decode throws, or an issue when it does not.
func decodeFailure(_ text: [UInt8], options: [String: String] = [:],
                   sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CodecError? {
  do {
    _ = try decodeCSV(text, options: options)
    Issue.record("expected the decode to fail", sourceLocation: sourceLocation)
  } catch let error as CodecError {
    return error
  } catch {
    Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
  }
  return nil
}
