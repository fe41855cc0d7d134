import TrackerModel
@testable import TrackerValidation

/// A (pointer, code) pair: what tests compare, never message prose.
struct Finding: Hashable, CustomStringConvertible {
  var pointer: String
  var code: String
  init(_ pointer: String, _ code: String) {
    self.pointer = pointer
    self.code = code
  }
  var description: String { "\(pointer) \(code)" }
}

/// A small dataset that breaks no rule; each test breaks one thing in a copy.
enum Fixture {
  static let home = "8F1C2A3B-4D5E-4F60-8172-93A4B5C6D7E8"
  static let health = "1A2B3C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D"
  static let water = "C0FFEE00-1111-4222-8333-444455556666"
  static let doctor = "D0C70000-AAAA-4BBB-8CCC-DDDDEEEEFFFF"
  static let flowers = "F1045E55-0000-4000-8000-000000000001"
  static let report = "7A5C0000-1234-4567-89AB-CDEF01234567"

  /// Pinned "today" for tests: 2026-03-01.
  static let today = day("2026-03-01")

  static func day(_ text: String) -> LocalDate {
    guard let date = LocalDate(text) else { fatalError("bad test date \(text)") }
    return date
  }

  static func time(_ text: String) -> LocalDateTime {
    guard let value = LocalDateTime(text) else { fatalError("bad test time \(text)") }
    return value
  }

  /// Trackers: 0 a Mon/Wed/Fri habit created 2026-01-05 (a Monday), 1 an event dated
  /// 2026-02-01, 2 an undated event. Records: 0 and 1 of the habit (Mon 01-05, Wed 01-07),
  /// 2 of the dated event on its date, 3 of the undated event.
  static var valid: TrackerDataset {
    TrackerDataset(
      categories: [
        TrackerCategory(id: home, title: "Домашний уют"),
        TrackerCategory(id: health, title: "Здоровье"),
      ],
      trackers: [
        Tracker(id: water, kind: .habit, name: "Поливать растения", categoryId: home,
                emoji: "🌺", color: "#33CF69", schedule: [.mon, .wed, .fri],
                createdOn: day("2026-01-05")),
        Tracker(id: doctor, kind: .event, name: "Сходить к врачу", categoryId: health,
                emoji: "😇", color: "#FD4C49", date: day("2026-02-01"), pinned: true),
        Tracker(id: flowers, kind: .event, name: "Купить цветы", categoryId: home,
                emoji: "❤️", color: "#fd4c49"),
      ],
      records: [
        TrackerRecord(trackerId: water, date: day("2026-01-05")),
        TrackerRecord(trackerId: water, date: day("2026-01-07")),
        TrackerRecord(trackerId: doctor, date: day("2026-02-01")),
        TrackerRecord(trackerId: flowers, date: day("2026-01-10")),
      ],
      tasks: [
        PlanTask(id: report, title: "Отчёт", description: "Квартальный отчёт", color: "#007BFA",
                 category: "urgent", start: time("2026-11-23T09:00"), end: time("2026-11-23T10:30"),
                 reminders: [time("2026-11-23T08:45")],
                 attachments: [TaskAttachment(name: "plan.pdf", uri: "files/plan.pdf")]),
      ])
  }

  static let run = "B0B0B0B0-5555-4666-8777-888899990000"

  /// ``valid`` with what format version 2 adds, all of it valid: tracker 3 is a measurable
  /// habit (at least 5.5 km a day, every day from 2026-01-05, 3 times in 7 days, two
  /// reminders); record 4 is its Monday 01-05 with 6.25 km and a note; entry 0 skips Tuesday
  /// 01-06 with a note, entry 1 is Wednesday 01-07 with 2.5 km, below the goal.
  static var rich: TrackerDataset {
    var d = valid
    d.trackers.append(
      Tracker(id: run, kind: .habit, name: "Бег", categoryId: health, emoji: "🥇", color: "#FF881E",
              schedule: Weekday.allCases, createdOn: day("2026-01-05"), description: "Утром",
              goal: TrackerGoal(target: 5.5, direction: .atLeast, unit: "km"),
              frequency: TrackerFrequency(times: 3, days: 7),
              reminders: [TrackerReminder(time: "07:30", days: [.mon, .wed]), TrackerReminder(time: "19:00")]))
    d.records.append(TrackerRecord(trackerId: run, date: day("2026-01-05"), amount: 6.25, note: "в парке"))
    d.entries = [
      TrackerEntry(trackerId: run, date: day("2026-01-06"), skipped: true, note: "дождь"),
      TrackerEntry(trackerId: run, date: day("2026-01-07"), amount: 2.5),
    ]
    return d
  }

  /// What the whole standard validator finds, with today pinned unless told otherwise.
  static func findings(_ dataset: TrackerDataset, today: LocalDate? = Fixture.today,
                       select: Set<String>? = nil, ignore: Set<String> = []) -> [Finding] {
    let options = ValidationOptions(today: today, select: select, ignore: ignore)
    return Validator(options: options).validate(dataset).map {
      Finding($0.location.pointer ?? "", $0.code)
    }
  }

  /// What one rule finds.
  static func findings(_ rule: any ValidationRule.Type, _ dataset: TrackerDataset,
                       today: LocalDate? = Fixture.today) -> [Finding] {
    Validator(rules: [rule], options: ValidationOptions(today: today)).validate(dataset).map {
      Finding($0.location.pointer ?? "", $0.code)
    }
  }
}
