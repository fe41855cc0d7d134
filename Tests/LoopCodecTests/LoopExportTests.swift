import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import JSONCodec
import TrackerCodec
import TrackerModel
@testable import LoopCodec

/// Writing a Loop backup, checked with `sqlite3`, and round trips through it.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopExportTests {
  static let demoPath = Loop.root.appendingPathComponent("SampleData/demo.trackport.json").path

  /// A schema as `sqlite3 .schema` prints it, or as the fixture has it: comments and blank
  /// lines removed, whitespace runs as one space.
  static func normalised(_ schema: String) -> String {
    schema.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: " ")
      .split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
  }

  @Test func theEmbeddedSchemaIsTheFixtureFile() throws {
    let fixture = try String(contentsOfFile: Loop.fixture("loop_v25_schema.sql"), encoding: .utf8)
    #expect(LoopSchema.sql == fixture)
  }

  @Test func aWrittenBackupHasVersion25TheSchemaAndTheRows() throws {
    let demo = try TrackerTestSupport.decode(JSONCodec(), path: Self.demoPath).0
    let out = try Loop.temporaryFolder().appendingPathComponent("out.db").path
    defer { Loop.removeFolder(of: out) }
    try Loop.encode(demo, to: out)
    #expect(try Loop.sqlite(out, "PRAGMA user_version") == ["25"])
    let fixture = try String(contentsOfFile: Loop.fixture("loop_v25_schema.sql"), encoding: .utf8)
    #expect(Self.normalised(try Loop.run("sqlite3", [out, ".schema"])) == Self.normalised(fixture))
    #expect(try Loop.sqlite(out, "PRAGMA integrity_check") == ["ok"])

    let habits = demo.trackers.filter { $0.kind == .habit }
    #expect(try Loop.sqlite(out, "SELECT name FROM Habits ORDER BY position") == habits.map(\.name))
    #expect(try Loop.sqlite(out, "SELECT position FROM Habits ORDER BY id") == habits.indices.map(String.init))
    // Frequency and reminder days from the schedule: the mask is Saturday-first.
    let rows = try Loop.sqlite(out, "SELECT freq_num || '/' || freq_den || ' ' || reminder_days FROM Habits ORDER BY position")
    for (tracker, row) in zip(habits, rows) {
      let days = Set(tracker.schedule ?? [])
      let bits: [Weekday: Int] = [.sat: 1, .sun: 2, .mon: 4, .tue: 8, .wed: 16, .thu: 32, .fri: 64]
      let expected = days.count == 7 ? "1/1 127" : "\(days.count)/7 \(days.reduce(0) { $0 + bits[$1]! })"
      #expect(row == expected, "\(tracker.name)")
    }
    // Colours are Loop palette indices.
    #expect(try Loop.sqlite(out, "SELECT count(*) FROM Habits WHERE color NOT BETWEEN 0 AND 19") == ["0"])
    // One repetition per completion of a habit: value 2 at 00:00 UTC of the day.
    let habitIds = Set(habits.map(\.id))
    let expected = demo.records.filter { habitIds.contains($0.trackerId) }.count
    #expect(try Loop.sqlite(out, "SELECT count(*) FROM Repetitions WHERE value = 2") == ["\(expected)"])
    #expect(try Loop.sqlite(out, "SELECT count(*) FROM Repetitions WHERE timestamp % 86400000 != 0") == ["0"])
    let first = try #require(demo.records.first { habitIds.contains($0.trackerId) })
    let name = try #require(habits.first { $0.id == first.trackerId }?.name)
    let days = try Loop.sqlite(out, "SELECT date(r.timestamp / 1000, 'unixepoch') FROM Repetitions r JOIN Habits h ON h.id = r.habit WHERE h.name = '\(name.replacingOccurrences(of: "'", with: "''"))'")
    #expect(days.contains(first.date.description))
  }

  @Test func datasetToLoopToDatasetKeepsHabitsSchedulesAndCompletions() throws {
    for seed in 0..<12 {
      var dataset = DatasetGenerator(trackers: 6, days: 60, seed: UInt64(seed)).generate()
      dataset.trackers = dataset.trackers.filter { $0.kind == .habit }
      let ids = Set(dataset.trackers.map(\.id))
      dataset.records = dataset.records.filter { ids.contains($0.trackerId) }
      let out = try Loop.temporaryFolder().appendingPathComponent("round.db").path
      defer { Loop.removeFolder(of: out) }
      try Loop.encode(dataset, to: out)
      let (back, _) = try Loop.decode(out)
      #expect(back.trackers.map(\.id) == dataset.trackers.map(\.id), "seed \(seed)")
      #expect(back.trackers.map(\.name) == dataset.trackers.map(\.name), "seed \(seed)")
      #expect(back.trackers.map { Set($0.schedule ?? []) } == dataset.trackers.map { Set($0.schedule ?? []) }, "seed \(seed)")
      #expect(Set(back.records.map { "\($0.trackerId) \($0.date)" }) == Set(dataset.records.map { "\($0.trackerId) \($0.date)" }),
              "seed \(seed)")
    }
  }

  @Test func loopToDatasetToLoopKeepsLoopsOwnData() throws {
    let original = try LoopV25Sample.make()
    defer { Loop.removeFolder(of: original) }
    let (dataset, _) = try Loop.decode(original)
    let out = try Loop.temporaryFolder().appendingPathComponent("again.db").path
    defer { Loop.removeFolder(of: out) }
    // What the reader keeps, the writer can store: nothing of it is reported lost.
    let losses = LoopCodec().losses(writing: dataset, to: CodecOutput(path: out), options: [:])
    #expect(!losses.contains { $0.message.contains("cannot store") || $0.location.pointer == "/records" }, "\(losses)")
    try Loop.encode(dataset, to: out)
    let habits = "SELECT archived, color, description, freq_den, freq_num, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid FROM Habits ORDER BY position"
    #expect(try Loop.sqlite(out, habits) == (try Loop.sqlite(original, habits)))
    let repetitions = "SELECT h.uuid, r.timestamp, r.value, r.notes FROM Repetitions r JOIN Habits h ON h.id = r.habit ORDER BY h.uuid, r.timestamp"
    #expect(try Loop.sqlite(out, repetitions) == (try Loop.sqlite(original, repetitions)))
    // And the old fixtures: names, frequencies and checks survive too.
    for name in ["loop.db", "databases/022.db"] {
      let (fromFixture, _) = try Loop.decode(Loop.fixture(name))
      let written = try Loop.temporaryFolder().appendingPathComponent("fixture.db").path
      defer { Loop.removeFolder(of: written) }
      try Loop.encode(fromFixture, to: written)
      let (back, _) = try Loop.decode(written)
      #expect(Loop.days(back) == Loop.days(fromFixture))
      let query = "SELECT name, freq_num, freq_den FROM Habits ORDER BY position"
      #expect(try Loop.sqlite(written, query) == (try Loop.sqlite(Loop.fixture(name), query)))
    }
  }

  /// A dataset of one habit keeping `loop` in `extras["loop"]`, with records on `days`.
  static func oneHabit(_ loop: [JSONMember], days: [String]) -> TrackerDataset {
    let tracker = Tracker(id: "11111111-2222-3333-4444-555555555555", kind: .habit, name: "Edited", categoryId: "C",
                          emoji: nil, color: nil, schedule: Weekday.allCases, extras: ["loop": .object(loop)])
    return TrackerDataset(categories: [TrackerCategory(id: "C", title: "C")], trackers: [tracker],
                          records: days.map { TrackerRecord(trackerId: tracker.id, date: LocalDate($0)!) })
  }

  /// The repetitions of the one habit of a written backup: `day value notes`.
  static func repetitions(_ db: String) throws -> [String] {
    try Loop.sqlite(db, "SELECT date(timestamp / 1000, 'unixepoch') || ' ' || value || ' ' || coalesce(notes, '') FROM Repetitions ORDER BY timestamp")
  }

  @Test func aDeletedCompletionOfAMeasurableHabitStaysDeleted() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let out = folder.appendingPathComponent("edited.db").path
    // At least 5 km; the user kept 03-04 (7.5 km), deleted 03-05 (6 km) and 03-06 (5 km, with
    // a note); 03-07 (2 km) was never a completion.
    let dataset = Self.oneHabit([
      JSONMember("type", .string("NUMERICAL")), JSONMember("targetType", .string("AT_LEAST")),
      JSONMember("targetValue", .number("5.0")), JSONMember("unit", .string("km")),
      JSONMember("values", .object([JSONMember("2024-03-04", .number("7500")), JSONMember("2024-03-05", .number("6000")),
                                    JSONMember("2024-03-06", .number("5000")), JSONMember("2024-03-07", .number("2000"))])),
      JSONMember("notes", .object([JSONMember("2024-03-06", .string("hilly"))])),
    ], days: ["2024-03-04"])
    try Loop.encode(dataset, to: out)
    #expect(try Self.repetitions(out) == ["2024-03-04 7500 ", "2024-03-06 -1 hilly", "2024-03-07 2000 "])
    let (back, _) = try Loop.decode(out)
    #expect(Loop.days(back) == ["Edited": ["2024-03-04"]])
  }

  @Test func aDeletedCheckOfAYesNoHabitStaysDeleted() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let out = folder.appendingPathComponent("edited.db").path
    // YES_MANUAL kept in entries (by hand, or by another tool) on 03-04 and 03-05; only 03-05
    // is still a record. The skip, the no and the note-only day are not completions: kept.
    let dataset = Self.oneHabit([
      JSONMember("entries", .object([JSONMember("2024-03-04", .string("YES_MANUAL")), JSONMember("2024-03-05", .string("YES_MANUAL")),
                                     JSONMember("2024-03-06", .string("SKIP")), JSONMember("2024-03-07", .string("NO"))])),
      JSONMember("notes", .object([JSONMember("2024-03-08", .string("away"))])),
    ], days: ["2024-03-05"])
    try Loop.encode(dataset, to: out)
    #expect(try Self.repetitions(out) == ["2024-03-05 2 ", "2024-03-06 3 ", "2024-03-07 0 ", "2024-03-08 -1 away"])
    let (back, _) = try Loop.decode(out)
    #expect(Loop.days(back) == ["Edited": ["2024-03-05"]])
  }

  @Test func keptNumbersBeyondLoopsRangeAreIgnoredOrClampedNotATrap() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let out = folder.appendingPathComponent("huge.db").path
    let dataset = Self.oneHabit([
      JSONMember("freqNum", .number("1e300")), JSONMember("freqDen", .number("7")),
      JSONMember("reminder", .object([JSONMember("hour", .number("1e300")), JSONMember("minute", .number("-1e300"))])),
      JSONMember("reminderDays", .number("9223372036854775808")),
      JSONMember("type", .string("NUMERICAL")), JSONMember("targetValue", .number("1e300")),
      JSONMember("values", .object([JSONMember("2024-03-04", .number("1e300")), JSONMember("2024-03-05", .number("4.5"))])),
    ], days: ["2024-03-06"])
    // The loss report names what cannot be stored, at the first of it.
    let losses = LoopCodec().losses(writing: dataset, to: CodecOutput(path: out), options: [:])
      .filter { $0.message.contains("cannot store") }
    #expect(losses.count == 1)
    #expect(losses.first?.location.pointer == "/trackers/0/extras/loop/freqNum")
    for field in ["extras.loop.freqNum", "extras.loop.freqDen", "extras.loop.reminder.hour", "extras.loop.reminder.minute",
                  "extras.loop.reminderDays", "and 2 more", "'Edited'"] {
      #expect(losses.first?.message.contains(field) == true, "\(field): \(losses.first?.message ?? "")")
    }
    try Loop.encode(dataset, to: out)
    #expect(try Loop.sqlite(out, "SELECT freq_num, freq_den, reminder_hour IS NULL, reminder_days FROM Habits") == ["1|1|1|127"])
    // The completion is written as the target, at most Loop's largest value (a 32-bit Int).
    #expect(try Self.repetitions(out) == ["2024-03-06 2147483647 "])
    #expect(LoopDatabaseWriter.storedTarget(.infinity) == Int(Int32.max))
    #expect(LoopDatabaseWriter.storedTarget(.nan) == 1000)
    #expect(LoopDatabaseWriter.storedTarget(-1e300) == 1000)
    #expect(LoopDatabaseWriter.storedTarget(2.5) == 2500)
  }

  @Test func aStoredTargetMeetsTheTargetItWasMadeFor() {
    for target in [0, 0.0004, 0.0006, 0.1, 0.3, 1.0005, 2.5, 7.123456, 1_000_000.0001] {
      for atMost in [false, true] {
        let value = LoopDatabaseWriter.storedTarget(target, atMost: atMost)
        var habit = LoopHabit(position: 0, name: "m")
        habit.numerical = true
        habit.targetType = atMost ? 1 : 0
        habit.targetValue = target
        #expect(LoopDatasetBuilder.isCompletion(LoopEntry(date: LocalDate("2024-01-01")!, value: value), of: habit),
                "\(atMost ? "at most" : "at least") \(target): \(value)")
        #expect(abs(Double(value) / 1000 - target) <= (target < 0.001 ? 1 : 0.001), "\(target): \(value)")
      }
    }
    #expect(LoopDatabaseWriter.storedTarget(0, atMost: true) == 0)
    #expect(LoopDatabaseWriter.storedTarget(0.1) == 100)
    #expect(LoopDatabaseWriter.storedTarget(-3, atMost: true) == 0)
    // 3 is Loop's SKIP, never a value.
    #expect(LoopDatabaseWriter.storedTarget(0.003) == 4)
    #expect(LoopDatabaseWriter.storedTarget(0.0032, atMost: true) == 2)
  }

  @Test func completionsNoStoredValueCanMeetAreCountedAsLost() throws {
    for (target, atMost) in [("-1", true), ("1e7", false)] {
      let dataset = Self.oneHabit([
        JSONMember("type", .string("NUMERICAL")), JSONMember("targetType", .string(atMost ? "AT_MOST" : "AT_LEAST")),
        JSONMember("targetValue", .number(target)),
      ], days: ["2024-03-04", "2024-03-05"])
      let lost = LoopCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.db"), options: [:])
        .filter { $0.location.pointer == "/records" }
      #expect(lost.count == 1 && lost.first?.message.contains("2 completion(s) of measurable habits") == true, "\(target): \(lost)")
    }
    let fine = Self.oneHabit([JSONMember("type", .string("NUMERICAL")), JSONMember("targetValue", .number("0.003"))],
                             days: ["2024-03-04"])
    #expect(!LoopCodec().losses(writing: fine, to: CodecOutput(path: "/tmp/x.db"), options: [:])
      .contains { $0.location.pointer == "/records" })
  }

  @Test func keysAndWordsLoopHasNoPlaceForAreReported() throws {
    let dataset = Self.oneHabit([
      JSONMember("foo", .string("bar")), JSONMember("type", .string("BOOL")), JSONMember("targetType", .string("at_most")),
      JSONMember("notes", .object([JSONMember("a/b", .string("x"))])),
    ], days: [])
    let losses = LoopCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.db"), options: [:])
      .filter { $0.message.contains("cannot store") }
    #expect(losses.first?.message.contains("extras.loop.foo, extras.loop.type, extras.loop.targetType, extras.loop.notes.a/b of 'Edited'") == true,
            "\(losses)")
    #expect(losses.first?.location.pointer == "/trackers/0/extras/loop/foo")
    // A key with a slash: shown as it is, escaped in the pointer (RFC 6901).
    let slash = Self.oneHabit([JSONMember("notes", .object([JSONMember("a/b~", .string("x"))]))], days: [])
    let located = LoopCodec().losses(writing: slash, to: CodecOutput(path: "/tmp/x.db"), options: [:])
      .first { $0.message.contains("cannot store") }
    #expect(located?.message.contains("extras.loop.notes.a/b~ of") == true, "\(String(describing: located))")
    #expect(located?.location.pointer == "/trackers/0/extras/loop/notes/a~1b~0")
  }

  @Test func aCompletionOfAnAtMostZeroHabitComesBack() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let out = folder.appendingPathComponent("at-most.db").path
    let dataset = Self.oneHabit([
      JSONMember("type", .string("NUMERICAL")), JSONMember("targetType", .string("AT_MOST")),
      JSONMember("targetValue", .number("0.0")), JSONMember("unit", .string("cigarettes")),
    ], days: ["2024-03-04", "2024-03-05"])
    try Loop.encode(dataset, to: out)
    #expect(try Self.repetitions(out) == ["2024-03-04 0 ", "2024-03-05 0 "])
    let (back, _) = try Loop.decode(out)
    #expect(Loop.days(back) == ["Edited": ["2024-03-04", "2024-03-05"]])
  }

  @Test func temporaryDatabasesAreInAPrivateFolderThatIsRemoved() throws {
    var seen = ""
    let mode = try ScratchFolder.with(prefix: "loop", fileName: "x.db") { folder in
      seen = folder
      #expect(FileManager.default.fileExists(atPath: folder))
      return try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
    }
    #expect(mode == 0o700)
    #expect(!seen.isEmpty && !FileManager.default.fileExists(atPath: seen))
  }

  @Test func lossesAreReportedFieldByField() throws {
    let demo = try TrackerTestSupport.decode(JSONCodec(), path: Self.demoPath).0
    let losses = LoopCodec().losses(writing: demo, to: CodecOutput(path: "/tmp/x.db"), options: [:])
    #expect(losses.allSatisfy { $0.code == "dropped-field" })
    let pointers = Set(losses.compactMap(\.location.pointer))
    for field in ["/categories", "/trackers.emoji", "/trackers[kind=event]", "/tasks", "/records[of events]"] {
      #expect(pointers.contains(field), "\(field) not reported")
    }
    let events = demo.trackers.count { $0.kind == .event }
    #expect(losses.contains { $0.location.pointer == "/trackers[kind=event]" && $0.message.contains(": \(events) item(s)") })
    // A dataset read from Loop loses nothing when written back: its ids are Loop's UUIDs, its
    // emoji the ones reading back chooses again, its category one the reader made up.
    let sample = try LoopV25Sample.make()
    defer { Loop.removeFolder(of: sample) }
    let (fromLoop, _) = try Loop.decode(sample)
    let back = LoopCodec().losses(writing: fromLoop, to: CodecOutput(path: "/tmp/x.db"), options: [:])
    #expect(back.isEmpty, "\(back.map(\.message))")
    // Ids other than the UUIDs Loop keeps do not come back: lost, and reported.
    var renamed = fromLoop
    for i in renamed.trackers.indices { renamed.trackers[i].id = "habit-\(i)" }
    let ids = LoopCodec().losses(writing: renamed, to: CodecOutput(path: "/tmp/x.db"), options: [:])
      .first { $0.location.pointer == "/trackers.id" }
    #expect(ids?.message.contains(": \(renamed.trackers.count) tracker id(s) that do not come back") == true, "\(String(describing: ids))")
  }
}

