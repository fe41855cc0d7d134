import Testing
import TrackerTestSupport
import TrackerCodec
@testable import CSVCodec
@testable import CSVCore

struct CSVParserTests {
  @Test func spacesAreKeptAndEmptyFieldsTellQuotes() throws {
    let result = try parse(" a , b ,\"\",\n")
    #expect(result.fields == [[" a ", " b ", "", ""]])
    #expect(result.rows[0].quoted == [false, false, true, false])
  }

  @Test func positionsOfFieldsAcrossQuotedLineBreaks() throws {
    for chunk in [nil, 1, 2, 3] {
      let result = try parse("ид,\"b\nc\",d\r\n\"x\"\"y\",é,\"\"\n", chunkSize: chunk)
      #expect(result.fields == [["ид", "b\nc", "d"], ["x\"y", "é", ""]])
      #expect(result.rows[0].columns == [1, 4, 4])
      #expect(result.rows[0].lines == [1, 1, 2])
      #expect(result.rows[0].line == 1)
      #expect(result.rows[1].line == 3)
      #expect(result.rows[1].columns == [1, 8, 10])
      #expect(result.rows.map(\.record) == [1, 2])
    }
  }

  @Test func byteOrderMarkIsDroppedFromTheFirstHeaderCell() throws {
    let result = try parse([0xEF, 0xBB, 0xBF] + Array("id,name\n1,x\n".utf8))
    #expect(result.fields == [["id", "name"], ["1", "x"]])
    #expect(result.rows[0].columns == [1, 4])
  }

  @Test func loneCRendsLines() throws {
    let result = try parse("a,b\r1,2\r\r3,4")
    #expect(result.fields == [["a", "b"], ["1", "2"], ["3", "4"]])
    #expect(result.rows.map(\.line) == [1, 2, 4])
    #expect(result.blankLines == [CSVBlankLine(line: 3, nextRecord: 3)])
  }

  @Test("a blank line between records is reported; trailing ones are not", arguments: ["\n", "\r\n"])
  func blankRows(end: String) throws {
    let text = ["a,b", "1,2", "", "3,4", "", ""].joined(separator: end)
    let result = try parse(text)
    #expect(result.fields == [["a", "b"], ["1", "2"], ["3", "4"]])
    #expect(result.blankLines == [CSVBlankLine(line: 3, nextRecord: 3)])
    #expect(result.rows.map(\.line) == [1, 2, 4])
    // A row of empty cells is a record: the table decides that it is blank.
    let empties = try parse("a,b\n,\n")
    #expect(empties.rows[1].fields == ["", ""])
  }

  @Test func raggedRowsKeepTheirFieldCounts() throws {
    let result = try parse("a,b\n1,2,3\n4\n5,6\n")
    #expect(result.rows.map(\.fields.count) == [2, 3, 1, 2])
    #expect(result.rows[1].columns == [1, 3, 5])
  }

  @Test func windows1251IsTranscoded() throws {
    // «Привет»;Москва in windows-1251, with CRLF.
    let bytes: [UInt8] = [0xE8, 0xEC, 0xFF, 0x3B, 0xE3, 0xEE, 0xF0, 0xEE, 0xE4, 0x0D, 0x0A,
                          0xAB, 0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0xBB, 0x3B,
                          0xCC, 0xEE, 0xF1, 0xEA, 0xE2, 0xE0]
    let dialect = CSVDialect(delimiter: UInt8(ascii: ";"), encoding: .windows1251)
    let result = try parse(bytes, dialect: dialect)
    #expect(result.fields == [["имя", "город"], ["«Привет»", "Москва"]])
    #expect(result.rows[1].columns == [1, 10])
  }

  /// Every upper byte of each code page, as glibc's iconv gave it, equals Python's own codec
  /// table (an independent implementation): the same character, or both undefined.
  @Test(arguments: [("windows-1251", "cp1251"), ("windows-1252", "cp1252"), ("iso-8859-1", "latin-1")])
  func codePagesMatchPythonsCodecs(_ name: String, _ python: String) throws {
    let page = try #require(CSVEncoding(name: name)?.codePage)
    #expect(page.available)
    let expected = try runPython(oracle: "codepage.py", [python]).split(separator: "\n").map(String.init)
    var ours: [String] = []
    for byte in UInt8(0x80)...UInt8(0xFF) {
      let hex = String(byte, radix: 16, uppercase: true)
      switch [byte].withUnsafeBytes({ page.transcode($0) }) {
      case .success(let utf8):
        let scalar = try #require(String(decoding: utf8, as: UTF8.self).unicodeScalars.first)
        let code = String(scalar.value, radix: 16, uppercase: true)
        ours.append(hex + "\t" + String(repeating: "0", count: max(0, 4 - code.count)) + code)
      case .failure:
        ours.append(hex + "\t-")
      }
    }
    #expect(ours == expected)
  }

