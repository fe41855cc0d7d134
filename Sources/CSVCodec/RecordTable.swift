import TrackerModel

/// `records.csv`: `trackerId,date`, and from version 2 `amount,note`.
enum RecordTable: CSVTableMapping {
  static let table = CSVTable.records

  static func entity(_ row: inout CSVFieldReader, index: Int) -> TrackerRecord {
    let trackerId = row.sharedText("trackerId")
    let date = row.requiredDate("date") ?? unreadableDay
    guard row.hasVersion2 else { return TrackerRecord(trackerId: trackerId, date: date, extras: row.extras()) }
    return TrackerRecord(trackerId: trackerId, date: date, amount: row.number("amount"), note: row.optionalText("note"),
                         extras: row.extras())
  }

  static func cells(_ record: TrackerRecord, version: Int, pointer: () -> String) throws -> [String] {
    guard version >= 2 else { return [record.trackerId, try dateCell(record.date, pointer() + "/date")] }
    return [record.trackerId, try dateCell(record.date, pointer() + "/date"),
            try numberCell(record.amount, pointer() + "/amount"), CSVCell.optional(record.note)]
  }

  static func extras(of record: TrackerRecord) -> Extras { record.extras }
}