/// Files that are not Loop backups, or are damaged: a clear error naming the file, never a crash.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopBadDatabaseTests {
  func decodeError(_ bytes: Data) throws -> (CodecError, String) {
    let path = try Loop.temporaryFolder().appendingPathComponent("bad.db").path
    defer { Loop.removeFolder(of: path) }
    try bytes.write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: CodecError.self) { try Loop.decode(path) }
    #expect(error.location.file == path)
    return (error, path)
  }

  @Test func aTruncatedBackup() throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: Loop.fixture("loop.db")))
    for size in [100, 4096, 20_000] {
      let (error, _) = try decodeError(whole.prefix(size))
      #expect(error.kind == .malformedInput, "\(size) bytes")
    }
  }

  @Test func aCorruptBackup() throws {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: Loop.fixture("databases/022.db")))
    for index in stride(from: 100, to: bytes.count, by: 7) { bytes[index] = 0xA5 }
    let (error, _) = try decodeError(bytes)
    #expect(error.kind == .malformedInput)
    #expect(error.message.contains("Loop database"))
  }

  @Test func notSQLiteAtAll() throws {
    let (error, _) = try decodeError(Data("hello, this is text".utf8))
    #expect(error.kind == .malformedInput)
    #expect(error.message.contains("not a SQLite database"))
  }

  @Test func anotherAppsBackup() throws {
    let (error, _) = try decodeError(try Data(contentsOf: URL(fileURLWithPath: Loop.fixture("tickmate.db"))))
    #expect(error.message.contains("no Habits and Repetitions"))
  }

  @Test func aNewerVersionIsRefused() throws {
    let path = try Loop.temporaryFolder().appendingPathComponent("new.db").path
    defer { Loop.removeFolder(of: path) }
    try Loop.run("sqlite3", [path], input: "CREATE TABLE Habits (id integer); CREATE TABLE Repetitions (id integer); PRAGMA user_version=26;")
    let error = try #require(throws: CodecError.self) { try Loop.decode(path) }
    #expect(error.kind == .unsupportedVersion)
  }

  @Test func aBackupFromMemoryIsRead() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Loop.fixture("databases/022.db"))))
    var context = CodecContext(fileName: "-")
    let dataset = try LoopCodec().decode(CodecInput(.bytes(bytes, name: "-")), context: &context)
    #expect(dataset.trackers.map(\.name) == ["Work out", "Test"])
  }
}
