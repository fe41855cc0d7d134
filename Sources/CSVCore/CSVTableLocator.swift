import TrackerCodec
import TrackerModel

/// Finds where parts of a dataset read from a single CSV table came from: model pointers
/// (`/trackers/3/name`, `/records/7/date`) to the file, row, column label, line and column of
/// the cell.
///
/// Only positions are kept, compactly: per stored row its record number, and per kept column
/// (the ``slots``) the line and column of its cell, as `Int32`s. A pointer to a field that came
/// from no cell (an emoji chosen from the palette) resolves to the row.
package struct CSVTableLocator: SourceLocator {
  /// Which model collections came from which stored rows, and which model key came from which
  /// slot.
  package struct Collection: Sendable {
    /// Stored-row index of each item (a tracker made from a log table: its first row).
    package var rows: [Int32] = []
    /// Model key (`name`, `date`) → slot.
    package var fields: [String: Int] = [:]
    package init(rows: [Int32] = [], fields: [String: Int] = [:]) {
      self.rows = rows
      self.fields = fields
    }
  }

  package let file: String?
  /// Header labels of the slots.
  package let labels: [String]
  /// The header column index of each slot.
  package let slots: [Int]
  private(set) var records: [Int32] = []
  private(set) var lines: [Int32] = []
  private(set) var columns: [Int32] = []
  package var collections: [String: Collection] = [:]

  package init(file: String?, labels: [String], slots: [Int]) {
    self.file = file
    self.labels = slots.map { labels[$0] }
    self.slots = slots
  }

  /// Keeps the row's positions; returns its stored-row index.
  package mutating func store(_ view: CSVRowView) -> Int32 {
    let index = Int32(records.count)
    records.append(Int32(clamping: view.record))
    for column in slots {
      if column < view.count {
        lines.append(Int32(clamping: view.fieldLine(column)))
        columns.append(Int32(clamping: view.column(column)))
      } else {
        lines.append(Int32(clamping: view.line))
        columns.append(0)  // no such cell: the row stands for it
      }
    }
    return index
  }

  /// Adds an item to a collection, made from stored row `row`.
  package mutating func add(_ collection: String, row: Int32) {
    collections[collection, default: Collection()].rows.append(row)
  }

  /// The location of `slot` (or of the row, for `nil`) of stored row `row`.
  package func location(row: Int, slot: Int?, pointer: String) -> SourceLocation {
    let width = slots.count
    var location = SourceLocation(file: file, pointer: pointer, row: Int(records[row]))
    if let slot, columns[row * width + slot] > 0 {
      location.line = Int(lines[row * width + slot])
      location.column = Int(columns[row * width + slot])
      location.field = labels[slot]
    } else {
      location.line = width > 0 ? Int(lines[row * width]) : nil
      location.column = 1
    }
    return location
  }

  package func locate(_ pointers: Set<String>) -> [String: SourceLocation] {
    var result: [String: SourceLocation] = [:]
    for pointer in pointers {
      let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
      guard tokens.count >= 2, let collection = collections[tokens[0]], let item = Int(tokens[1]),
            item >= 0, item < collection.rows.count else { continue }
      let row = Int(collection.rows[item])
      guard row >= 0, row < records.count else { continue }
      let slot = tokens.count >= 3 ? collection.fields[tokens[2]] : nil
      result[pointer] = location(row: row, slot: slot, pointer: pointer)
    }
    return result
  }
}
