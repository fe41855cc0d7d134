import Foundation
import Testing
import TrackerTestSupport
@testable import CSVCodec
@testable import CSVCore

/// The csv-spectrum corpus (RFC 4180 edge cases with their expected JSON), when it is there.
@Suite(.enabled(if: SharedFixtures.available(csvSpectrum.path),
                "csv-spectrum corpus not found at ../shared/fixtures/csv-spectrum"))
struct CSVSpectrumTests {
  static let names = [
    "comma_in_quotes", "empty", "empty_crlf", "escaped_quotes", "json", "newlines",
    "newlines_crlf", "quotes_and_newlines", "simple", "simple_crlf", "utf8",
  ]

  func load(_ name: String) throws -> ([UInt8], [[String: String]]) {
    let csv = try Data(contentsOf: csvSpectrum.appendingPathComponent("csvs/\(name).csv"))
    let json = try Data(contentsOf: csvSpectrum.appendingPathComponent("json/\(name).json"))
    let expected = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: String]])
    return (Array(csv), expected)
  }

  @Test("each CSV equals its JSON", arguments: names, [nil, 1, 5])
  func matchesJSON(name: String, chunkSize: Int?) throws {
    let (csv, expected) = try load(name)
    #expect(objects(try parse(csv, chunkSize: chunkSize)) == expected)
  }

  /// The same files with their line ends swapped (LF <-> CRLF), in the CSV and in the expected
  /// values alike, so every case runs with both.
  @Test("each CSV equals its JSON with the other line ends", arguments: names)
  func otherLineEnds(name: String) throws {
    let (csv, expected) = try load(name)
    let isCRLF = name.hasSuffix("_crlf")
    let text = String(decoding: csv, as: UTF8.self)
    func swap(_ s: String) -> String {
      // Scalar-level replacement: "\r\n" is one Character, so go through the scalars.
      var out = String.UnicodeScalarView()
      var previousCR = false
      for scalar in s.unicodeScalars {
        if isCRLF {
          if scalar == "\r" { previousCR = true; continue }
          if previousCR && scalar != "\n" { out.append("\r") }
          previousCR = false
          out.append(scalar)
        } else {
          if scalar == "\n" { out.append("\r") }
          out.append(scalar)
        }
      }
      if previousCR { out.append("\r") }
      return String(out)
    }
    let swapped = swap(text)
    #expect(swapped != text)
    let want = expected.map { $0.mapValues(swap) }
    #expect(objects(try parse(swapped)) == want)
  }

  /// location_coordinates.json is known wrong: it is an object, not an array, with another phone
  /// number; and its CSV has quotes inside an unquoted field (`37°36'37.8"N`), which RFC 4180
  /// does not allow. A strict parser must say so, at the first such quote, rather than guess.
  @Test func locationCoordinatesHasAStrayQuote() throws {
    let csv = try Data(contentsOf: csvSpectrum.appendingPathComponent("csvs/location_coordinates.csv"))
    let (problem, line, column, _) = failure(Array(csv))
    #expect(problem == .strayQuote)
    #expect(line == 2)
    // "2095257564," is 11 scalars, then 3 7 U+FFFD 3 6 ' 3 7 . 8: the quote is the 22nd.
    #expect(column == 22)
  }
}
