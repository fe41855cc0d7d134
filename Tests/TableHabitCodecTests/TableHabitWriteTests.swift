import Foundation
import Testing
import TrackerTestSupport
import TableHabitCodec
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerValidation

/// Writing: what Table Habit's importer reads, what comes back, and what is reported lost.
@Suite struct TableHabitWriteTests {
  /// A Table Habit file read and written again has the same values, key for key (compared
  /// by Foundation's JSON parser, not TrackerPort's).
  @Test(arguments: ["export-all.json"])
  func aFileReadAndWrittenAgainHasTheSameValues(_ name: String) throws {
    let path = TableHabit.fixture(name)
    let (dataset, _) = try TableHabit.decode(path: path)
    let written = try TableHabit.encode(dataset)
    #expect(written.diagnostics.isEmpty)
    #expect(TableHabitCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.json"), options: [:]).isEmpty)
    let original = try TableHabit.foundationJSON(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(try TableHabit.foundationJSON(written.bytes) == original)
  }

  /// A dataset of what Table Habit carries (ids as reading derives them, palette colours and
  /// the emoji reading chooses, every day planned, a creation day) comes back equal.
  @Test func whatTheFormatCarriesComesBackEqual() throws {
    let dataset = Self.carried()
    #expect(TableHabitCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.json"), options: [:]).isEmpty)
    var back = try TableHabit.roundTrip(dataset)
    // Extras are Table Habit's own bookkeeping (the ungrouped category's mark is kept as it was).
    for i in back.trackers.indices { back.trackers[i].extras = [:] }
    #expect(back.firstDifference(from: dataset) == nil, "\(back.firstDifference(from: dataset) ?? "")")
  }

  static func carried() -> TrackerDataset {
    let names = ["Run", "Cigarettes", "Journal", "Tidy up", "A habit with a name far longer than the Tracker app's thirty-eight characters"]
    func id(_ i: Int) -> String { StableID.uuid("tablehabit:\(i):\(names[i])") }
    func look(_ i: Int) -> (String, String) {
      let choice = PaletteEmoji.stableChoice(for: names[i])
      return (choice.emoji.rawValue, [PaletteColor.red, .blue, .lilac, .green, .salmon][i].rawValue)
    }
    let categories = [TrackerCategory(id: "group-a", title: "Sport"), TrackerCategory(id: "group-b", title: "Empty")]
    let every = Weekday.allCases
    var trackers: [Tracker] = []
    for i in names.indices {
      let (emoji, color) = look(i)
      trackers.append(Tracker(id: id(i), kind: .habit, name: names[i], categoryId: "group-a", emoji: emoji, color: color,
                              schedule: every, createdOn: LocalDate(dayNumber: 20_450 + i)))
    }
    trackers[0].goal = TrackerGoal(target: 5.5, direction: .atLeast, unit: "km")
    trackers[0].frequency = TrackerFrequency(times: 3, days: 7)
    trackers[0].reminders = [TrackerReminder(time: "07:30", days: [.mon, .thu])]
    trackers[0].description = "Outdoors"
    trackers[1].goal = TrackerGoal(target: 2, direction: .atMost, unit: "pcs")
    trackers[1].archived = true
    trackers[2].frequency = TrackerFrequency(times: 10, days: 30)
    trackers[2].reminders = [TrackerReminder(time: "21:00")]
    trackers[3].frequency = TrackerFrequency(times: 2, days: 9)
    trackers[4].goal = TrackerGoal(target: 0.25, direction: .atLeast)
    let d = LocalDate(dayNumber: 20_458)
    let records = [
      TrackerRecord(trackerId: id(0), date: d, amount: 6.25, note: "в парке"),
      TrackerRecord(trackerId: id(0), date: d.adding(days: 3), amount: 5.5),
      TrackerRecord(trackerId: id(1), date: d, amount: 0),
      TrackerRecord(trackerId: id(2), date: d, note: "long entry, \"quoted\""),
      TrackerRecord(trackerId: id(2), date: d.adding(days: 1)),
      TrackerRecord(trackerId: id(4), date: d, amount: 1e-7 + 0.25),
    ]
    let entries = [
      TrackerEntry(trackerId: id(0), date: d.adding(days: 1), skipped: true, note: "rain"),
      TrackerEntry(trackerId: id(0), date: d.adding(days: 2), amount: 2.5),
      TrackerEntry(trackerId: id(0), date: d.adding(days: 4), skipped: true, amount: 1),
      TrackerEntry(trackerId: id(1), date: d.adding(days: 1), amount: 5, note: "party"),
      TrackerEntry(trackerId: id(2), date: d.adding(days: 2), skipped: true),
      TrackerEntry(trackerId: id(2), date: d.adding(days: 3), note: "not today"),
      TrackerEntry(trackerId: id(3), date: d, note: "только заметка"),
    ]
    return TrackerDataset(categories: categories, trackers: trackers, records: records, entries: entries)
  }

  /// A colour that is none of the ten built-ins is written as `custom_color` with
  /// `custom_color_tinted` 0: without the key the app shows a tone derived from the colour, not
  /// the colour (`lib/models/habit_color.dart:30-44`); a built-in colour is its code alone.
  @Test func aCustomColourIsWrittenUntintedSoTheAppShowsItExactly() throws {
    let habits = [("#E66DD4", "Stretch"), ("#4CAF50", "Walk")].enumerated().map { index, pair in
      Tracker(id: "h\(index)", kind: .habit, name: pair.1, categoryId: "c", emoji: "🙂", color: pair.0, schedule: Weekday.allCases)
    }
    let dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: "All")], trackers: habits)
    let json = try TableHabit.foundationJSON(try TableHabit.encode(dataset).bytes)
    let written = try #require(json["habits"] as? [NSDictionary])
    #expect(written[0]["custom_color"] as? Int == 0xFFE6_6DD4)
    #expect(written[0]["custom_color_tinted"] as? Int == 0, "\(written[0])")
    #expect(written[0]["color"] as? Int == 3, "the nearest built-in for older versions: cc3, purple #9C27B0")
    #expect(written[1]["color"] as? Int == 6 && written[1]["custom_color"] == nil && written[1]["custom_color_tinted"] == nil)
    // Reading it back gives the same palette colour.
    #expect(try TableHabit.roundTrip(dataset).trackers.map(\.color) == ["#E66DD4", "#33CF69"])
  }

  /// What the importer needs (its database columns are NOT NULL, `assets/sql/mh_habits.sql`,
  /// `mh_records.sql`) is in every habit and record, typed as the app writes it.
  @Test func everyHabitHasTheKeysTheImporterNeeds() throws {
    let json = try TableHabit.foundationJSON(try TableHabit.encode(Self.carried()).bytes)
    let habits = try #require(json["habits"] as? [NSDictionary])
    #expect(habits.count == 5)
    for habit in habits {
      for key in ["type", "status", "name", "daily_goal", "daily_goal_unit", "freq_type", "freq_custom", "start_date", "create_t", "modify_t", "records"] {
        #expect(habit[key] != nil, "\(key) in \(habit)")
      }
      #expect(habit["freq_custom"] is String)
      for record in habit["records"] as? [NSDictionary] ?? [] {
        for key in ["record_date", "record_type", "record_value", "create_t", "modify_t", "reason"] {
          #expect(record[key] != nil, "\(key) in \(record)")
        }
      }
    }
    #expect(habits[0]["freq_type"] as? Int == 1 && habits[0]["freq_custom"] as? String == "[3]")
    #expect(habits[0]["reminder"] as? String == #"{"type":3,"time":{"hour":7,"minute":30},"extra":[1,4]}"#)
    #expect(habits[1]["type"] as? Int == 2 && habits[1]["daily_goal_extra"] as? Int == 2 && habits[1]["status"] as? Int == 3)
    #expect(habits[2]["freq_type"] as? Int == 2 && habits[2]["freq_custom"] as? String == "[10]")
    #expect(habits[3]["freq_custom"] as? String == "[2,9]")
    #expect(habits[0]["group_id"] as? String == "group-a")
    #expect((json["groups"] as? [NSDictionary])?.map { $0["name"] as? String } == ["Sport", "Empty"])
  }

  /// Weekdays Table Habit cannot plan: reported once, by the habit, before writing.
  @Test func weekdaysAreWrittenAsTimesPerWeekAndReported() throws {
    var dataset = Self.carried()
    dataset.trackers[3].frequency = nil
    dataset.trackers[3].schedule = [.mon, .wed, .fri]
    let losses = TableHabitCodec().losses(writing: dataset, to: CodecOutput(path: "out.json"), options: [:])
    #expect(losses.map { $0.location.pointer } == ["/trackers.frequency", "/trackers/3/schedule"])
    #expect(losses.map(\.code) == ["dropped-field", "lossy-frequency"])
    #expect(losses[1].message.contains("Mon, Wed, Fri") && losses[1].message.contains("3 time(s) per week"))
    let written = try TableHabit.encode(dataset)
    #expect(written.diagnostics.isEmpty, "said before writing, not again")
    let habits = try #require(try TableHabit.foundationJSON(written.bytes)["habits"] as? [NSDictionary])
    #expect(habits[3]["freq_type"] as? Int == 1 && habits[3]["freq_custom"] as? String == "[3]")
  }

  /// Habit names have no limit in Table Habit and are never cut; group names (100) and units
  /// (16) are, with a warning before writing.
  @Test func textsAreCutOnlyToTableHabitsLimitsAndReported() throws {
    var dataset = Self.carried()
    dataset.categories[1].title = String(repeating: "Группа ", count: 20)
    dataset.trackers[0].goal?.unit = "kilometres per day"
    let losses = TableHabitCodec().losses(writing: dataset, to: CodecOutput(path: "out.json"), options: [:])
    #expect(losses.map(\.code) == ["tablehabit-text-cut", "tablehabit-text-cut"])
    #expect(losses.map { $0.location.pointer } == ["/categories/1/title", "/trackers/0/goal/unit"])
    let json = try TableHabit.foundationJSON(try TableHabit.encode(dataset).bytes)
    let habits = try #require(json["habits"] as? [NSDictionary])
    #expect(habits[4]["name"] as? String == dataset.trackers[4].name)
    #expect(habits[0]["daily_goal_unit"] as? String == "kilometres per d")
    #expect(((json["groups"] as? [NSDictionary])?[1]["name"] as? String)?.count == 100)
  }

  /// Every loss the full-model dataset of `CannotCarryTests` shows is a field-by-field warning.
  @Test func eventsPinnedAndTasksAreReportedNotSilentlyDropped() throws {
    var dataset = Self.carried()
    dataset.trackers[0].pinned = true
    dataset.trackers.append(Tracker(id: "event", kind: .event, name: "Doctor", categoryId: "group-a", emoji: "😇",
                                    color: "#FD4C49", date: LocalDate(dayNumber: 20_460)))
    dataset.records.append(TrackerRecord(trackerId: "event", date: LocalDate(dayNumber: 20_460)))
    dataset.tasks = [PlanTask(id: "t", title: "Report", description: nil, color: nil, position: 0)]
    let losses = TableHabitCodec().losses(writing: dataset, to: CodecOutput(path: "out.json"), options: [:])
    let fields = losses.map { String(($0.location.pointer ?? "").dropFirst()) }
    #expect(fields == ["trackers.date", "trackers.pinned", "trackers[kind=event]", "records[of events]", "tasks"])
  }

  /// Generated datasets: what is written reads back and writes the same bytes again.
  @Test(arguments: [UInt64(3), 8, 13])
  func generatedDatasetsWriteTheSameBytesAfterOneRoundTrip(_ seed: UInt64) throws {
    let dataset = DatasetGenerator(trackers: 8, days: 60, seed: seed, rich: true).generate()
    let first = try TableHabit.encode(dataset).bytes
    let back = try TableHabit.decode(String(decoding: first, as: UTF8.self)).0
    let second = try TableHabit.encode(back).bytes
    #expect(first == second)
    #expect(back.records.count == TableHabitWriter_recordsWritten(first))
  }

  /// Completions in a written file, counted by Foundation's parser.
  private func TableHabitWriter_recordsWritten(_ bytes: [UInt8]) -> Int {
    guard let json = try? TableHabit.foundationJSON(bytes), let habits = json["habits"] as? [NSDictionary] else { return -1 }
    var count = 0
    for habit in habits {
      let goal = habit["daily_goal"] as? Double ?? 1, type = habit["type"] as? Int ?? 1
      let extra = habit["daily_goal_extra"] as? Double
      let measurable = type == 2 || goal != 1 || !((habit["daily_goal_unit"] as? String) ?? "").isEmpty
      for record in habit["records"] as? [NSDictionary] ?? [] where record["record_type"] as? Int == 1 {
        let value = record["record_value"] as? Double ?? 0
        if !measurable || (type == 2 ? value <= (extra ?? goal) : value >= goal) { count += 1 }
      }
    }
    return count
  }
}
