import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
@testable import CSVCodec
@testable import CSVCore

func written(dialect: CSVDialect = .standard, spreadsheetSafe: Bool = false,
             _ body: (CSVWriter) -> Void) throws -> (String, CSVWriter) {
  let memory = MemoryOutput()
  var writer: CSVWriter?
  try CodecOutput(.memory(memory)).write { output in
    let csv = CSVWriter(output: output, dialect: dialect, spreadsheetSafe: spreadsheetSafe)
    body(csv)
    writer = csv
  }
  return (String(decoding: memory.bytes, as: UTF8.self), try #require(writer))
}

struct CSVWriterTests {
  @Test func quotesOnlyWhatNeedsIt() throws {
    let (text, _) = try written { w in
      w.writeRow(["plain", "a,b", "say \"hi\"", "line\r\nend", " lead", "trail ", "", "é\u{301}"])
      w.writeField("x")
      w.writeNull()
      w.writeField("\"\u{301}")
      w.endRow()
    }
    #expect(text == "plain,\"a,b\",\"say \"\"hi\"\"\",\"line\r\nend\",\" lead\",\"trail \",\"\",é\u{301}\r\nx,,\"\"\"\u{301}\"\r\n")
  }

  @Test func aRowOfOneEmptyFieldSurvives() throws {
    let (text, _) = try written { w in
      w.writeRow(["a"])
      w.writeNull(); w.endRow()
      w.writeRow([""])
      w.writeRow(["b"])
    }
    #expect(text == "a\r\n\"\"\r\n\"\"\r\nb\r\n")
    #expect(try parse(text).fields == [["a"], [""], [""], ["b"]])
  }

  @Test func spreadsheetSafety() throws {
    let cells = ["=SUM(A1)", "+1+1", "-2", "@x", "\tx", "-", "+3.5", "ok", "-cmd|' /C calc'!A0"]
    let (unsafe, w1) = try written { $0.writeRow(cells) }
    #expect(w1.riskyCells == 6)
    #expect(w1.riskWarning == "6 cells start with = + - @ and may run as formulas in a spreadsheet; pass --spreadsheet-safe")
    #expect(try parse(unsafe).fields == [cells])
    let (safe, w2) = try written(spreadsheetSafe: true) { $0.writeRow(cells) }
    #expect(w2.riskyCells == 0 && w2.neutralisedCells == 6 && w2.riskWarning == nil)
    #expect(try parse(safe).fields == [["'=SUM(A1)", "'+1+1", "-2", "'@x", "'\tx", "'-", "+3.5", "ok", "'-cmd|' /C calc'!A0"]])
  }

  /// Random fields full of what breaks CSV, written and read back, in three dialects.
  @Test("round trip of random rows", arguments: [",", ";", "\t"])
  func roundTrip(delimiter: Character) throws {
    let pieces = [",", ";", "\t", "\"", "\r", "\n", "\r\n", "\"\u{301}", "👍🏽", "🇷🇺", " ", "=",
                  "+", "-", "@", "a", "Привет", "0", "é", "\u{301}", "x y", "''"]
    var random = SplitMix64(seed: 20_240_229)
    var rows: [[String?]] = []
    for _ in 0..<3000 {
      let count = 1 + random.below(6)
      rows.append((0..<count).map { _ -> String? in
        if random.below(10) == 0 { return nil }
        var field = ""
        for _ in 0..<random.below(6) { field += pieces[random.below(pieces.count)] }
        return field
      })
    }
    let dialect = CSVDialect(delimiter: UInt8(ascii: delimiter.unicodeScalars.first ?? ","))
    // Where each field starts, as the writer put it, to check the parser's positions.
    var starts: [[Int]] = []
    let (text, writer) = try written(dialect: dialect) { w in
      for row in rows {
        var offsets: [Int] = []
        for (i, field) in row.enumerated() {
          offsets.append(w.output.bytesWritten + (i > 0 ? 1 : 0))
          if let field { w.writeField(field) } else { w.writeNull() }
        }
        starts.append(offsets)
        w.endRow()
      }
    }
    let bytes = Array(text.utf8)
    #expect(writer.records == rows.count)
    for chunk in [nil, 7] {
      let back = try parse(bytes, dialect: dialect, chunkSize: chunk)
      #expect(back.rows.count == rows.count)
      #expect(back.blankLines.isEmpty)
      for (row, parsed) in zip(rows, back.rows) {
        #expect(parsed.fields == row.map { $0 ?? "" })
        // A missing value reads back unquoted, an empty string quoted; a row of one missing
        // value is written `""` so that it is not a blank line.
        if row.count > 1 {
          #expect(parsed.quoted.enumerated().allSatisfy { i, q in row[i] != nil || !q })
        }
        #expect(zip(row, parsed.quoted).allSatisfy { field, q in field != "" || q })
      }
      // Every field's line and column agree with a plain walk over the bytes.
      var position = CSVTextPosition(line: 1, column: 1)
      var at = 0
      var mismatches = 0
      bytes.withUnsafeBytes { raw in
        for (offsets, parsed) in zip(starts, back.rows) {
          for (i, offset) in offsets.enumerated() {
            position = position.advanced(in: raw.baseAddress!, from: at, to: offset)
            at = offset
            if parsed.lines[i] != position.line || parsed.columns[i] != position.column { mismatches += 1 }
          }
        }
      }
      #expect(mismatches == 0)
    }
  }
}
