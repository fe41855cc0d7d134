/// How a CSV file is written: delimiter, quote and encoding.
///
/// Line ends are not part of the dialect: the parser takes LF, CRLF and a lone CR alike;
/// ``CSVWriter`` writes CRLF, as RFC 4180 says.
package struct CSVDialect: Hashable, Sendable {
  /// The field separator: `,`, `;` (Russian Excel) or tab.
  package var delimiter: UInt8
  /// The quote character; always `"` in practice.
  package var quote: UInt8
  /// The bytes' encoding; windows-1251 input is transcoded to UTF-8 before parsing.
  package var encoding: CSVEncoding

  /// Comma, double quote, UTF-8: RFC 4180.
  package static let standard = CSVDialect()

  /// The delimiters ``detect(head:)`` chooses among.
  package static let candidateDelimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]

  package init(delimiter: UInt8 = UInt8(ascii: ","), quote: UInt8 = UInt8(ascii: "\""),
       encoding: CSVEncoding = .utf8) {
    self.delimiter = delimiter
    self.quote = quote
    self.encoding = encoding
  }

  /// The delimiter of the file whose first bytes are `head`: among `,` `;` and tab, the one
  /// found outside quotes the same number of times on every record of the head (at least
  /// once); if several are, the most frequent; if none is consistent, the most frequent
  /// overall; with none at all, `,`.
  ///
  /// A record cut off at the end of `head` is not counted unless it is the only one.
  package static func detect(head: UnsafeRawBufferPointer, quote: UInt8 = UInt8(ascii: "\""),
                     maxRecords: Int = 20) -> UInt8 {
    let candidates = candidateDelimiters
    var counts = [[Int]](repeating: [], count: candidates.count)
    var current = [Int](repeating: 0, count: candidates.count)
    var inQuotes = false
    var recordHasContent = false
    var records = 0
    var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func endRecord() {
      if recordHasContent {
        for k in candidates.indices { counts[k].append(current[k]) }
        records += 1
      }
      current = [Int](repeating: 0, count: candidates.count)
      recordHasContent = false
    }
    while i < head.count, records < maxRecords {
      let b = head[i]
      i += 1
      if b == quote {
        inQuotes.toggle()
        recordHasContent = true
      } else if inQuotes {
        continue
      } else if b == 0x0A || b == 0x0D {
        endRecord()
      } else {
        recordHasContent = true
        if let k = candidates.firstIndex(of: b) { current[k] += 1 }
      }
    }
    // The last record counts only when the head is all there is or it is the only one.
    if records == 0 { endRecord() }
    var best: (index: Int, consistent: Bool, count: Int)?
    for k in candidates.indices {
      let perRecord = counts[k]
      let total = perRecord.reduce(0, +)
      guard total > 0 else { continue }
      let consistent = perRecord.allSatisfy { $0 == perRecord[0] }
      let score = consistent ? perRecord[0] : total
      if let b = best {
        if (consistent && !b.consistent) || (consistent == b.consistent && score > b.count) {
          best = (k, consistent, score)
        }
      } else {
        best = (k, consistent, score)
      }
    }
    return best.map { candidates[$0.index] } ?? UInt8(ascii: ",")
  }
}
