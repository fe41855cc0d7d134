import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
import TrackerValidation
import CSVCore
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

  /// A dataset of another app: descriptions, notes, amounts and entries in the model's fields.
  func shared() -> TrackerDataset {
    let day = { (text: String) in LocalDate(text)! }
    var trackers = [
      Tracker(id: CSVStableID.tracker(name: "Pushups"), kind: .habit, name: "Pushups", categoryId: "C", emoji: nil, color: nil,
              schedule: Weekday.allCases, goal: TrackerGoal(target: 1, direction: .atLeast)),
      Tracker(id: CSVStableID.tracker(name: "Read"), kind: .habit, name: "Read", categoryId: "C", emoji: nil, color: nil,
              schedule: Weekday.allCases, description: "Books, \"mostly\""),
      Tracker(id: CSVStableID.tracker(name: "Run"), kind: .habit, name: "Run", categoryId: "C", emoji: nil, color: nil,
              schedule: Weekday.allCases, archived: true, goal: TrackerGoal(target: 5.5, unit: "km"),
              frequency: TrackerFrequency(times: 3, days: 7), reminders: [TrackerReminder(time: "07:00")]),
    ]
    let ids = trackers.map(\.id)
    // The palette choices reading back makes: not lost.
    for i in trackers.indices {
      let choice = PaletteEmoji.stableChoice(for: trackers[i].name)
      trackers[i].emoji = choice.emoji.rawValue
      trackers[i].color = choice.color.rawValue
    }
    return TrackerDataset(
      categories: [TrackerCategory(id: CSVStableID.category(title: "Sport"), title: "Sport")],
      trackers: trackers.map { (tracker: Tracker) -> Tracker in
        var t = tracker
        t.categoryId = CSVStableID.category(title: "Sport")
        return t
      },
      records: [TrackerRecord(trackerId: ids[0], date: day("2024-03-04"), amount: 30, note: "hard"),
                TrackerRecord(trackerId: ids[0], date: day("2024-03-05"), amount: 1),
                TrackerRecord(trackerId: ids[1], date: day("2024-03-04"), note: "chapter 3"),
                TrackerRecord(trackerId: ids[2], date: day("2024-03-04"), amount: 6.25)],
      entries: [TrackerEntry(trackerId: ids[0], date: day("2024-03-06"), amount: 0, note: "rest"),
                TrackerEntry(trackerId: ids[0], date: day("2024-03-07"), skipped: true, note: "ill"),
                TrackerEntry(trackerId: ids[1], date: day("2024-03-05"), note: "tired"),
                TrackerEntry(trackerId: ids[2], date: day("2024-03-05"), amount: 2.5)])
  }

  @Test func descriptionsNotesAmountsAndEntriesAreWritten() throws {
    let dataset = shared()
    let text = try encodeHabitBull(dataset)
    #expect(text == "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\r\n"
      + "Pushups,,Sport,2024-03-04,30,hard\r\nPushups,,Sport,2024-03-05,1,\r\nPushups,,Sport,2024-03-06,0,rest\r\n"
      + "Read,\"Books, \"\"mostly\"\"\",Sport,2024-03-04,1,chapter 3\r\nRead,\"Books, \"\"mostly\"\"\",Sport,2024-03-05,0,tired\r\n"
      + "Run,,Sport,2024-03-04,1,\r\nRun,,Sport,2024-03-05,0,\r\n")
    // What HabitBull cannot say of them: the skip, the run's fractional amounts (and so its
    // goal, which reads back as none), its archived flag, frequency and reminder.
    let losses = HabitBullCodec().losses(writing: dataset, to: CodecOutput(.memory(MemoryOutput())), options: [:])
    #expect(losses.map { "\($0.location.pointer ?? "") \($0.message.split(separator: ":").last ?? "")" } == [
      "/trackers.archived  1 item(s) left out", "/trackers.goal  1 item(s) left out", "/trackers.frequency  1 item(s) left out",
      "/trackers.reminders  1 item(s) left out", "/records.amount  1 item(s) left out", "/entries[skipped]  1 item(s) left out",
      "/entries.amount  1 item(s) left out",
    ])
    // Read back, the rest is as it was.
    var expected = dataset
    expected.trackers[2].archived = false
    expected.trackers[2].goal = nil
    expected.trackers[2].frequency = nil
    expected.trackers[2].reminders = []
    expected.records[3].amount = nil
    expected.entries.remove(at: 1)
    expected.entries.removeLast()
    let back = try decodeHabitBull(Array(text.utf8)).0
    #expect(back.trackers.map { [$0.name: "\($0.description ?? "-") \(String(describing: $0.goal)) \($0.archived)"] }
      == expected.trackers.map { [$0.name: "\($0.description ?? "-") \(String(describing: $0.goal)) \($0.archived)"] })
    #expect(back.records == expected.records)
    #expect(back.entries == expected.entries)
    #expect(back.trackers[2].extras["habitbull"]?["notDone"] == .array([.object([
      JSONMember("date", .string("2024-03-05")), JSONMember("value", .number("0"))])]))
  }

  @Test func aCellThatIsNotTheAmountsOwnTextIsKept() throws {
    let text = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\r\n"
      + "Sit-ups,,Gym,2024-03-04,+12,\r\nSit-ups,,Gym,2024-03-05,007,\r\nSit-ups,,Gym,2024-03-06,-0,why\r\nSit-ups,,Gym,2024-03-07,abc,\r\n"
    let (dataset, _) = try decodeHabitBull(text)
    #expect(dataset.records.map(\.amount) == [12, 7])
    #expect(dataset.records.map { $0.extras["habitbull"]?["value"] } == [.string("+12"), .string("007")])
    #expect(dataset.entries.map(\.amount) == [0])
    #expect(dataset.entries.first?.extras["habitbull"]?["value"] == .number("-0"))
    let written = try encodeHabitBull(dataset)
    #expect(written == text, "\(written.debugDescription)")
    // An amount changed elsewhere wins over the kept cell.
    var edited = dataset
    edited.records[0].amount = 15
    #expect(try encodeHabitBull(edited).contains("Sit-ups,,Gym,2024-03-04,15,\r\n"))
  }
}