  @Test func windows1252IsTranscodedAndItsUndefinedBytesAreErrors() throws {
    // "Café";"naïve – €5" in windows-1252.
    let bytes: [UInt8] = Array("\"Caf".utf8) + [0xE9] + Array("\";na".utf8) + [0xEF] + Array("ve ".utf8) + [0x96, 0x20, 0x80] + Array("5".utf8)
    let result = try parse(bytes, dialect: CSVDialect(delimiter: UInt8(ascii: ";"), encoding: .windows1252))
    #expect(result.fields == [["Café", "naïve – €5"]])
    let (problem, _, column, error) = failure(Array("a;".utf8) + [0x81], dialect: CSVDialect(delimiter: UInt8(ascii: ";"), encoding: .windows1252))
    #expect(problem == .encodingError)
    #expect(column == 3)
    #expect(error?.message.contains("byte 0x81 at byte offset 2 has no character in windows-1252") == true)
  }

  @Test func aUTF8FileReadAsACodePageIsReadWithAWarning() throws {
    let parser = try CSVParser(dialect: CSVDialect(delimiter: UInt8(ascii: ","), encoding: .windows1251), file: "u.csv")
    var rows: [[String]] = []
    try Array("name\nCafé\n".utf8).withUnsafeBytes { bytes in
      try parser.parse(bytes) { view in rows.append((0..<view.count).map { view.string($0) }) }
    }
    #expect(rows == [["name"], ["CafГ©"]])
    #expect(parser.warnings.map(\.code) == ["encoding-implausible"])
    #expect(parser.warnings.first?.message == "the file is valid UTF-8, yet read as windows-1251 (--encoding): \"é\" becomes \"Г©\"")
    #expect(parser.warnings.first?.location.line == 2 && parser.warnings.first?.location.column == 4)
    let plain = try CSVParser(dialect: CSVDialect(delimiter: UInt8(ascii: ","), encoding: .windows1252), file: "a.csv")
    try Array("name\nRun\n".utf8).withUnsafeBytes { try plain.parse($0) { _ in } }
    #expect(plain.warnings.isEmpty, "ASCII reads the same in every code page")
  }

  @Test func windows1251UndefinedByteIsAnEncodingError() {
    let bytes: [UInt8] = Array("a;b\r\nx;".utf8) + [0xCF, 0x98]
    let (problem, line, column, error) = failure(bytes, dialect: CSVDialect(delimiter: UInt8(ascii: ";"), encoding: .windows1251))
    #expect(problem == .encodingError)
    #expect(line == 2)
    #expect(column == 4)
    #expect(error?.message.contains("byte offset 8") == true)
  }

  @Test("delimiter detection", arguments: [
    ("a,b,c\n1,2,3\n", ","),
    ("имя;дата;готово\nЧтение;01.02.2024;да\nБег;02.02.2024;нет\n", ";"),
    ("a\tb\n1\t2\n", "\t"),
    ("\"x;y\",b\n\"1;2;3\",4\n", ","),
    ("a,b;c\n1,2;3,4\n5,6;7\n", ";"),
    ("name\nx\n", ","),
    ("a;b", ";"),
  ])
  func detectsDelimiter(text: String, expected: Character) {
    let found = Array(text.utf8).withUnsafeBytes { CSVDialect.detect(head: $0) }
    #expect(Character(UnicodeScalar(found)) == expected)
  }

  @Test func parserIsReusableAfterAnError() throws {
    let parser = try CSVParser()
    var rows = 0
    #expect(throws: CodecError.self) {
      try Array("\"open".utf8).withUnsafeBytes { try parser.parse($0) { _ in rows += 1 } }
    }
    try Array("a,b\n".utf8).withUnsafeBytes { try parser.parse($0) { _ in rows += 1 } }
    #expect(rows == 1)
  }

  @Test func aCallbackErrorStopsParsing() {
    struct Stop: Error {}
    var seen = 0
    #expect(throws: Stop.self) {
      let parser = try CSVParser()
      try Array("a\nb\nc\n".utf8).withUnsafeBytes {
        try parser.parse($0) { _ in
          seen += 1
          if seen == 2 { throw Stop() }
        }
      }
    }
    #expect(seen == 2)
  }
}
