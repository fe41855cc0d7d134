import Foundation
import Testing
import TrackerTestSupport

/// A calendar exported from Google Calendar, converted as a new user would (issue 45, "Data"):
/// its repeats arrive as frequencies, and the dataset written passes the validator, or the
/// conversion says why not.
@Suite struct CalendarImportCommandTests {
  /// Google Calendar's export: no emoji in the titles, a monthly and a fortnightly repeat, an
  /// 82-character title.
  static let google = """
    BEGIN:VCALENDAR\r
    PRODID:-//Google Inc//Google Calendar 70.9054//EN\r
    VERSION:2.0\r
    BEGIN:VEVENT\r
    DTSTART;VALUE=DATE:20260305\r
    RRULE:FREQ=MONTHLY;BYMONTHDAY=5\r
    UID:rent@google.com\r
    SUMMARY:Pay rent\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    DTSTART;VALUE=DATE:20260302\r
    RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO\r
    UID:sync@google.com\r
    SUMMARY:Team sync\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    DTSTART;VALUE=DATE:20260301\r
    RRULE:FREQ=WEEKLY;BYDAY=SU\r
    UID:grandma@google.com\r
    SUMMARY:Call grandma every Sunday after lunch and ask about her garden and the neighbours\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  @Test func aMonthlyRepeatIsOncePerMonthInTableHabit() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.google.utf8).write(to: folder.appendingPathComponent("google.ics"))
    let run = try CLI.run(["convert", "google.ics", "out.tablehabit.json"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    // Nothing of the repeats is lost: no lossy-recurrence.
    #expect(!run.stderr.contains("lossy-recurrence"), "\(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out.tablehabit.json"))) as? [String: Any])
    let habits = try #require(json["habits"] as? [[String: Any]])
    let byName = Dictionary(uniqueKeysWithValues: habits.map { ($0["name"] as? String ?? "", $0) })
    #expect(byName["Pay rent"]?["freq_type"] as? Int == 2 && byName["Pay rent"]?["freq_custom"] as? String == "[1]",
            "\(String(describing: byName["Pay rent"]))")
    #expect(byName["Team sync"]?["freq_type"] as? Int == 3 && byName["Team sync"]?["freq_custom"] as? String == "[1,14]")
    // Table Habit has no weekdays: that, and only that, is said of the fortnightly Monday.
    #expect(run.stderr.contains("habit \"Team sync\" is planned on Mon; Table Habit plans times per period, so it is written as 1 time(s) in every 14 days [lossy-frequency]"),
            "\(run.stderr)")
  }

  @Test func theDatasetWrittenPassesTheValidatorOrTheConversionSaysWhy() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.google.utf8).write(to: folder.appendingPathComponent("google.ics"))
    // As it is: the 82-character name is told of, with the rule's code, at conversion.
    let plain = try CLI.run(["convert", "google.ics", "plain.trackport.json"], in: folder)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stderr.contains("plain.trackport.json /trackers/2/name: warning: tracker name \"Call grandma every Sunday after lunch and ask about her garden and the neighbours\" is 81 characters; the app allows at most 38 [name-too-long]"),
            "\(plain.stderr)")
    let refused = try CLI.run(["validate", "plain.trackport.json"], in: folder)
    #expect(refused.status == 1 && refused.stdout.contains("[name-too-long]") && !refused.stdout.contains("emoji"), "\(refused.stdout)")
    // --fit-names: shortened at a word, the full name kept; every emoji is there (chosen from the
    // name, marked made up): the validator has nothing to say.
    let fitted = try CLI.run(["convert", "google.ics", "fitted.trackport.json", "--fit-names"], in: folder)
    #expect(fitted.status == 0, "\(fitted.stderr)")
    #expect(fitted.stderr.contains("is written as \"Call grandma every Sunday after lunch…\"; the full name is kept in extras.trackport.fullName [name-fitted]"),
            "\(fitted.stderr)")
    let valid = try CLI.run(["validate", "fitted.trackport.json"], in: folder)
    #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("fitted.trackport.json"))) as? [String: Any])
    let trackers = try #require(json["trackers"] as? [[String: Any]])
    #expect(trackers.allSatisfy { ($0["emoji"] as? String)?.isEmpty == false })
    let marks = (trackers[2]["extras"] as? [String: Any])?["trackport"] as? [String: Any]
    #expect(marks?["fullName"] as? String == "Call grandma every Sunday after lunch and ask about her garden and the neighbours")
    // The calendar made from it again shows no made-up emoji in a title.
    let back = try CLI.run(["convert", "fitted.trackport.json", "back.ics"], in: folder)
    #expect(back.status == 0, "\(back.stderr)")
    let ics = try String(contentsOf: folder.appendingPathComponent("back.ics"), encoding: .utf8)
    #expect(ics.contains("SUMMARY:Pay rent\r\n") && ics.contains("SUMMARY:Team sync\r\n"), "\(ics)")
    // --full-names: the full name comes back as the name (for an app without the limit), its mark gone.
    let full = try CLI.run(["convert", "fitted.trackport.json", "full.trackport.json", "--full-names"], in: folder)
    #expect(full.status == 0 && !full.stderr.contains("name-too-long"), "\(full.stderr)")
    let fullJSON = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("full.trackport.json"))) as? [String: Any])
    let fullTrackers = try #require(fullJSON["trackers"] as? [[String: Any]])
    #expect(fullTrackers[2]["name"] as? String == "Call grandma every Sunday after lunch and ask about her garden and the neighbours")
    #expect(((fullTrackers[2]["extras"] as? [String: Any])?["trackport"] as? [String: Any])?["fullName"] == nil)
    let both = try CLI.run(["convert", "fitted.trackport.json", "x.trackport.json", "--full-names", "--fit-names"], in: folder)
    #expect(both.status == 64 && both.stderr.contains("choose one"), "\(both.stderr)")
  }
}
