import Foundation
import TrackerTestSupport
import Testing

/// SQLite files from strangers (docs/security.md): each hostile database is built here with
/// `sqlite3`, and `trackport convert` must end in a clear error, exit 65, within seconds —
/// never run what the file asks, never change it, never leave anything behind.
@Suite struct HostileSQLiteTests {
  /// A Loop backup's two tables (version 22), for files that must pass detection.
  static let loopTables = """
    CREATE TABLE Habits(id INTEGER PRIMARY KEY, name TEXT, position INT, archived INT, color INT, description TEXT,
      freq_num INT, freq_den INT, highlight INT, reminder_days INT, type INT, target_type INT, target_value REAL, unit TEXT);
    CREATE TABLE Repetitions(id INTEGER PRIMARY KEY, habit INT, timestamp INT, value INT);
    PRAGMA user_version = 22;
    """

  /// Builds `name` in a fresh folder with `sqlite3`, runs `convert` on it, and checks that
  /// neither the file nor its folder changed.
  private func convert(_ name: String, sql: String, arguments: [String] = [], environment: [String: String?] = [:],
                       edit: ((URL) throws -> Void)? = nil) throws -> (CLI.Result, seconds: Double) {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = folder.appendingPathComponent(name)
    let sqlite = try #require(CLI.tool("sqlite3"), "sqlite3 is a test dependency (make deps)")
    let built = try CLI.run([db.path], input: Data(sql.utf8), executable: sqlite)
    #expect(built.status == 0, "\(built.stderr)")
    try edit?(db)
    let before = try Data(contentsOf: db)
    let start = Date()
    let result = try CLI.run(["convert", db.path, "-", "--to", "json"] + arguments, environment: environment)
    let seconds = Date().timeIntervalSince(start)
    #expect(try Data(contentsOf: db) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    return (result, seconds)
  }

  @Test func aViewStandingInForATableIsNeverRun() throws {
    // `ticks` is a view that would load an extension (and a trigger that would write).
    let (result, seconds) = try convert("view.db", sql: """
      CREATE TABLE tracks(_id INTEGER PRIMARY KEY, name TEXT, description TEXT, icon TEXT, enabled INT);
      CREATE TABLE ticks0(_id INTEGER PRIMARY KEY, _track_id INT, year INT, month INT, day INT);
      CREATE VIEW ticks AS SELECT * FROM ticks0 WHERE load_extension('/nonexistent/evil') IS NULL;
      INSERT INTO tracks VALUES (1, 'a', '', 'i', 1);
      INSERT INTO ticks0 VALUES (1, 1, 2020, 0, 1);
      PRAGMA user_version = 12;
      """, arguments: ["--from", "tickmate"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("view.db: error: not a Tickmate backup"), "\(result.stderr)")
    #expect(seconds < 10)
  }

  @Test func aValueLargerThanTheCapIsRefused() throws {
    let (result, seconds) = try convert("big.db", sql: Self.loopTables + """
      INSERT INTO Habits(id, position, name) VALUES (1, 0, printf('%.*c', 20000000, 'x'));
      """)
    #expect(result.status == 65)
    #expect(result.stderr.contains("big.db: error: not a readable Loop database: string or blob too big"), "\(result.stderr)")
    #expect(seconds < 10)
  }

  @Test func damagedPagesAreALocatedError() throws {
    let (result, seconds) = try convert("damaged.db", sql: Self.loopTables + """
      INSERT INTO Habits(id, position, name) VALUES (1, 0, 'Read');
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
        INSERT INTO Repetitions(habit, timestamp, value) SELECT 1, i * 86400000, 2 FROM n;
      """) { db in
      // Overwrite the header of every page after the first.
      var bytes = try Data(contentsOf: db)
      let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
      var page = pageSize
      while page + 12 <= bytes.count {
        for i in page..<(page + 12) { bytes[i] = 0xA5 }
        page += pageSize
      }
      try bytes.write(to: db)
    }
    #expect(result.status == 65)
    #expect(result.stderr.contains("damaged.db: error: not a readable Loop database: database disk image is malformed"), "\(result.stderr)")
    #expect(seconds < 10)
  }

  @Test func aHeaderClaimingTwoGigabytesOfPagesIsALocatedError() throws {
    let (result, seconds) = try convert("pages.db", sql: Self.loopTables + """
      INSERT INTO Habits(id, position, name) VALUES (1, 0, 'Read');
      """) { db in
      // The in-header page count (offset 28) set to 2^31 - 1, and made valid by copying the
      // change counter (24) to version-valid-for (92), so SQLite believes it.
      var bytes = try Data(contentsOf: db)
      for (i, b) in [0x7F, 0xFF, 0xFF, 0xFF].enumerated() { bytes[28 + i] = UInt8(b) }
      for i in 0..<4 { bytes[92 + i] = bytes[24 + i] }
      try bytes.write(to: db)
    }
    #expect(result.status == 65)
    #expect(result.stderr.contains("pages.db: error: not a readable Loop database: database disk image is malformed"), "\(result.stderr)")
    #expect(seconds < 10)
  }

  @Test func millionsOfRowsOfNothingStopAtTheTimeLimit() throws {
    let (result, seconds) = try convert("rows.db", sql: Self.loopTables + """
      INSERT INTO Habits(id, position, name) VALUES (1, 0, 'Read');
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500000)
        INSERT INTO Repetitions(habit, timestamp, value) SELECT 2, i, 2 FROM n;
      """, environment: ["TRACKPORT_SQLITE_SECONDS": "0.2"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("rows.db: error: not a readable Loop database: reading it took longer than 0.2 s"), "\(result.stderr)")
    #expect(seconds < 10)
  }
}
