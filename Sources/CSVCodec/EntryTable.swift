import TrackerModel

/// `entries.csv` (version 2): `trackerId,date,skipped,amount,note`: days marked but not done.
enum EntryTable: CSVTableMapping {
  static let table = CSVTable.entries

  static func entity(_ row: inout CSVFieldReader, index: Int) -> TrackerEntry {
    let trackerId = row.sharedText("trackerId")
    let date = row.requiredDate("date") ?? unreadableDay
    return TrackerEntry(trackerId: trackerId, date: date, skipped: row.bool("skipped"), amount: row.number("amount"),
                        note: row.optionalText("note"), extras: row.extras())
  }

  static func cells(_ entry: TrackerEntry, version: Int, pointer: () -> String) throws -> [String] {
    [entry.trackerId, try dateCell(entry.date, pointer() + "/date"), CSVCell.bool(entry.skipped),
     try numberCell(entry.amount, pointer() + "/amount"), CSVCell.optional(entry.note)]
  }

  static func extras(of entry: TrackerEntry) -> Extras { entry.extras }
}
