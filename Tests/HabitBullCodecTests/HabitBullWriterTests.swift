import Foundation
import Testing
import TrackerPort
@testable import HabitBullCodec

@Suite struct HabitBullWriterTests {
  /// A dataset with everything HabitBull cannot say.
  func rich() -> TrackerDataset {
    let home = TrackerCategory(id: "C1", title: "Home")
    let unused = TrackerCategory(id: "C2", title: "Empty")
    let water = Tracker(id: "T1", kind: .habit, name: "Water plants", categoryId: "C1", emoji: "🌺", color: "#33CF69",
                        schedule: [.mon, .wed], pinned: true, createdOn: LocalDate("2026-01-01"))
    let doctor = Tracker(id: "T2", kind: .event, name: "Doctor", categoryId: "C1", emoji: "😇", color: "#FD4C49",
                         date: LocalDate("2026-02-01"))
    let idle = Tracker(id: "T3", kind: .habit, name: "Idle", categoryId: "C1", emoji: nil, color: nil, schedule: Weekday.allCases)
    let task = PlanTask(id: "P1", title: "Report", description: nil, color: nil)
    return TrackerDataset(
      categories: [home, unused], trackers: [water, doctor, idle],
      records: [TrackerRecord(trackerId: "T1", date: LocalDate("2026-01-05")!),
                TrackerRecord(trackerId: "T2", date: LocalDate("2026-02-01")!)],
      tasks: [task])
  }

  @Test func lossesAreReportedFieldByField() throws {
    let losses = HabitBullCodec().losses(writing: rich(), to: CodecOutput(.memory(MemoryOutput())), options: [:])
    #expect(losses.allSatisfy { $0.code == "dropped-field" && $0.severity == .warning })
    let counts = Dictionary(uniqueKeysWithValues: losses.map { ($0.location.pointer ?? "", $0.message) })
    for (pointer, count) in [("/trackers[without days]", 1), ("/categories[without days]", 1), ("/categories.id", 1),
                             ("/trackers.id", 2), ("/trackers.kind", 1), ("/trackers.emoji", 2), ("/trackers.color", 2),
                             ("/trackers.schedule", 1), ("/trackers.date", 1), ("/trackers.pinned", 1),
                             ("/trackers.createdOn", 1), ("/tasks", 1)] {
      #expect(counts[pointer]?.hasSuffix(": \(count) item(s) left out") == true, "\(pointer): \(counts[pointer] ?? "none")")
    }
    #expect(counts["/extras"] == nil)
  }

  @Test func aDatasetReadFromHabitBullLosesNothing() throws {
    let dataset = try decodeFixture("habitbull2.csv").0
    #expect(HabitBullCodec().losses(writing: dataset, to: CodecOutput(.memory(MemoryOutput())), options: [:]).isEmpty)
  }

  @Test func recordsBecomeRowsByTrackerAndDay() throws {
    let text = try encodeHabitBull(rich())
    #expect(text == "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\r\n"
      + "Water plants,,Home,2026-01-05,1,\r\nDoctor,,Home,2026-02-01,1,\r\n")
  }

  @Test func detectionTellsAHabitBullFileFromAnOrdinaryTable() throws {
    let registry = StandardCodecs.registry
    #expect(try registry.detect(CodecInput(path: fixture("habitbull2.csv").path)).descriptor.id == "habitbull")
    let table = CodecInput(.bytes(Array("tracker,category,date\nRun,Sport,2024-01-02\n".utf8), name: "log.csv"))
    #expect(try registry.detect(table).descriptor.id == "csv")
    let near = CodecInput(.bytes(Array("HabitName,Description,Category\nRun,,\n".utf8), name: "near.csv"))
    #expect(try registry.detect(near).descriptor.id == "csv")
    // Writing: `.csv` stays the CSV table; `.habitbull.csv` or --to habitbull writes HabitBull.
    #expect(try registry.detectOutput(CodecOutput(path: "/tmp/out.csv")).descriptor.id == "csv")
    #expect(try registry.detectOutput(CodecOutput(path: "/tmp/out.habitbull.csv")).descriptor.id == "habitbull")
  }
}
