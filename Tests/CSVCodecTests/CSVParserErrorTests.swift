import Testing
import TrackerTestSupport
import TrackerCodec
@testable import CSVCodec
@testable import CSVCore

struct CSVParserErrorTests {
  @Test("unterminated quote points at its opening quote", arguments: [nil, 1, 4])
  func unclosedQuote(chunk: Int?) {
    let (problem, line, column, error) = failure("a,b\n1,\"xy\nz,w\n", chunkSize: chunk)
    #expect(problem == .unclosedQuote)
    #expect(line == 2)
    #expect(column == 3)
    #expect(error?.kind == .malformedInput)
    #expect(error?.location.row == 2)
    #expect(error?.description.hasPrefix("test.csv:2:3: error: ") == true)
  }

  @Test("a quote inside an unquoted field", arguments: [nil, 1, 3])
  func strayQuote(chunk: Int?) {
    let (problem, line, column, _) = failure("a,b\r\n1,x\"y\r\n", chunkSize: chunk)
    #expect(problem == .strayQuote)
    #expect(line == 2)
    #expect(column == 4)
  }

  @Test func textAfterAClosingQuote() {
    let (problem, line, column, _) = failure("a,b\n1,\"ab\"c\n")
    #expect(problem == .strayQuote)
    #expect(line == 2)
    #expect(column == 6)
  }

  @Test func strayQuoteAfterAMultiLineField() {
    let (problem, line, column, _) = failure("a,b\n\"x\ny\",п\"\n")
    #expect(problem == .strayQuote)
    #expect(line == 3)
    #expect(column == 5)
  }

  @Test("invalid UTF-8 has its line, column and byte offset", arguments: [nil, 1, 5])
  func invalidUTF8(chunk: Int?) {
    let bytes = Array("a,b\nпр,x".utf8) + [0xFF] + Array("y\n".utf8)
    let (problem, line, column, error) = failure(bytes, chunkSize: chunk)
    #expect(problem == .encodingError)
    #expect(line == 2)
    #expect(column == 5)
    #expect(error?.message.contains("byte 0xFF at byte offset 10") == true)
    #expect(error?.message.contains("\u{FFFD}") == false)
  }

  @Test func invalidUTF8InsideAQuotedMultiLineField() {
    // A truncated two-byte sequence before the closing quote, after a BOM.
    let bytes = [0xEF, 0xBB, 0xBF] + Array("a\n\"x\ny".utf8) + [0xC3] + Array("\"\n".utf8)
    let (problem, line, column, error) = failure(bytes)
    #expect(problem == .encodingError)
    #expect(line == 3)
    #expect(column == 2)
    #expect(error?.message.contains("byte 0xC3 at byte offset 9") == true)
  }

  @Test("overlong forms and surrogates are not UTF-8", arguments: [
    [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80],
  ] as [[UInt8]])
  func notUTF8(sequence: [UInt8]) {
    let (problem, line, column, _) = failure(Array("ok\n".utf8) + sequence)
    #expect(problem == .encodingError)
    #expect(line == 2)
    #expect(column == 1)
  }

  @Test func codesReadBackFromErrors() {
    let error = CSVProblem.missingCell.error("row has 2 cells, the header 3", at: .init(line: 4, column: 5))
    #expect(CSVProblem(error) == .missingCell)
    #expect(CSVProblem(CodecError(.malformedInput, "something else")) == nil)
    #expect(Set(CSVProblem.allCases.map(\.code)).count == CSVProblem.allCases.count, "codes are unique")
  }
}
