import Foundation
import Testing
import TrackerTestSupport
import HabiticaCodec
import TrackerCodec
import TrackerModel
import TrackerValidation

/// The mapping rule by rule, on small exports in the fixtures' shapes.
@Suite struct HabiticaMappingTests {
  static func daily(_ id: String, _ text: String, frequency: String = "weekly", everyX: Int = 1,
                    repeatDays: [String: Bool] = [:], startDate: String = "2022-01-02T21:00:00.000Z",
                    history: [[String: Any]] = [], extra: [String: Any] = [:]) -> [String: Any] {
    var repeatAll: [String: Bool] = ["m": true, "t": true, "w": true, "th": true, "f": true, "s": true, "su": true]
    for (key, flag) in repeatDays { repeatAll[key] = flag }
    var task: [String: Any] = ["_id": id, "id": id, "type": "daily", "text": text, "notes": "", "frequency": frequency,
                               "everyX": everyX, "repeat": repeatAll, "startDate": startDate, "history": history,
                               "daysOfMonth": [8], "weeksOfMonth": [], "tags": [], "userId": "MOCK"]
    for (key, value) in extra { task[key] = value }
    return task
  }

  static func habit(_ id: String, _ text: String, up: Bool = true, down: Bool = true, history: [[String: Any]],
                    tags: [String] = []) -> [String: Any] {
    ["_id": id, "type": "habit", "text": text, "up": up, "down": down, "history": history, "tags": tags,
     "frequency": "daily", "counterUp": 3, "value": 1.5]
  }

