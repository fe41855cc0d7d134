import Foundation
import Testing
@testable import HabitBuilderCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Writing Habit Builder backups: the app's own layout, what is lost, round trips.
@Suite struct HabitBuilderWriteTests {
  typealias F = HabitBuilderFixtures

  static func path(_ name: String = "HabitTracker-backup-2024-12-31.zip") throws -> String {
    try temporaryFolder("trackport-habitbuilder").appendingPathComponent(name).path
  }

  /// The habits of the app's export test (CSVHandlerTest.kt) give its expected text, but for
  /// the last habit's order: the writer numbers orders from 0 in the dataset's order.
  @Test func theBackupIsWrittenAsTheAppWritesIt() throws {
    let category = TrackerCategory(id: "c", title: "Habits")
    let habits = [(HabitBuilderColor.blue, false, ""), (.yellow, false, "Notes notes notes"), (.red, true, "Multi-line \n description")]
      .enumerated().map { n, habit in
        Tracker(id: "t\(n)", kind: .habit, name: "Meditation", categoryId: category.id, emoji: "🙂", color: habit.0.modelColor,
                schedule: Weekday.allCases, archived: habit.1, description: habit.2.isEmpty ? nil : habit.2)
      }
    let records = [TrackerRecord(trackerId: "t0", date: F.day("2022-07-03")), TrackerRecord(trackerId: "t1", date: F.day("1970-01-01"))]
    let path = try Self.path()
    let context = try encode(HabitBuilderCodec(), TrackerDataset(categories: [category], trackers: habits, records: records),
                             toPath: path, options: ["timezone": "Europe/Berlin"])
    #expect(context.diagnostics.isEmpty)
    let members = try F.unzip(path)
    #expect(members.map(\.0) == ["habits.csv", "actions.csv", "metadata.txt"])
    #expect(members[0].1 == """
      id,name,color,order,archived,notes
      1,Meditation,Blue,0,false,
      2,Meditation,Yellow,1,false,Notes notes notes
      3,Meditation,Red,2,true,"Multi-line \n description"

      """)
    // Noon in Berlin: 10:00 UTC in summer, 11:00 in winter.
    #expect(members[1].1 == "id,habit_id,timestamp\n1,1,1656842400000\n2,2,39600000\n")
    #expect(members[2].1 == "backup_version=1")
  }

  @Test func withoutAZoneTheWriterSaysWhichItUsed() throws {
    let (dataset, _) = try decode(HabitBuilderCodec(), path: F.folder("everyday"), options: ["timezone": "UTC"])
    let context = try encode(HabitBuilderCodec(), dataset, toPath: try Self.path())
    #expect(context.diagnostics.map(\.code) == ["habitbuilder-time-zone"])
    #expect(context.diagnostics.first?.message.contains(TimeZone.current.identifier) == true)
  }

  /// canonical → habitbuilder → canonical: a dataset of what Habit Builder holds comes back
  /// exactly, with nothing reported lost, and writing it again gives the same bytes.
  @Test(arguments: ["Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu"])
  func whatHabitBuilderHoldsComesBackExactly(zone: String) throws {
    let (read, _) = try decode(HabitBuilderCodec(), path: F.folder("everyday"), options: ["timezone": "Europe/Berlin"])
    // Numbered from 1 in order, as the writer numbers them: the ids come back too.
    var dataset = read
    for i in dataset.trackers.indices {
      let id = StableID.uuid("habitbuilder:\(i + 1)")
      for r in dataset.records.indices where dataset.records[r].trackerId == dataset.trackers[i].id { dataset.records[r].trackerId = id }
      dataset.trackers[i].id = id
    }
    let options = ["timezone": zone]
    #expect(HabitBuilderCodec().losses(writing: dataset, to: CodecOutput(path: "x.zip"), options: options).isEmpty)
    let first = try Self.path()
    try encode(HabitBuilderCodec(), dataset, toPath: first, options: options)
    let (back, context) = try decode(HabitBuilderCodec(), path: first, options: options)
    #expect(back == dataset, "\(back.firstDifference(from: dataset) ?? "")")
    #expect(context.diagnostics.map(\.code) == ["habitbuilder-assigned-defaults"])
    let second = try Self.path()
    try encode(HabitBuilderCodec(), back, toPath: second, options: options)
    #expect(try F.unzip(first).map(\.1) == F.unzip(second).map(\.1))
  }

  /// A dataset of the Tracker app's own kind: what Habit Builder keeps comes back (names,
  /// order, archived, notes, every completed day), and each field it cannot hold is named.
  @Test func whatIsLostIsNamedFieldByField() throws {
    let categories = [TrackerCategory(id: "home", title: "Дом"), TrackerCategory(id: "work", title: "Работа")]
    let trackers = [
      Tracker(id: "water", kind: .habit, name: "Поливать растения", categoryId: "home", emoji: "🌺", color: "#33CF69",
              schedule: [.mon, .wed, .fri], pinned: true, createdOn: F.day("2026-01-05"), description: "на кухне"),
      Tracker(id: "run", kind: .habit, name: "Бег", categoryId: "work", emoji: "🏃", color: "#123456", schedule: Weekday.allCases,
              archived: true, goal: TrackerGoal(target: 5, direction: .atLeast, unit: "km"), frequency: TrackerFrequency(times: 3, days: 7),
              reminders: [TrackerReminder(time: "07:30")]),
      Tracker(id: "doctor", kind: .event, name: "Врач", categoryId: "work", emoji: "😇", color: "#FD4C49", date: F.day("2026-01-06")),
    ]
    let records = [
      TrackerRecord(trackerId: "water", date: F.day("2026-01-05")), TrackerRecord(trackerId: "run", date: F.day("2026-01-05"), amount: 6, note: "парк"),
      TrackerRecord(trackerId: "doctor", date: F.day("2026-01-06")), TrackerRecord(trackerId: "water", date: F.day("2026-01-07")),
    ]
    let dataset = TrackerDataset(categories: categories, trackers: trackers, records: records,
                                 entries: [TrackerEntry(trackerId: "run", date: F.day("2026-01-06"), skipped: true)])
    let losses = HabitBuilderCodec().losses(writing: dataset, to: CodecOutput(path: "x.zip"), options: [:])
    #expect(losses.allSatisfy { $0.code == "dropped-field" && $0.location.file == "x.zip" })
    #expect(losses.compactMap(\.location.pointer) == [
      "/categories", "/trackers.id", "/trackers.emoji", "/trackers.color", "/trackers.schedule", "/trackers.date", "/trackers.pinned",
      "/trackers.createdOn", "/trackers.goal", "/trackers.frequency", "/trackers.reminders", "/trackers[kind=event]", "/records[of events]",
      "/records.amount", "/records.note", "/entries",
    ])
    #expect(losses.first { $0.location.pointer == "/trackers.color" }?.message == "Habit Builder cannot carry trackers.color: 1 colour(s) other than Habit Builder's six, written as the nearest of them")
    let path = try Self.path()
    try encode(HabitBuilderCodec(), dataset, toPath: path, options: ["timezone": "Asia/Tokyo"])
    let (back, _) = try decode(HabitBuilderCodec(), path: path, options: ["timezone": "Asia/Tokyo"])
    #expect(F.days(back) == ["Поливать растения: 2026-01-05 2026-01-07", "Бег: 2026-01-05"])
    #expect(back.trackers.map(\.archived) == [false, true] && back.trackers.map(\.description) == ["на кухне", nil])
    #expect(back.trackers.map(\.color) == ["#33CF69", HabitBuilderColor.written(for: "#123456").modelColor])
  }
}
