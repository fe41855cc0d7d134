import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// Loop → org-mode habits → back: every completion and every completion's note org can hold
/// comes back, checked by two oracles that are not TrackerPort: `sqlite3` reads the Loop
/// database, Emacs' org-habit (`Tests/Oracles/org_habits.el`, one process for both files)
/// reads the org file written. Skips and notes on days not done are what org cannot hold
/// (reported as `entries`).
@Suite(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db")), "the shared fixtures are not there"))
struct OrgLoopMigrationTests {
  static func sqlite(_ db: String, _ sql: String) throws -> [String] { try SQLite3.lines(db, sql, readOnly: true) }

  @Test(.enabled(if: OrgHabitOracle.wanted, "\(OrgHabitOracle.missing)"))
  func loopsCompletionsAndNotesReachOrgAndComeBack() throws {
    let folder = try temporaryFolder("trackport-org-loop")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Loop's own example backup (schema 12), and a version-25 one with notes and skips.
    let v25 = folder.appendingPathComponent("v25.db").path
    let schema = try String(contentsOfFile: SharedFixtures.path("loop_uhabits/loop_v25_schema.sql"), encoding: .utf8)
      .replacingOccurrences(of: "CREATE TABLE sqlite_sequence(name,seq);", with: "")
    // 2024-03-04 is 1709510400000 ms; a day is 86400000.
    try SQLite3.execute(v25, script: schema + """
      PRAGMA user_version=25;
      INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
        VALUES (1, 0, 2, '', 1, 1, 0, 'Gym', 0, NULL, NULL, 127, 0, 0, 0, '', '', '0123456789abcdef0123456789abcdef'),
               (2, 1, 15, '', 3, 2, 0, 'Read', 1, NULL, NULL, 127, 0, 0, 0, '', '', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
        (1, 1709510400000, 2, 'leg day'), (1, 1709596800000, 3, 'sore'), (1, 1709683200000, 2, 'two lines
      of note'), (1, 1709769600000, 0, 'rain'), (1, 1709856000000, 2, NULL),
        (2, 1709510400000, 2, NULL), (2, 1709683200000, 2, '- State "DONE" on [2024-03-06 Wed], a note');
      """)
    var files: [(db: String, org: String, back: TrackerDataset, losses: [Diagnostic])] = []
    for db in [SharedFixtures.path("loop_uhabits/loop.db"), v25] {
      var reading = CodecContext(fileName: db)
      let loop = try LoopCodec().decode(CodecInput(path: db), context: &reading)
      let org = folder.appendingPathComponent(URL(fileURLWithPath: db).deletingPathExtension().lastPathComponent + ".org").path
      let losses = OrgCodec().losses(writing: loop, to: CodecOutput(path: org), options: [:])
      try encode(OrgCodec(), loop, toPath: org)
      files.append((db, org, try decode(OrgCodec(), path: org).0, losses))
    }
    let emacs = try OrgHabitOracle.parse(files.map(\.org))
    let day = "date(r.timestamp / 1000, 'unixepoch')"
    for file in files {
      // Loop's completions: every repetition in schema 12; YES_MANUAL (2) in version 25 (YES_AUTO is Loop's own guess).
      let completed = file.db == v25 ? "r.value = 2" : "1"
      let expected = try Self.sqlite(file.db, """
        SELECT h.name, group_concat(d, ',') FROM Habits h LEFT JOIN (SELECT DISTINCT r.habit, \(day) AS d FROM Repetitions r
        WHERE \(completed) ORDER BY d) x ON x.habit = h.id GROUP BY h.id ORDER BY h.position
        """)
      let byEmacs = (emacs[file.org] ?? []).map { habit in Array(Set(habit.done)).sorted().joined(separator: ",") }
      let back = file.back.trackers.map { tracker in
        file.back.records.filter { $0.trackerId == tracker.id }.map(\.date.description).sorted().joined(separator: ",")
      }
      #expect(byEmacs == expected.map { String($0.split(separator: "|", omittingEmptySubsequences: false).last ?? "") }, "\(file.db)")
      #expect(file.back.trackers.map(\.name) == expected.map { String($0.split(separator: "|").first ?? "") })
      #expect(back == byEmacs, "\(file.db)")
      #expect(!byEmacs.joined().isEmpty)
    }
    // Notes of completions come back (the one that reads as a state line with a zero-width
    // space before it, reported as records.note); the skip and the note of a day not done are
    // reported as entries.
    let v25back = files[1].back
    let notes = v25back.records.compactMap { record in record.note.map { "\(record.date) \($0)" } }.sorted()
    #expect(notes == (try Self.sqlite(v25, "SELECT \(day) || ' ' || r.notes FROM Repetitions r WHERE r.value = 2 AND r.notes IS NOT NULL")
      .joined(separator: "\n").replacingOccurrences(of: "- State", with: "\u{200B}- State").split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init).reduce(into: [String]()) { lines, line in
        // sqlite3 prints a note's line break as one: join the continuation back on.
        if line.hasPrefix("20"), line.dropFirst(4).first == "-" { lines.append(line) } else { lines[lines.count - 1] += "\n" + line }
      }.sorted()))
    let pointers = files[1].losses.compactMap(\.location.pointer)
    #expect(pointers.contains("/entries") && pointers.contains("/records.note"))
    #expect(v25back.trackers.map(\.archived) == [false, true])
  }
}