  @Test func schedulesMapExactlyOrWithALossyFrequency() throws {
    let export = Habitica.export(dailys: [
      Self.daily("A", "MWF", repeatDays: ["t": false, "th": false, "s": false, "su": false]),
      Self.daily("B", "Every day", frequency: "daily", repeatDays: ["m": false]),
      Self.daily("C", "Every 3 days", frequency: "daily", everyX: 3),
      Self.daily("D", "Every 2 weeks", everyX: 2, repeatDays: ["m": false, "w": false, "f": false, "s": false, "su": false]),
      Self.daily("E", "Monthly", frequency: "monthly"),
      Self.daily("F", "Yearly", frequency: "yearly"),
      Self.daily("G", "Never", everyX: 0),
      Self.daily("H", "No weekday", repeatDays: ["m": false, "t": false, "w": false, "th": false, "f": false, "s": false, "su": false]),
      Self.daily("I", "Second Tuesday", frequency: "monthly", repeatDays: ["m": false, "w": false, "th": false, "f": false, "s": false, "su": false],
                 extra: ["weeksOfMonth": [1], "daysOfMonth": []]),
    ], timezoneOffset: -180)
    let (dataset, context) = try Habitica.decode(export)
    let byId = Dictionary(uniqueKeysWithValues: dataset.trackers.map { ($0.id, $0) })
    #expect(byId["A"]?.schedule == [.mon, .wed, .fri])
    #expect(byId["A"]?.frequency == nil)
    #expect(byId["B"]?.schedule == Weekday.allCases)
    #expect(byId["C"]?.schedule == Weekday.allCases)
    #expect(byId["C"]?.frequency == TrackerFrequency(times: 1, days: 3))
    #expect(byId["D"]?.schedule == [.tue, .thu])
    #expect(byId["D"]?.frequency == TrackerFrequency(times: 2, days: 14))
    for id in ["E", "F", "G", "H"] {
      #expect(byId[id]?.schedule == Weekday.allCases, "\(id)")
      #expect(byId[id]?.frequency == nil, "\(id)")
    }
    #expect(byId["I"]?.schedule == [.tue])
    // startDate 2022-01-02T21:00Z is local midnight of 3 January at UTC+3: no day-start shift.
    #expect(byId["A"]?.createdOn == LocalDate("2022-01-03"))
    let lossy = context.diagnostics.filter { $0.code == "lossy-frequency" }
    #expect(lossy.map(\.location.pointer) == ["/tasks/dailys/2", "/tasks/dailys/3", "/tasks/dailys/4", "/tasks/dailys/5",
                                               "/tasks/dailys/6", "/tasks/dailys/7", "/tasks/dailys/8"])
    #expect(lossy[0].message.contains("every 3 days"))
    #expect(lossy[6].message.contains("2nd Tue"))
    // The original repetition is kept whole.
    guard case .object(let kept)? = byId["E"]?.extras["habitica"]?["repeat"] else {
      Issue.record("no extras[habitica].repeat")
      return
    }
    #expect(kept.first { $0.key == "frequency" }?.value == .string("monthly"))
    #expect(kept.first { $0.key == "daysOfMonth" }?.value == .array([.number("8")]))
    // Every schedule the validator accepts.
    #expect(!Validator().validate(dataset).contains { ["schedule-empty", "frequency-invalid"].contains($0.code) })
  }

  @Test func dailyCompletionsFollowTheFlagsTheCronRuleAndTheValueRule() throws {
    // UTC+3, day start 5. Crons: 2022-03-02 06:10 local (03:10Z), 2022-03-03 07:00 local (04:00Z).
    let crons = ["2022-03-02T03:10:00.000Z", "2022-03-03T04:00:00.000Z", "2022-03-03T09:00:00.000Z"]
    let history: [[String: Any]] = [
      // 1 March 20:00 local: completed on 1 March.
      ["date": Habitica.ms("2022-03-01T17:00:00Z"), "value": 1.0, "isDue": true, "completed": true],
      // 2 March 06:05 local, before that day's first cron: yesterday's check-off → 1 March (again).
      ["date": Habitica.ms("2022-03-02T03:05:00Z"), "value": 2.0, "isDue": true, "completed": true],
      // 3 March 06:30 local, before the cron at 07:00 → 2 March.
      ["date": Habitica.ms("2022-03-03T03:30:00Z"), "value": 3.0, "isDue": true, "completed": true],
      // 3 March 04:30 local is before the day start: Habitica day 2 March; a cron entry, not done.
      ["date": Habitica.ms("2022-03-03T01:30:00Z"), "value": 2.0, "isDue": true, "completed": false],
      // 4 March 12:00 local, no cron that day: 4 March, even not due.
      ["date": Habitica.ms("2022-03-04T09:00:00Z"), "value": 3.0, "isDue": false, "completed": true],
    ]
    // Legacy entries without flags, several a month: a rise above 0.5 is a check.
    let legacy: [[String: Any]] = [
      ["date": Habitica.ms("2020-05-04T09:00:00Z"), "value": 1.0],   // +1.0 over 0: done 4 May
      ["date": Habitica.ms("2020-05-05T09:00:00Z"), "value": 1.3],   // +0.3: not done
      ["date": Habitica.ms("2020-05-06T09:00:00Z"), "value": 0.2],   // a miss
      ["date": Habitica.ms("2020-05-07T09:00:00Z"), "value": 1.0],   // +0.8: done 7 May
      // Condensed: the only entries of their months (one per month, then per year).
      // The value before the first legacy entry is the last aggregate's.
      ["date": Habitica.ms("2019-01-04T17:00:00Z"), "value": 0.2],
      ["date": Habitica.ms("2020-02-01T10:00:00Z"), "value": -0.5],
    ]
    let export = Habitica.export(dailys: [Self.daily("D1", "Flags", history: history), Self.daily("D2", "Legacy", history: legacy)],
                                 timezoneOffset: -180, dayStart: 5, crons: crons)
    let (dataset, context) = try Habitica.decode(export)
    let days = Habitica.days(dataset)
    #expect(days["D1"] == ["2022-03-01", "2022-03-02", "2022-03-04"])
    #expect(days["D2"] == ["2020-05-04", "2020-05-07"])
    let condensed = context.diagnostics.filter { $0.code == "habitica-condensed-history" }
    #expect(condensed.count == 1)
    #expect(condensed.first?.message.hasPrefix("1 task(s) have condensed history from 2019-01-04 to 2020-02-01 (2 entries)") == true)
  }

  @Test func habitsSumTheirEntriesPerDay() throws {
    let history: [[String: Any]] = [
      // Three entries of one Habitica day (day start 5 at UTC+3): 00:49, 01:04, 01:13 local on 3 March.
      ["date": Habitica.ms("2022-03-02T21:49:00Z"), "value": 1.0, "scoredUp": 0, "scoredDown": 1],
      ["date": Habitica.ms("2022-03-02T22:04:00Z"), "value": 1.0, "scoredUp": 1, "scoredDown": 0],
      ["date": Habitica.ms("2022-03-02T22:13:00Z"), "value": 1.0, "scoredUp": 0, "scoredDown": 2],
      // Only "−" on 5 March.
      ["date": Habitica.ms("2022-03-05T12:00:00Z"), "value": 0.0, "scoredUp": 0, "scoredDown": 3],
      // A preened aggregate.
      ["date": Habitica.ms("2021-01-01T12:00:00Z"), "value": 0.5],
    ]
    let export = Habitica.export(habits: [
      Self.habit("H1", "Both", history: history),
      Self.habit("H2", "Only minus", up: false, down: true, history: [
        ["date": Habitica.ms("2022-03-05T12:00:00Z"), "value": -1.0, "scoredUp": 0, "scoredDown": 1],
        ["date": Habitica.ms("2022-03-06T12:00:00Z"), "value": -1.0, "scoredUp": 0, "scoredDown": 0],
      ]),
    ], timezoneOffset: -180, dayStart: 5)
    let (dataset, context) = try Habitica.decode(export)
    let days = Habitica.days(dataset)
    #expect(days["H1"] == ["2022-03-02"])
    #expect(days["H2"] == ["2022-03-05"])
    #expect(dataset.trackers.allSatisfy { $0.schedule == Weekday.allCases })
    #expect(context.diagnostics.first { $0.code == "habitica-down-habit" }?.message.contains("\"Only minus\"") == true)
    #expect(context.diagnostics.first { $0.code == "habitica-not-imported" }?.message.contains("on 2 day(s)") == true)
    #expect(Habitica.condensedCount(context) == 1)
  }

  @Test func todosBecomeTasksAndRewardsAreCounted() throws {
    let export = Habitica.export(todos: [
      ["_id": "T1", "type": "todo", "text": "File taxes", "notes": "by **Friday**", "completed": true,
       "dateCompleted": "2022-03-04T20:30:00.000Z", "date": "2022-03-10T21:00:00.000Z", "priority": 1.5,
       "checklist": [["id": "c1", "text": "forms", "completed": true], ["id": "c2", "text": "post", "completed": false]],
       "tags": ["t-work"]],
      ["_id": "T2", "type": "todo", "text": "Someday", "notes": "", "completed": false, "date": "today", "priority": 1],
      ["_id": "T3", "type": "todo", "text": "No date", "date": NSNull(), "completed": false],
    ], rewards: [["_id": "R1", "type": "reward", "text": "Cake", "value": 10]],
      tags: [["id": "t-work", "name": "Work"]], timezoneOffset: -180)
    let (dataset, context) = try Habitica.decode(export)
    #expect(dataset.tasks.map(\.id) == ["T1", "T2", "T3"])
    let taxes = dataset.tasks[0]
    #expect(taxes.title == "File taxes")
    #expect(taxes.description == "by **Friday**")
    #expect(taxes.done)
    #expect(taxes.start?.description == "2022-03-11T00:00")
    #expect(taxes.color?.hasPrefix("#") == true)
    let kept = taxes.extras["habitica"]
    #expect(kept?["completedOn"] == .string("2022-03-04"))
    #expect(kept?["priority"] == .number("1.5"))
    #expect(kept?["tags"] == .array([.string("Work")]))
    #expect(kept?["checklist"] == .array([
      .object([JSONMember("text", .string("forms")), JSONMember("completed", .bool(true))]),
      .object([JSONMember("text", .string("post")), JSONMember("completed", .bool(false))]),
    ]))
    #expect(dataset.tasks[1].start == nil)
    #expect(dataset.tasks[1].extras["habitica"]?["date"] == .string("today"))
    #expect(dataset.tasks[2].position == 2)
    #expect(context.diagnostics.first { $0.code == "habitica-not-imported" }?.message.contains("1 reward(s)") == true)
  }

  @Test func tagsBecomeCategoriesInTheUsersTagOrder() throws {
    let tags: [[String: Any]] = [["id": "t1", "name": "Morning"], ["id": "t2", "name": "Health"], ["id": "t3", "name": "Morning"]]
    let export = Habitica.export(habits: [
      Self.habit("A", "Tagged twice", history: [], tags: ["t2", "t1"]),
      Self.habit("B", "Untagged", history: []),
      Self.habit("C", "Dangling", history: [], tags: ["gone"]),
      Self.habit("D", "Same title", history: [], tags: ["t3"]),
      Self.habit("E", String(repeating: "Long name ", count: 6), history: [], tags: ["t2"]),
    ], tags: tags)
    let (dataset, context) = try Habitica.decode(export, options: ["default-category": "Imported"])
    #expect(dataset.categories.map(\.title) == ["Morning", "Health", "Imported"])
    let titles = Dictionary(uniqueKeysWithValues: dataset.categories.map { ($0.id, $0.title) })
    #expect(dataset.trackers.map { titles[$0.categoryId] ?? "?" } == ["Morning", "Imported", "Imported", "Morning", "Health"])
    #expect(dataset.trackers[0].extras["habitica"]?["tags"] == .array([.string("Health"), .string("Morning")]))
    // Names are kept whole; validate reports the long one.
    #expect(dataset.trackers[4].name.count == 60)
    #expect(Validator().validate(dataset).contains { $0.code == "name-too-long" })
    // Palette choices, said once.
    #expect(dataset.trackers.allSatisfy { $0.emoji != nil && $0.color != nil })
    #expect(context.diagnostics.filter { $0.code == "habitica-assigned-defaults" }.count == 1)
    #expect(context.diagnostics.first { $0.code == "habitica-assigned-defaults" }?.message.contains("2 without a tag put in category \"Imported\"") == true)
    let plain = try Habitica.decode(export).0
    #expect(plain.categories.last?.title == "Habitica")
  }
}
