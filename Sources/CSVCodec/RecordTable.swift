import TrackerModel

/// `records.csv`: `trackerId,date`.
enum RecordTable: CSVTableMapping {
  static let table = CSVTable.records
  /// A placeholder for an unreadable date; the row is discarded.
  private static let epoch = LocalDate(dayNumber: 0)

  static func entity(_ row: inout CSVFieldReader, index: Int) -> TrackerRecord {
    let trackerId = row.sharedText("trackerId")
    let date = row.requiredDate("date") ?? epoch
    return TrackerRecord(trackerId: trackerId, date: date, extras: row.extras())
  }

  static func cells(_ record: TrackerRecord, pointer: () -> String) throws -> [String] {
    [record.trackerId, try dateCell(record.date, pointer() + "/date")]
  }

  static func extras(of record: TrackerRecord) -> Extras { record.extras }
}
