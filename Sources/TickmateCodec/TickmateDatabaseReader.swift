import Foundation
// Internal, as in the Loop codec: GRDB's SQL operators must not leak to clients.
internal import GRDB
import SQLiteCore
import TrackerCodec
import TrackerModel

/// Reads a Tickmate backup (`.db`) of any schema version (10 to 14 are known), read-only.
///
/// Columns come and go between versions (`multiple_entries_per_day` and the tick times at 10,
/// `"order"` at 11, the `groups` and `track2groups` tables at 13, `color` at 14, and a migrated
/// file has them in another order than a fresh one): the reader asks `PRAGMA table_info` what
/// each table holds and reads by name.
struct TickmateDatabaseReader {
  let path: String
  let fileName: String

  /// The SQLite file header every database starts with.
  /// The newest schema version known (`DatabaseOpenHelper.DATABASE_VERSION`).
  static let version = 14

  struct Contents {
    var tracks: [TickmateTrack]
    /// Ticks of no track of the backup, and ticks on no calendar day, skipped.
    var orphanTicks = 0
    var badDays = 0
  }

  /// - Throws: ``CodecError`` `.malformedInput` (with the file name) for a file that is not a
  ///   SQLite database, is damaged, or has no `tracks` and `ticks` tables (an empty database);
  ///   `.unsupportedVersion` for a `user_version` above 14.
  func read() throws -> Contents {
    try SQLiteFile.read(path, fileName: fileName, app: "Tickmate") { db in try read(db) }
  }

  private func read(_ db: Database) throws -> Contents {
    let tables = Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'"))
    guard tables.contains("tracks"), tables.contains("ticks") else {
      throw CodecError(.malformedInput,
                       tables.isEmpty ? "not a Tickmate backup: the database is empty (it has no tables)"
                                      : "not a Tickmate backup: it has no tracks and ticks tables",
                       location: SourceLocation(file: fileName),
                       note: "a database Tickmate exports ('tickmate-backup-YYYYMMDD.db') holds the tables tracks and ticks; Tickmate's own import refuses this file too")
    }
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    guard version <= Self.version else {
      throw CodecError(.unsupportedVersion, "Tickmate database version \(version) is newer than this build reads",
                       location: SourceLocation(file: fileName), note: "versions 10 to \(Self.version) are read")
    }
    let trackColumns = try columns(db, "tracks")
    for required in ["_id", "name"] where !trackColumns.contains(required) {
      throw CodecError(.malformedInput, "not a Tickmate backup: table tracks has no column \(required)",
                       location: SourceLocation(file: fileName, field: "tracks"))
    }
    let tickColumns = try columns(db, "ticks")
    for required in ["_track_id", "year", "month", "day"] where !tickColumns.contains(required) {
      throw CodecError(.malformedInput, "not a Tickmate backup: table ticks has no column \(required)",
                       location: SourceLocation(file: fileName, field: "ticks"))
    }
    func column(_ name: String, in columns: Set<String>) -> String { columns.contains(name) ? "\"\(name)\"" : "NULL" }
    let select = ["_id", "name", "description", "icon", "enabled", "multiple_entries_per_day", "color", "order"]
      .map { column($0, in: trackColumns) }
    let orderBy = trackColumns.contains("order") ? "\"order\", _id" : "_id"
    var tracks: [TickmateTrack] = []
    var byId: [Int64: Int] = [:]
    let rows = try Row.fetchCursor(db, sql: "SELECT \(select.joined(separator: ", ")) FROM tracks ORDER BY \(orderBy)")
    while let row = try rows.next() {
      let id: Int64 = row[0] ?? Int64(tracks.count)
      let track = TickmateTrack(
        id: id, name: row[1] ?? "", description: row[2] ?? "", icon: row[3] ?? "",
        enabled: ((row[4] as Int?) ?? 1) != 0, multipleEntriesPerDay: ((row[5] as Int?) ?? 0) != 0,
        color: row[6], order: row[7],
        location: SourceLocation(file: fileName, row: tracks.count + 1, field: "tracks"))
      byId[id] = tracks.count
      tracks.append(track)
    }

    if tables.contains("groups"), tables.contains("track2groups") {
      let groupColumns = try columns(db, "groups"), linkColumns = try columns(db, "track2groups")
      if groupColumns.isSuperset(of: ["_id", "name"]), linkColumns.isSuperset(of: ["_track_id", "_group_id"]) {
        let linkOrder = linkColumns.contains("_id") ? "l._id" : "l.rowid"
        let links = try Row.fetchCursor(db, sql: """
          SELECT l._track_id, g.name FROM track2groups l JOIN groups g ON g._id = l._group_id ORDER BY \(linkOrder)
          """)
        while let row = try links.next() {
          guard let trackId: Int64 = row[0], let index = byId[trackId], let name: String = row[1] else { continue }
          tracks[index].groups.append(name)
        }
      }
    }

    let time = ["hour", "minute", "second", "has_time_info"].map { column($0, in: tickColumns) }
    let ticks = try Row.fetchCursor(db, sql: """
      SELECT _track_id, year, month, day, \(time.joined(separator: ", ")) FROM ticks ORDER BY _track_id, year, month, day, \(time[0]), \(time[1]), \(time[2])
      """)
    var contents = Contents(tracks: [])
    while let row = try ticks.next() {
      guard let trackId: Int64 = row[0], let index = byId[trackId] else {
        contents.orphanTicks += 1
        continue
      }
      // ticks.month is java.util.Calendar.MONTH: 0 is January.
      guard let year: Int = row[1], let month: Int = row[2], let day: Int = row[3],
            let date = LocalDate(year: year, month: month + 1, day: day) else {
        contents.badDays += 1
        continue
      }
      var tick = TickmateTick(date: date)
      if (row[7] as Int?) == 1 {
        tick.time = ((row[4] as Int?) ?? 0, (row[5] as Int?) ?? 0, (row[6] as Int?) ?? 0)
      }
      tracks[index].ticks.append(tick)
    }
    contents.tracks = tracks
    return contents
  }

  /// The lower-cased column names of a table.
  private func columns(_ db: Database, _ table: String) throws -> Set<String> {
    Set(try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(table)\")").compactMap { ($0["name"] as String?)?.lowercased() })
  }
}
