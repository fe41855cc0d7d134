@testable import CSVCodec
@testable import CSVCore
import TrackerCodec
import TrackerModel
import Testing
import TrackerTestSupport

@Suite struct CSVTableReaderTests {
  /// Reads trackers.csv rows; returns the reader.
  func trackers(_ rows: [[String]]) throws -> CSVTableReader<TrackerTable> {
    var reader = CSVTableReader<TrackerTable>(file: "pkg/trackers.csv", version: 1)
    try TestRows.feed(rows, into: { try reader.consume($0) })
    reader.finish()
    return reader
  }

  /// (row, field, line, column, code) of each problem.
  func flat(_ problems: [Diagnostic]) -> [String] {
    problems.map { p in
      "\(p.location.row ?? 0) \(p.location.field ?? "-") \(p.location.line ?? 0):\(p.location.column ?? 0) \(p.code)"
    }
  }

  static let header = ["id", "kind", "name", "categoryId", "emoji", "color", "schedule", "date", "pinned", "createdOn"]

  @Test func typeErrorsAreLocatedByRowFieldLineAndColumn() throws {
    let reader = try trackers([
      Self.header,
      ["t1", "habit", "multi\nline, name", "c", "", "", "mon wed", "", "yes", "2026-02-30"],
      ["t2", "habbit", "n", "c", "", "", "mon  wed", "", "", ""],
    ])
    #expect(flat(reader.problems) == [
      // "multi\nline, name" is quoted and spans lines 2-3, so pinned starts on line 3.
      "2 pinned 3:26 type-error",
      "2 createdOn 3:30 type-error",
      "3 kind 4:4 type-error",
      "3 schedule 4:17 type-error",
    ])
    #expect(reader.problems.allSatisfy { $0.location.file == "pkg/trackers.csv" && $0.severity == .error })
    #expect(reader.problems[0].location.pointer == "/trackers/0/pinned")
    #expect(reader.entities.isEmpty)
  }

  @Test func headerProblems() throws {
    let reader = try trackers([["id", "name", "name", "", "Notes"]])
    #expect(flat(reader.problems) == [
      "1 name 1:9 duplicate-label",
      "1 - 1:14 blank-label",
      "1 - 1:1 missing-label",  // kind
      "1 - 1:1 missing-label",  // categoryId
      "1 Notes 1:15 unknown-column",
    ])
    #expect(reader.problems.last?.severity == .warning)
  }

  @Test func emptyFileNeedsAHeader() throws {
    let reader = try trackers([])
    #expect(reader.problems.map(\.code) == ["missing-label"])
  }

  @Test func raggedRowsAreMissingAndExtraCells() throws {
    let reader = try trackers([
      ["id", "kind", "name", "categoryId"],
      ["t1", "habit"],
      ["t2", "event", "n", "c", "surplus"],
      ["t3", "event", "n", "c"],
    ])
    #expect(flat(reader.problems) == [
      "2 name 2:0 missing-cell", "2 categoryId 2:0 missing-cell", "3 - 3:14 extra-cell",
    ])
    #expect(reader.entities.map(\.id) == ["t3"])
  }

  @Test func unknownColumnsAreKeptInExtrasAndWarned() throws {
    let reader = try trackers([
      ["id", "kind", "name", "categoryId", "Notes", "Streak"],
      ["t1", "event", "n", "c", "water twice", ""],
      ["t2", "event", "n", "c", "", "\\"],
    ])
    #expect(reader.problems.map(\.code) == ["unknown-column", "unknown-column"])
    #expect(reader.entities.map(\.extras) == [
      ["csv": .object([JSONMember("Notes", .string("water twice"))])],
      ["csv": .object([JSONMember("Streak", .string(""))])],
    ])
    // Absent optional columns take their defaults.
    #expect(reader.entities[0].emoji == nil && reader.entities[0].schedule == nil && !reader.entities[0].pinned)
  }

  @Test func spreadsheetBooleansAreAccepted() throws {
    let reader = try trackers([["id", "kind", "name", "categoryId", "pinned"], ["t1", "event", "n", "c", "TRUE"]])
    #expect(reader.entities.first?.pinned == true)
  }

  @Test func badExtrasAndAttachmentsCellsAreTypeErrors() throws {
    var reader = CSVTableReader<TaskTable>(file: "tasks.csv", version: 1)
    try TestRows.feed([
      ["id", "title", "attachments", "extras", "position", "reminders"],
      ["k1", "t", #"[{"name":"a"}]"#, "[1]", "1.5", "2026-01-01T25:00"],
    ], into: { try reader.consume($0) })
    #expect(reader.problems.map { $0.location.field ?? "-" } == ["reminders", "attachments", "position", "extras"])
  }

  @Test func thePackageIsRefusedWithTheFirstErrorAfterReportingAll() throws {
    var package = try MemoryPackage(TrackerDataset(trackers: [
      Tracker(id: "t1", kind: .habit, name: "n", categoryId: "c", emoji: nil, color: nil, schedule: [.mon]),
    ], records: [TrackerRecord(trackerId: "t1", date: LocalDate(dayNumber: 0))]))
    package.tables[.trackers]?[1][1] = "habbit"
    package.tables[.records]?[1][1] = "05.01.2026"
    var context = CodecContext(fileName: "pkg")
    #expect { try package.read(context: &context) } throws: { error in
      guard let error = error as? CodecError else { return false }
      return error.kind == .malformedInput && error.location.file == "pkg/trackers.csv" && error.location.row == 2
        && error.location.field == "kind"
    }
    #expect(context.diagnostics.map(\.code) == ["type-error", "type-error"])
    #expect(context.diagnostics.last?.location.file == "pkg/records.csv")
  }
}
