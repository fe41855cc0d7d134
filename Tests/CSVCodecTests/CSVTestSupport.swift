import Foundation
import Testing
import TrackerCodec
import TrackerTestSupport
@testable import CSVCodec
@testable import CSVCore

/// A record copied out of its ``CSVRowView``, with everything the view says about it.
struct ParsedRow: Equatable, CustomStringConvertible {
  var record: Int
  var line: Int
  var fields: [String]
  var quoted: [Bool]
  var columns: [Int]
  var lines: [Int]

  var description: String { "#\(record)@\(line) \(fields)" }
}

struct ParseResult {
  var rows: [ParsedRow]
  var blankLines: [CSVBlankLine]
  var fields: [[String]] { rows.map(\.fields) }
}

func parse(_ bytes: [UInt8], dialect: CSVDialect = .standard, chunkSize: Int? = nil,
           file: String? = "test.csv") throws -> ParseResult {
  let parser = try CSVParser(dialect: dialect, file: file)
  if let chunkSize { parser.chunkSize = chunkSize }
  var rows: [ParsedRow] = []
  var blanks: [CSVBlankLine] = []
  try bytes.withUnsafeBytes { buffer in
    try parser.parse(buffer, blankLine: { blanks.append($0) }) { view in
      rows.append(ParsedRow(
        record: view.record, line: view.line,
        fields: (0..<view.count).map { view.string($0) },
        quoted: (0..<view.count).map { view.isQuoted($0) },
        columns: (0..<view.count).map { view.column($0) },
        lines: (0..<view.count).map { view.fieldLine($0) }))
    }
  }
  return ParseResult(rows: rows, blankLines: blanks)
}

func parse(_ text: String, dialect: CSVDialect = .standard, chunkSize: Int? = nil) throws -> ParseResult {
  try parse(Array(text.utf8), dialect: dialect, chunkSize: chunkSize)
}

/// The problem, line and column a parse fails with; records an issue when it does not fail.
func failure(_ bytes: [UInt8], dialect: CSVDialect = .standard, chunkSize: Int? = nil,
             sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (CSVProblem?, Int?, Int?, CodecError?) {
  do {
    let result = try parse(bytes, dialect: dialect, chunkSize: chunkSize)
    Issue.record("expected a failure, parsed \(result.rows)", sourceLocation: sourceLocation)
    return (nil, nil, nil, nil)
  } catch let error as CodecError {
    return (CSVProblem(error), error.location.line, error.location.column, error)
  } catch {
    Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    return (nil, nil, nil, nil)
  }
}

func failure(_ text: String, dialect: CSVDialect = .standard, chunkSize: Int? = nil,
             sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (CSVProblem?, Int?, Int?, CodecError?) {
  failure(Array(text.utf8), dialect: dialect, chunkSize: chunkSize, sourceLocation: sourceLocation)
}

/// The shared csv-spectrum corpus, read in place (never copied into the project).
let csvSpectrum = SharedFixtures.folder.appendingPathComponent("csv-spectrum")

/// The CSV's records as the corpus' JSON shape: one object per data row, keyed by header.
func objects(_ result: ParseResult) -> [[String: String]] {
  guard let header = result.rows.first?.fields else { return [] }
  return result.rows.dropFirst().map { row in
    var object: [String: String] = [:]
    for (key, value) in zip(header, row.fields) { object[key] = value }
    return object
  }
}
