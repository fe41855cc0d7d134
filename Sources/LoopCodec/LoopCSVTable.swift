import TrackerCodec
import TrackerModel

/// The rows of one small CSV file of a Loop export, as opencsv writes them: fields quoted only
/// when needed, `""` for a quote, `\n` (or `\r\n`) line ends.
///
/// Loop's files are small (one row per habit, or per day of one habit), so the whole file is
/// split at once; cells are decoded from bytes only once.
struct LoopCSVTable {
  /// One record: its 1-based line and its cells.
  struct Row {
    var line: Int
    var cells: [String]
  }

  let file: String
  private(set) var rows: [Row] = []

  /// Splits `bytes` (a UTF-8 byte order mark is skipped; blank lines are skipped).
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at the opening quote of a field never closed,
  ///   or at a quote followed by text.
  init(_ bytes: UnsafeRawBufferPointer, file: String) throws {
    self.file = file
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var line = 1, column = 1
    var cells: [String] = [], cell: [UInt8] = [], rowLine = 1
    var quoted = false, quoteLine = 0, quoteColumn = 0, afterQuote = false
    func endRow() {
      cells.append(String(decoding: cell, as: UTF8.self))
      cell.removeAll(keepingCapacity: true)
      if !(cells.count == 1 && cells[0].isEmpty) { rows.append(Row(line: rowLine, cells: cells)) }
      cells.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            cell.append(byte)
            index += 1
            column += 1
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          cell.append(byte)
        }
        if byte == UInt8(ascii: "\n") { line += 1; column = 0 }
        column += 1
        continue
      }
      switch byte {
      case UInt8(ascii: ","):
        cells.append(String(decoding: cell, as: UTF8.self))
        cell.removeAll(keepingCapacity: true)
        afterQuote = false
      case UInt8(ascii: "\n"):
        endRow()
        afterQuote = false
        line += 1
        column = 0
        rowLine = line
      case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
        break
      case UInt8(ascii: "\"") where cell.isEmpty && !afterQuote:
        quoted = true
        quoteLine = line
        quoteColumn = column
      default:
        if afterQuote {
          throw CodecError(.malformedInput, "text after a closing quote",
                           location: SourceLocation(file: file, line: line, column: column))
        }
        cell.append(byte)
      }
      column += 1
    }
    if quoted {
      throw CodecError(.malformedInput, "a quoted field is never closed",
                       location: SourceLocation(file: file, line: quoteLine, column: quoteColumn))
    }
    if !cell.isEmpty || !cells.isEmpty { endRow() }
  }
}
