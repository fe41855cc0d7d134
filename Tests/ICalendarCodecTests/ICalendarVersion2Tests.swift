import Foundation
import Testing
import TrackerTestSupport
@testable import ICalendarCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Format version 2 in our own calendars: every new field comes back, calendars see a
/// description, alarms, skipped days left out and archived habits ending, and completions stay
/// the only thing a reader can count as done.
@Suite struct ICalendarVersion2Tests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// A running habit with every new field, a reading habit planned on weekends, and a dated event.
  static func runner() -> TrackerDataset {
    let trackers = [
      Tracker(id: "run", kind: .habit, name: "Бег", categoryId: "c", emoji: "🏃", color: "#FF674D",
              schedule: [.mon, .wed, .fri], createdOn: day("2026-01-05"), archived: true, description: "Утром, до работы",
              goal: TrackerGoal(target: 5.5, direction: .atLeast, unit: "km"), frequency: TrackerFrequency(times: 3, days: 7),
              reminders: [TrackerReminder(time: "07:30", days: [.mon, .wed]), TrackerReminder(time: "19:00"),
                          TrackerReminder(time: "7:5"), TrackerReminder(time: "07:30"), TrackerReminder(time: "06:00", days: [.sun])]),
      Tracker(id: "read", kind: .habit, name: "Read", categoryId: "c", emoji: "📚", color: "#007BFA", schedule: [.sat, .sun],
              goal: TrackerGoal(target: 2, direction: .atMost)),
      Tracker(id: "doctor", kind: .event, name: "Doctor", categoryId: "c", emoji: "😇", color: "#FD4C49", date: day("2026-01-09"),
              reminders: [TrackerReminder(time: "08:15")]),
      Tracker(id: "someday", kind: .event, name: "Someday", categoryId: "c", emoji: "🙂", color: "#33CF69",
              description: "tab\there", reminders: [TrackerReminder(time: "10:00")]),
    ]
    let records = [
      TrackerRecord(trackerId: "run", date: day("2026-01-05"), amount: 6.25, note: "в парке"),
      TrackerRecord(trackerId: "run", date: day("2026-01-09"), amount: 6),
      TrackerRecord(trackerId: "read", date: day("2026-01-10"), note: "chapter 3"),
      TrackerRecord(trackerId: "run", date: day("2026-01-12")),
    ]
    let entries = [
      TrackerEntry(trackerId: "run", date: day("2026-01-07"), skipped: true, note: "дождь"),
      TrackerEntry(trackerId: "run", date: day("2026-01-08"), skipped: true),
      TrackerEntry(trackerId: "read", date: day("2026-01-11"), amount: 3),
      TrackerEntry(trackerId: "run", date: day("2026-01-14"), amount: 2.5, extras: ["loop": .number("2500")]),
    ]
    return TrackerDataset(categories: [TrackerCategory(id: "c", title: "Sport")], trackers: trackers, records: records, entries: entries)
  }

  static func text(_ dataset: TrackerDataset, options: [String: String] = [:]) throws -> String {
    String(decoding: try Harness.encode(dataset, options: options), as: UTF8.self)
  }

  /// The component of `uid` in `text`, from `BEGIN` to `END`.
  static func component(_ uid: String, in text: String) throws -> String {
    let start = try #require(text.range(of: "UID:\(uid)\r\n"))
    let begin = try #require(text[..<start.lowerBound].range(of: "BEGIN:V", options: .backwards))
    let kind = text[begin.upperBound...].prefix { !$0.isNewline }
    let end = try #require(text[start.upperBound...].range(of: "END:V\(kind)\r\n"))
    return String(text[begin.lowerBound..<end.upperBound])
  }

  @Test func everyNewFieldComesBack() throws {
    let dataset = Self.runner()
    for options in [[:], ["history": "true"], ["timezone": "Europe/Moscow", "until": "2026-03-01"]] {
      let bytes = try Harness.encode(dataset, options: options)
      let (decoded, context) = try Harness.decode(bytes)
      #expect(decoded == dataset, "\(options)")
      #expect(context.diagnostics.isEmpty, "our own UNTIL and EXDATE are no loss: \(context.diagnostics)")
      #expect(try Harness.encode(decoded, options: options) == bytes, "writing is deterministic")
    }
    let text = try Self.text(dataset)
    #expect(text.contains("X-TRACKPORT-VERSION:2\r\n"))
    #expect(!text.contains("X-TRACKPORT-ENTRY-LIST") && !text.contains("X-TRACKPORT-RECORD-LIST"),
            "marks in day order come back from the trackers' own lists, with their amounts and notes")
    var shuffled = dataset
    shuffled.records.swapAt(0, 3)
    shuffled.entries.swapAt(0, 3)
    let lists = try Self.text(shuffled)
    #expect(lists.contains("X-TRACKPORT-ENTRY-LIST:") && lists.contains("X-TRACKPORT-RECORD-LIST:"))
    #expect(try Harness.decode(Array(lists.utf8)).0 == shuffled)
  }

  @Test func calendarsSeeTheDescriptionAlarmsSkippedDaysAndTheEnd() throws {
    let run = try Self.component("run", in: try Self.text(Self.runner()))
    #expect(run.contains("DESCRIPTION:Утром\\, до работы\r\n"))
    // Archived: the rule ends on the last mark (the entry of the 14th), skipped days are left out.
    #expect(run.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;WKST=MO;UNTIL=20260114\r\n"))
    #expect(run.contains("EXDATE;VALUE=DATE:20260107\r\n"), "the 8th is a Thursday: no occurrence to leave out")
    // One alarm per valid time on a planned day: 07:30 once, 19:00; not 7:5 (not HH:MM), not Sunday's 06:00.
    #expect(run.components(separatedBy: "BEGIN:VALARM\r\n").count - 1 == 2)
    #expect(run.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:🏃 Бег\r\nTRIGGER:PT7H30M\r\nEND:VALARM\r\n"))
    #expect(run.contains("TRIGGER:PT19H\r\n"))
    #expect(run.contains(#"X-TRACKPORT-GOAL:{"target":5.5\,"direction":"atLeast"\,"unit":"km"}"#))
    #expect(run.contains(#"X-TRACKPORT-FREQUENCY:{"times":3\,"days":7}"#))
    #expect(run.contains("X-TRACKPORT-ARCHIVED:TRUE\r\n"))
    let text = try Self.text(Self.runner())
    let doctor = try Self.component("doctor", in: text)
    #expect(doctor.contains("TRIGGER:PT8H15M\r\n"))
    let someday = try Self.component("someday", in: text)
    #expect(someday.hasPrefix("BEGIN:VTODO") && !someday.contains("VALARM"), "a to-do with no start has no alarm")
    #expect(someday.contains("DESCRIPTION:tab\there\r\n"))
    let read = try Self.component("read", in: text)
    #expect(!read.contains("EXDATE"), "an amount below the goal is not a skipped day")
  }

  @Test func archivedHabitWithoutMarksEndsOnItsFirstDayAndTheUntilOptionCanEndItSooner() throws {
    var dataset = Self.runner()
    dataset.records.removeAll { $0.trackerId == "run" }
    dataset.entries.removeAll { $0.trackerId == "run" }
    #expect(try Self.component("run", in: try Self.text(dataset)).contains(";WKST=MO;UNTIL=20260105\r\n"))
    let sooner = try Self.component("run", in: try Self.text(Self.runner(), options: ["until": "2026-01-10"]))
    #expect(sooner.contains(";WKST=MO;UNTIL=20260110\r\n"))
    let later = try Self.component("run", in: try Self.text(Self.runner(), options: ["until": "2027-01-10"]))
    #expect(later.contains(";WKST=MO;UNTIL=20260114\r\n"))
  }

  @Test func historyShowsCompletionsOnly() throws {
    let dataset = Self.runner()
    let text = try Self.text(dataset, options: ["history": "true"])
    #expect(text.components(separatedBy: "X-TRACKPORT-HISTORY:TRUE\r\n").count - 1 == dataset.records.count)
    for entry in dataset.entries {
      let uid = entry.trackerId + "-" + entry.date.description.filter { $0 != "-" } + "@history.trackport"
      #expect(!text.contains(uid), "\(entry) shown as done")
    }
    let done = try Self.component("run-20260105@history.trackport", in: text)
    #expect(done.contains("DESCRIPTION:6.25 km\\nв парке\r\n"))
    #expect(try Self.component("run-20260109@history.trackport", in: text).contains("DESCRIPTION:6 km\r\n"))
  }

  /// What an older TrackerPort reads as completions (`X-TRACKPORT-RECORDS`, and the
  /// `trackerId` and `date` of `X-TRACKPORT-RECORD-LIST`) is exactly the records: it cannot
  /// count a skipped day or an amount below the goal as done.
  @Test(arguments: 0..<40)
  func whatAnOlderReaderCountsIsTheCompletions(seed: Int) throws {
    let dataset = richDataset(seed: UInt64(seed))
    let bytes = try Harness.encode(dataset)
    let roots = try bytes.withUnsafeBytes { try ICalendarParser(fileName: "t").parse($0) }
    let calendar = try #require(roots.first)
    var done: [String] = []
    if let list = calendar.first("X-TRACKPORT-RECORD-LIST") {
      guard case .array(let items) = try JSONText.parse(list.text) else { Issue.record("not an array"); return }
      done = items.map { "\($0["trackerId"]?.stringValue ?? "") \($0["date"]?.stringValue ?? "")" }
    } else {
      for component in calendar.components {
        guard let id = component.first("X-TRACKPORT-ID"), let days = component.first("X-TRACKPORT-RECORDS") else { continue }
        let tracker = id.parameter("X-TRACKPORT-ENCODING") == nil ? id.text : (try JSONText.parse(id.text).stringValue ?? "")
        for day in days.value.split(separator: ",") { done.append("\(tracker) \(try #require(ICalendarDate(String(day))).date)") }
      }
    }
    #expect(done.sorted() == dataset.records.map { "\($0.trackerId) \($0.date)" }.sorted())
  }

  @Test(arguments: 0..<120)
  func richGeneratedDatasetSurvives(seed: Int) throws {
    let dataset = richDataset(seed: UInt64(seed))
    let options = seed % 3 == 0 ? ["history": "true"] : seed % 3 == 1 ? ["timezone": "Europe/Moscow", "until": "2017-01-01"] : [:]
    let bytes = try Harness.encode(dataset, options: options)
    #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "a control written raw")
    let (decoded, context) = try Harness.decode(bytes)
    #expect(decoded == dataset)
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
    let version = dataset.formatVersionNeeded
    #expect(String(decoding: bytes, as: UTF8.self).contains("X-TRACKPORT-VERSION:\(version)\r\n"))
  }

  @Test func aNewerVersionIsRefusedAndBrokenValuesAreLocated() throws {
    func calendar(_ lines: String) -> String { "BEGIN:VCALENDAR\r\n\(lines)END:VCALENDAR\r\n" }
    let newer = try #require(Harness.failure(calendar("VERSION:2.0\r\nX-TRACKPORT-VERSION:4\r\n")))
    #expect(newer.kind == .unsupportedVersion && newer.location.line == 3)
    #expect(Harness.failure(calendar("X-TRACKPORT-VERSION:two\r\n"))?.kind == .malformedInput)
    #expect(Harness.failure(calendar("X-TRACKPORT-VERSION:2\r\n")) == nil)
    let event = "BEGIN:VEVENT\r\nUID:x\r\nDTSTART;VALUE=DATE:20260105\r\nX-TRACKPORT-ID:x\r\nX-TRACKPORT-KIND:event\r\n"
    for (line, why) in [("X-TRACKPORT-GOAL:{\"target\":\"5\"\\,\"direction\":\"atLeast\"}", "numeric target"),
                        ("X-TRACKPORT-GOAL:{\"target\":5\\,\"direction\":\"up\"}", "atLeast or atMost"),
                        ("X-TRACKPORT-FREQUENCY:{\"times\":1.5\\,\"days\":7}", "whole numbers"),
                        ("X-TRACKPORT-REMINDERS:[{\"time\":\"07:00\"\\,\"days\":[\"monday\"]}]", "unknown weekday"),
                        ("X-TRACKPORT-ENTRIES:[{\"date\":\"2026-01-05\"\\,\"skipped\":\"yes\"}]", "true or false"),
                        ("X-TRACKPORT-RECORD-DETAILS:[{\"date\":\"2026-01-05\"\\,\"amount\":1}]", "not in X-TRACKPORT-RECORDS")] {
      let error = try #require(Harness.failure(calendar(event + line + "\r\nEND:VEVENT\r\n")), "\(line)")
      #expect(error.kind == .malformedInput && error.location.line == 7, "\(line)")
      #expect(error.message.contains(why), "\(error.message)")
    }
  }

  @Test func durationsReadAndWrite() {
    #expect(ICalendarDuration.seconds("PT7H30M") == 27_000)
    #expect(ICalendarDuration.seconds("-PT15M") == -900)
    #expect(ICalendarDuration.seconds("+P1DT2H") == 93_600)
    #expect(ICalendarDuration.seconds("P2W") == 1_209_600)
    #expect(ICalendarDuration.seconds("pt0s") == 0)
    for bad in ["", "P", "PT", "P1H", "PT1D", "PT1H1H", "T1H", "PT1H2", "P1DT", "PT99999999999999H"] {
      #expect(ICalendarDuration.seconds(bad) == nil, "\(bad)")
    }
    #expect(ICalendarDuration.text(minutes: 450) == "PT7H30M")
    #expect(ICalendarDuration.text(minutes: 0) == "PT0S")
    #expect(ICalendarDuration.text(minutes: 45) == "PT45M")
    #expect(ICalendarDuration.text(minutes: 1140) == "PT19H")
  }

  @Test func amountsAreWrittenAsCanonicalJSONNumbersAndNonFiniteOnesRefused() throws {
    let cases: [(Double, String)] = [(6, "6"), (6.25, "6.25"), (-0.0, "-0"), (0.1 + 0.2, "0.30000000000000004"), (1e-7, "1e-7"),
                                     (1e20, "1e20"), (123_456_789.125, "123456789.125")]
    for (value, text) in cases {
      #expect(try ICalendarJSONFields.number(value) == .number(text))
      #expect(Double(text) == value)
    }
    var dataset = Self.runner()
    dataset.records[0].amount = .nan
    #expect(throws: CodecError.self) { try Harness.encode(dataset) }
  }
}
