import Foundation
import Testing
import TrackerCodec
import TrackerModel
import TrackerTestSupport
@testable import CSVCodec
@testable import CSVCore

/// Decodes `bytes` as a single CSV file named `name`, with `options`.
func decodeCSV(_ bytes: [UInt8], name: String = "in.csv", options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  try TrackerTestSupport.decode(CSVCodec(), bytes: bytes, name: name, options: options)
}

func decodeCSV(_ text: String, name: String = "in.csv", options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  try decodeCSV(Array(text.utf8), name: name, options: options)
}

/// Encodes into memory; returns the text and the context.
func encodeCSV(_ dataset: TrackerDataset, options: [String: String] = [:]) throws -> (String, CodecContext) {
  let (bytes, context) = try TrackerTestSupport.encode(CSVCodec(), dataset, name: "out.csv", options: options)
  return (String(decoding: bytes, as: UTF8.self), context)
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
  expectCodecError(sourceLocation: sourceLocation) { _ = try decodeCSV(text, options: options) }
}
