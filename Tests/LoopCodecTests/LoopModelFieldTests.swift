import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import TrackerCodec
import TrackerModel
@testable import LoopCodec

/// What habit apps share, in the model's own fields both ways: a backup with every kind of
/// day, Loop → model → Loop, and a dataset of another app into Loop.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopModelFieldTests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// What Loop's reader made up (the "Loop Habit Tracker" category, an emoji from the name) is
  /// nobody's data: writing it back to Loop, or to an app without emoji, loses nothing of it.
  @Test func madeUpValuesAreNotReportedLost() throws {
    let (dataset, _) = try Loop.decode(Loop.fixture("loop.db"))
    #expect(dataset.categories.count == 1 && !dataset.inventedCategoryIds.isEmpty)
    #expect(dataset.trackers.allSatisfy { $0.invented.contains(.emoji) })
    let pointers = LoopCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/back.db"), options: [:])
      .compactMap(\.location.pointer)
    #expect(!pointers.contains("/categories") && !pointers.contains("/trackers.emoji"), "\(pointers)")
    #expect(ModelField.categories.count(in: dataset) == 0 && ModelField.trackerEmoji.count(in: dataset) == 0)
    // Once a person names the category and picks an emoji, they are theirs, and lost to Loop.
    var edited = dataset
    edited.categories[0].title = "Morning"
    edited.trackers[0].emoji = edited.trackers[0].emoji == "🏃" ? "🚴" : "🏃"
    edited.trackers[1].categoryId = "mine"
    edited.categories.append(TrackerCategory(id: "mine", title: "Mine"))
    #expect(ModelField.categories.count(in: edited) == 1)
    #expect(ModelField.trackerEmoji.count(in: edited) == 1)
    let lost = LoopCodec().losses(writing: edited, to: CodecOutput(path: "/tmp/back.db"), options: [:])
    #expect(lost.contains { $0.location.pointer == "/categories" && $0.message.contains(": 1 ") }, "\(lost.map(\.message))")
  }

  @Test func aRichBackupReadsIntoTheModelsFields() throws {
    let db = try LoopRichSample.make()
    defer { Loop.removeFolder(of: db) }
    let (dataset, context) = try Loop.decode(db)
    try LoopOracle(db).check(dataset)
    func tracker(_ name: String) throws -> Tracker { try #require(dataset.trackers.first { $0.name == name }) }
    func days(_ tracker: Tracker) -> (records: [TrackerRecord], entries: [TrackerEntry]) {
      (dataset.records.filter { $0.trackerId == tracker.id }, dataset.entries.filter { $0.trackerId == tracker.id })
    }
    let run = try tracker("Run")
    #expect(run.goal == TrackerGoal(target: 5, direction: .atLeast, unit: "km"))
    #expect(run.reminders == [TrackerReminder(time: "07:30")])
    #expect(run.description == "How far?\n\nOutdoors")
    #expect(days(run).records.map(\.amount) == [7.5, 5, 2147483.647])
    #expect(days(run).entries == [
      TrackerEntry(trackerId: run.id, date: Self.day("2024-03-05"), amount: 2, note: "tired"),
      TrackerEntry(trackerId: run.id, date: Self.day("2024-03-07"), skipped: true, note: "rain"),
      TrackerEntry(trackerId: run.id, date: Self.day("2024-03-08"), note: "travel"),
      TrackerEntry(trackerId: run.id, date: Self.day("2024-03-09"), amount: 0),
      TrackerEntry(trackerId: run.id, date: Self.day("2024-03-11"), amount: 0.001),
    ])
    // Only the bare UNKNOWN day, Loop's colour and uuid stay in extras.
    #expect(run.extras["loop"]?["entries"] == .object([JSONMember("2024-03-10", .string("UNKNOWN"))]))
    #expect(Set(run.extras["loop"]?.objectKeys ?? []) == ["question", "color", "colorIndex", "uuid", "entries"])

    let cigarettes = try tracker("Cigarettes")
    #expect(cigarettes.archived && cigarettes.goal == TrackerGoal(target: 2, direction: .atMost, unit: "pcs"))
    #expect(cigarettes.extras["loop"]?["reminderDays"] == .number("0"))

    // 100 pages a week (frequency 1/7): the goal and its period, every day's amount; a day above
    // 0 is a part of the week (a record), 0 pages an entry.
    let pages = try tracker("Pages")
    #expect(pages.goal == TrackerGoal(target: 100, direction: .atLeast, unit: "pages", period: .week))
    #expect(pages.description == "Novels" && pages.extras["loop"]?["question"] == .string(""))
    #expect(pages.schedule == Weekday.allCases && pages.frequency == nil)
    #expect(Set(pages.extras["loop"]?.objectKeys ?? []) == ["question", "color", "colorIndex", "uuid"])
    #expect(days(pages).records == [TrackerRecord(trackerId: pages.id, date: Self.day("2024-03-04"), amount: 30),
                                    TrackerRecord(trackerId: pages.id, date: Self.day("2024-03-05"), amount: 120, note: "done")])
    #expect(days(pages).entries == [
      TrackerEntry(trackerId: pages.id, date: Self.day("2024-03-06"), skipped: true),
      TrackerEntry(trackerId: pages.id, date: Self.day("2024-03-07"), amount: 0),
      TrackerEntry(trackerId: pages.id, date: Self.day("2024-03-08"), note: "away"),
    ])

    let gym = try tracker("Gym")
    #expect(gym.schedule == [.mon, .wed, .fri] && gym.frequency == nil && gym.archived)
    #expect(gym.reminders == [TrackerReminder(time: "18:05")])
    #expect(gym.extras["loop"]?["entries"] == .object([JSONMember("2024-03-07", .string("NO")), JSONMember("2024-03-08", .string("NO")),
                                                     JSONMember("2024-03-10", .string("UNKNOWN"))]))
    #expect(days(gym).entries.map(\.note) == [nil, "sick", "note only"])

    let floss = try tracker("Floss")
    #expect(floss.schedule == Weekday.allCases && floss.frequency == TrackerFrequency(times: 2, days: 3))
    #expect(floss.reminders == [TrackerReminder(time: "21:00", days: [.fri, .sat])])
    #expect(try tracker("Stretch").frequency == TrackerFrequency(times: 3, days: 7))

    let odd = try tracker("Odd")
    #expect(odd.reminders.isEmpty)
    #expect(odd.extras["loop"]?["reminder"] == .object([JSONMember("hour", .number("25")), JSONMember("minute", .number("0"))]))
    #expect(odd.extras["loop"]?["reminderDays"] == .number("3"))
    #expect(odd.extras["loop"]?["entries"] == .object([JSONMember("2024-03-05", .number("7")), JSONMember("2024-03-06", .number("7")),
                                                     JSONMember("2024-03-08", .number("-5"))]))

    // What the model cannot say is said once, with counts; archived habits are not warned of.
    let codes = context.diagnostics.map(\.code)
    #expect(codes.filter { $0 == "lossy-frequency" }.count == 2)
    #expect(!codes.contains("loop-numerical-habit") && !codes.contains("loop-archived-habit"))
    let kept = try #require(context.diagnostics.first { $0.code == "loop-kept-entries" })
    #expect(kept.message.hasSuffix(": 3 NO, 2 UNKNOWN, 3 other value(s)"), "\(kept.message)")
  }

  /// Loop → model → Loop, in process: every habit column and every repetition (amounts, notes,
  /// skips) comes back as it was. (The same through XML is for the merged branch: XML → Loop.)
  @Test func aRichBackupComesBackIdentical() throws {
    let db = try LoopRichSample.make()
    defer { Loop.removeFolder(of: db) }
    let (dataset, _) = try Loop.decode(db)
    let out = URL(fileURLWithPath: db).deletingLastPathComponent().appendingPathComponent("again.db").path
    let losses = LoopCodec().losses(writing: dataset, to: CodecOutput(path: out), options: [:])
    // Nothing, not even the category Loop's reader made up.
    #expect(losses.isEmpty, "\(losses.map(\.message))")
    try Loop.encode(dataset, to: out)
    let habits = "SELECT archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid FROM Habits ORDER BY position"
    #expect(try Loop.sqlite(out, habits) == (try Loop.sqlite(db, habits)))
    let repetitions = "SELECT h.uuid, r.timestamp, r.value, quote(r.notes) FROM Repetitions r JOIN Habits h ON h.id = r.habit ORDER BY h.uuid, r.timestamp"
    #expect(try Loop.sqlite(out, repetitions) == (try Loop.sqlite(db, repetitions)))
    // And read again, the same dataset.
    #expect(try Loop.decode(out).0 == dataset)
  }

  /// A dataset of another app (no extras at all) lands in Loop's own columns and comes back.
  static func foreign() -> TrackerDataset {
    let ids = (1...5).map { "00000000-0000-4000-8000-00000000000\($0)" }
    let trackers = [
      Tracker(id: ids[0], kind: .habit, name: "Walk", categoryId: "C", emoji: nil, color: nil, schedule: Weekday.allCases,
              archived: true, description: "Morning walk", goal: TrackerGoal(target: 5.5, direction: .atLeast, unit: "km"),
              reminders: [TrackerReminder(time: "07:30")]),
      Tracker(id: ids[1], kind: .habit, name: "Read", categoryId: "C", emoji: nil, color: nil, schedule: [.mon, .wed, .fri],
              reminders: [TrackerReminder(time: "20:00")]),
      Tracker(id: ids[2], kind: .habit, name: "Yoga", categoryId: "C", emoji: nil, color: nil, schedule: Weekday.allCases,
              frequency: TrackerFrequency(times: 2, days: 3), reminders: [TrackerReminder(time: "06:45", days: [.sat, .sun])]),
      Tracker(id: ids[3], kind: .habit, name: "Coffee", categoryId: "C", emoji: nil, color: nil, schedule: Weekday.allCases,
              goal: TrackerGoal(target: 2, direction: .atMost, unit: "cups")),
      Tracker(id: ids[4], kind: .habit, name: "Meditate", categoryId: "C", emoji: nil, color: nil, schedule: Weekday.allCases,
              description: "Ten minutes"),
    ]
    let records = [
      TrackerRecord(trackerId: ids[0], date: day("2024-03-04"), amount: 6.25, note: "park"),
      TrackerRecord(trackerId: ids[1], date: day("2024-03-04")),
      TrackerRecord(trackerId: ids[3], date: day("2024-03-04"), amount: 1),
      TrackerRecord(trackerId: ids[3], date: day("2024-03-05"), amount: 0, note: "none at all"),
      TrackerRecord(trackerId: ids[4], date: day("2024-03-06"), note: "calm"),
    ]
    let entries = [
      TrackerEntry(trackerId: ids[0], date: day("2024-03-05"), skipped: true, note: "rain"),
      TrackerEntry(trackerId: ids[0], date: day("2024-03-06"), amount: 2.5),
      TrackerEntry(trackerId: ids[0], date: day("2024-03-07"), note: "tired"),
      TrackerEntry(trackerId: ids[2], date: day("2024-03-05"), skipped: true),
      TrackerEntry(trackerId: ids[3], date: day("2024-03-06"), amount: 3, note: "meeting"),
      TrackerEntry(trackerId: ids[4], date: day("2024-03-07"), note: "too busy"),
    ]
    return TrackerDataset(categories: [TrackerCategory(id: "C", title: "C")], trackers: trackers, records: records, entries: entries)
  }

  @Test func aDatasetOfAnotherAppLandsInLoopsColumnsAndComesBack() throws {
    let dataset = Self.foreign()
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let out = folder.appendingPathComponent("foreign.db").path
    let losses = LoopCodec().losses(writing: dataset, to: CodecOutput(path: out), options: [:])
    // Only what Loop has no place for at all: the category, the emoji and colours chosen again.
    #expect(Set(losses.compactMap(\.location.pointer)) == ["/categories"], "\(losses.map(\.message))")
    try Loop.encode(dataset, to: out)
    #expect(try Loop.sqlite(out, "SELECT name, archived, type, target_type, target_value, unit, question, description, freq_num, freq_den, reminder_hour, reminder_min, reminder_days FROM Habits ORDER BY position") == [
      "Walk|1|1|0|5.5|km|Morning walk||1|1|7|30|127",
      "Read|0|0|0|0.0||||3|7|20|0|84",
      "Yoga|0|0|0|0.0||||2|3|6|45|3",
      "Coffee|0|1|1|2.0|cups|||1|1|||127",
      "Meditate|0|0|0|0.0||Ten minutes||1|1|||127",
    ])
    let rows = try Loop.sqlite(out, "SELECT h.name, date(r.timestamp / 1000, 'unixepoch'), r.value, quote(r.notes) FROM Repetitions r JOIN Habits h ON h.id = r.habit ORDER BY h.position, r.timestamp")
    #expect(rows == [
      "Walk|2024-03-04|6250|'park'", "Walk|2024-03-05|3|'rain'", "Walk|2024-03-06|2500|NULL", "Walk|2024-03-07|-1|'tired'",
      "Read|2024-03-04|2|NULL", "Yoga|2024-03-05|3|NULL",
      "Coffee|2024-03-04|1000|NULL", "Coffee|2024-03-05|0|'none at all'", "Coffee|2024-03-06|3000|'meeting'",
      "Meditate|2024-03-06|2|'calm'", "Meditate|2024-03-07|-1|'too busy'",
    ])
    let (back, _) = try Loop.decode(out)
    #expect(back.trackers.map(\.id) == dataset.trackers.map(\.id))
    for (a, b) in zip(back.trackers, dataset.trackers) {
      #expect(a.archived == b.archived && a.description == b.description && a.goal == b.goal && a.frequency == b.frequency
                && a.reminders == b.reminders && a.schedule == b.schedule, "\(a.name): \(a) ≠ \(b)")
    }
    #expect(back.records == dataset.records.sorted { ($0.trackerId, $0.date) < ($1.trackerId, $1.date) })
    #expect(back.entries == dataset.entries)
  }

  @Test func whatLoopCannotKeepOfTheNewFieldsIsReported() {
    let id = { (n: Int) in "00000000-0000-4000-8000-00000000000\(n)" }
    let trackers = [
      // Two reminders (Loop has one), a goal with a frequency and with weekdays.
      Tracker(id: id(1), kind: .habit, name: "Run", categoryId: "C", emoji: nil, color: nil, schedule: [.mon, .thu],
              goal: TrackerGoal(target: 5, unit: "km"), frequency: TrackerFrequency(times: 2, days: 7),
              reminders: [TrackerReminder(time: "07:00"), TrackerReminder(time: "19:00")]),
      // A frequency the weekdays contradict; a reminder Loop cannot store.
      Tracker(id: id(2), kind: .habit, name: "Floss", categoryId: "C", emoji: nil, color: nil, schedule: [.mon],
              frequency: TrackerFrequency(times: 2, days: 3), reminders: [TrackerReminder(time: "7:30")]),
      // 3 times a week on 3 weekdays: Loop keeps it, but it reads back as the weekdays alone;
      // a reminder on other days than the three that plan the habit.
      Tracker(id: id(3), kind: .habit, name: "Gym", categoryId: "C", emoji: nil, color: nil, schedule: [.mon, .wed, .fri],
              frequency: TrackerFrequency(times: 3, days: 7), reminders: [TrackerReminder(time: "18:00", days: [.tue])]),
    ]
    let records = [
      TrackerRecord(trackerId: id(1), date: Self.day("2024-03-04"), amount: 5.0001),  // past thousandths
      TrackerRecord(trackerId: id(2), date: Self.day("2024-03-04"), amount: 3),       // no goal
    ]
    let entries = [
      TrackerEntry(trackerId: id(1), date: Self.day("2024-03-05"), skipped: true, amount: 1),
      TrackerEntry(trackerId: id(1), date: Self.day("2024-03-06"), amount: 7),  // meets the goal: gone, amount and all
      TrackerEntry(trackerId: id(2), date: Self.day("2024-03-05")),             // nothing in it
      TrackerEntry(trackerId: id(2), date: Self.day("2024-03-04"), note: "also done"),
      TrackerEntry(trackerId: "nobody", date: Self.day("2024-03-04"), skipped: true),
    ]
    let dataset = TrackerDataset(categories: [TrackerCategory(id: "C", title: "C")], trackers: trackers,
                                 records: records, entries: entries)
    let losses = LoopCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.db"), options: [:])
    let counts = Dictionary(uniqueKeysWithValues: losses.compactMap { loss -> (String, String)? in
      guard let pointer = loss.location.pointer, let colon = loss.message.range(of: ": ") else { return nil }
      return (pointer, String(loss.message[colon.upperBound...].prefix { $0 != " " }))
    })
    #expect(counts == ["/categories": "1", "/trackers.schedule": "1", "/trackers.frequency": "3", "/trackers.reminders": "3",
                       "/records.amount": "2", "/entries": "4", "/entries.amount": "2"], "\(losses.map(\.message))")
    // In the model's order.
    #expect(losses.map(\.location.pointer) == ["/categories", "/trackers.schedule", "/trackers.frequency", "/trackers.reminders",
                                               "/records.amount", "/entries", "/entries.amount"])
  }

  @Test func questionAndDescriptionSplitBackAsTheyWere() {
    for (question, description) in [("", ""), ("Q?", ""), ("", "notes"), ("Q?", "notes"), ("é", "e\u{301}\n\nmore"),
                                    ("Q?\n\n", "x"), ("Q", "\n\nx")] {
      let joined = LoopDatasetBuilder.description(question: question, description: description)
      guard let text = joined.description else {
        #expect(question.isEmpty && description.isEmpty)
        continue
      }
      let split = LoopHabitPlan.texts(text, keptQuestion: joined.keptQuestion)
      #expect(Array(split.question.utf8) == Array(question.utf8) && Array(split.description.utf8) == Array(description.utf8),
              "\(question.debugDescription) + \(description.debugDescription) → \(split)")
    }
    // Edited elsewhere so that it no longer starts with the kept question: all of it is the question.
    #expect(LoopHabitPlan.texts("Rewritten", keptQuestion: "Q?") == ("Rewritten", ""))
    #expect(LoopHabitPlan.texts("Q?", keptQuestion: "Q?") == ("Q?", ""))
    // Canonically equal is not equal: the bytes decide.
    #expect(LoopHabitPlan.texts("e\u{301}\n\nnotes", keptQuestion: "é") == ("e\u{301}\n\nnotes", ""))
  }

  /// Files of format version 1 kept Loop's texts, archived flag, frequency, reminder, notes
  /// and skips in `extras["loop"]`: the writer still puts them back.
  @Test func extrasOfVersion1FilesStillWriteLoopsColumns() throws {
    let tracker = Tracker(id: "11111111-2222-3333-4444-555555555555", kind: .habit, name: "Old", categoryId: "C",
                          emoji: nil, color: nil, schedule: Weekday.allCases, extras: ["loop": .object([
                            JSONMember("question", .string("Q?")), JSONMember("description", .string("D")),
                            JSONMember("freqNum", .number("2")), JSONMember("freqDen", .number("3")),
                            JSONMember("archived", .bool(true)),
                            JSONMember("reminder", .object([JSONMember("hour", .number("8")), JSONMember("minute", .number("15"))])),
                            JSONMember("reminderDays", .number("84")),
                            JSONMember("entries", .object([JSONMember("2024-03-05", .string("SKIP"))])),
                            JSONMember("notes", .object([JSONMember("2024-03-04", .string("kept note")),
                                                         JSONMember("2024-03-05", .string("skipped"))])),
                          ])])
    let dataset = TrackerDataset(categories: [TrackerCategory(id: "C", title: "C")], trackers: [tracker],
                                 records: [TrackerRecord(trackerId: tracker.id, date: Self.day("2024-03-04"))])
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let out = folder.appendingPathComponent("old.db").path
    try Loop.encode(dataset, to: out)
    #expect(try Loop.sqlite(out, "SELECT question, description, freq_num, freq_den, archived, reminder_hour, reminder_min, reminder_days FROM Habits")
      == ["Q?|D|2|3|1|8|15|84"])
    #expect(try LoopExportTests.repetitions(out) == ["2024-03-04 2 kept note", "2024-03-05 3 skipped"])
    // Read back, all of it is in the model's fields.
    let back = try Loop.decode(out).0
    #expect(back.trackers[0].archived && back.trackers[0].description == "Q?\n\nD")
    #expect(back.trackers[0].frequency == TrackerFrequency(times: 2, days: 3))
    #expect(back.trackers[0].reminders == [TrackerReminder(time: "08:15", days: [.mon, .wed, .fri])])
    #expect(back.records.map(\.note) == ["kept note"])
    #expect(back.entries == [TrackerEntry(trackerId: tracker.id, date: Self.day("2024-03-05"), skipped: true, note: "skipped")])
  }
}

private extension JSONValue {
  var objectKeys: [String]? {
    guard case .object(let members) = self else { return nil }
    return members.map(\.key)
  }
}
