import Foundation
import Testing
@testable import DaylioCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport
import TrackerValidation
import ZIPFoundation

/// Daylio backups (docs/daylio.md). `android.json` and `ios.json` are written by hand in the
/// shapes public readers of real backups document (Android version 15: Guekka/DaylioBackupTools
/// `src/formats/daylio.rs`; iOS version 18: JoelOtter/dayligo `structure.go` and its empty iOS
/// backup; goals and goalEntries: journiv-app's `test_daylio_goal_history_mapping.py`), with
/// entries at month and year edges in several time zones. `android.daylio` holds `android.json`
/// as Base64 in lines of 76 with LF, deflated; `ios.daylio` as Base64 with CRLF and no last line
/// break, stored — as the two platforms write them.
@Suite struct DaylioBackupTests {
  static func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!.path
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// A zip at a temporary path holding `members`.
  static func zip(_ members: [(String, [UInt8])], name: String = "backup.daylio") throws -> String {
    let path = try temporaryFolder("trackport-daylio").appendingPathComponent(name).path
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    for (member, bytes) in members {
      let data = Data(bytes)
      try archive.addEntry(with: member, type: .file, uncompressedSize: Int64(data.count)) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    return path
  }

  /// A backup whose member is `json` in Base64 (76-character lines).
  static func backup(json: String) throws -> String {
    let text = Data(json.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
    return try zip([("backup.daylio", Array(text.utf8))])
  }

  @Test func theAndroidBackupReadsAsDaylioShowsIt() throws {
    let (dataset, context) = try decode(DaylioCodec(), path: Self.fixture("android.daylio"))
    #expect(dataset.categories.map(\.title) == ["Goals", "Health", "Daylio"])
    #expect(dataset.trackers.map(\.name) == ["Meditate", "gym", "Journal", "walk", "read", "family", "gym", "cinema"])
    let t = dataset.trackers
    func days(_ i: Int) -> [String] { dataset.records.filter { $0.trackerId == t[i].id }.map(\.date.description) }
    // Goals: goalEntries by goal_id; months from 1 or from 0, whichever is within a day of createdAt.
    #expect(days(0) == ["2023-02-28", "2023-12-31", "2024-01-01"])
    #expect(t[0].reminders == [TrackerReminder(time: "07:30")] && t[0].description == "ten minutes")
    #expect(t[0].frequency == nil && t[0].schedule == Weekday.allCases && t[0].invented == [.emoji, .color])
    #expect(t[0].createdOn == Self.day("2023-02-01"))
    // A goal without a name takes its activity's; three times a week is a frequency.
    #expect(days(1) == ["2023-03-01"] && t[1].frequency == TrackerFrequency(times: 3, days: 7))
    #expect(t[1].invented.contains(.schedule) && t[1].extras["daylio"]?["activity"] == .string("gym"))
    #expect(t[1].reminders.isEmpty)
    // Five weekdays of a mask whose bit order no source documents: 5 in 7 days; ended: archived.
    #expect(days(2) == ["2023-02-27"] && t[2].frequency == TrackerFrequency(times: 5, days: 7) && t[2].archived)
    #expect(t[2].extras["daylio"]?["repeatValue"] == .number("62"))
    // Activities: in their group or the default category, once a day however many entries.
    #expect(t[3].categoryId == dataset.categories[1].id && t[4].categoryId == dataset.categories[2].id)
    #expect(days(3) == ["2023-02-28", "2023-03-01", "2023-12-31", "2024-01-01"])
    #expect(days(4) == ["2024-01-01"] && days(5) == ["2023-03-01"] && days(6) == ["2023-02-28"] && days(7) == [])
    #expect(t[3].createdOn == Self.day("2023-01-02") && t[7].createdOn == Self.day("2023-02-10"))
    #expect(t[3].extras["daylio"]?["tagId"] == .number("14") && t[3].invented == [.emoji, .color, .schedule])
    #expect(Set(t.map(\.id)).count == t.count)

    // Mood entries, oldest first, with the local day even where UTC has another.
    guard case .array(let entries)? = dataset.extras["daylio"]?["entries"] else { Issue.record("no entries"); return }
    #expect(entries.map { $0["day"]?.stringValue ?? "" } == ["2023-02-28", "2023-02-28", "2023-03-01", "2023-12-31", "2024-01-01"])
    #expect(entries.map { $0["time"]?.stringValue ?? "" } == ["08:00", "21:00", "00:10", "23:50", "00:30"])
    #expect(entries.map { $0["mood"]?.stringValue ?? "" } == ["good", "love it", "meh", "tired", "rad"])
    #expect(entries[1]["moodLevel"] == .number("1") && entries[3]["moodLevel"] == .number("4"))
    #expect(entries[4]["noteTitle"] == .string("New year") && entries[4]["note"] == .string("<b>First</b> walk<br>of the year"))
    #expect(entries[4]["activities"] == .array([.string("walk"), .string("read")]))
    #expect(entries[4]["timeZoneOffset"] == .number("7200000") && entries[4]["id"] == .number("9"))
    #expect(dataset.extras["daylio"]?["version"] == .number("15") && dataset.extras["daylio"]?["platform"] == .string("android"))
    // The app's PIN is never carried.
    #expect(!"\(dataset.extras)".contains("4321"))

    let codes = context.diagnostics.map(\.code)
    #expect(codes.filter { $0 == "lossy-frequency" }.count == 2)
    #expect(context.diagnostics.contains { $0.code == "daylio-unknown-reference" && $0.location.pointer == "/dayEntries/2/tags/2" })
    #expect(context.diagnostics.contains { $0.code == "daylio-unknown-reference" && $0.message.contains("goal 99") })
    #expect(codes.last == "daylio-assigned-defaults")
    let findings = Validator(options: ValidationOptions(today: Self.day("2024-01-02"))).validate(dataset)
    #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings)")
  }

  @Test func theIOSBackupReadsWithCRLFLinesAndActivitiesFromZero() throws {
    let (dataset, _) = try decode(DaylioCodec(), path: Self.fixture("ios.daylio"), options: ["default-category": "Activities"])
    #expect(dataset.categories.map(\.title) == ["Activities"])
    #expect(dataset.trackers.map(\.name) == ["running", "reading 📚"])
    #expect(dataset.trackers[0].extras["daylio"]?["tagId"] == .number("0"))
    let running = dataset.records.filter { $0.trackerId == dataset.trackers[0].id }.map(\.date.description)
    // 07:05 at +9 h on 1 February is 31 January in UTC; 22:15 at -8 h on 29 February is 1 March.
    #expect(running == ["2024-02-01", "2024-02-29"])
    #expect(dataset.records.filter { $0.trackerId == dataset.trackers[1].id }.map(\.date.description) == ["2024-02-29"])
    #expect(dataset.extras["daylio"]?["platform"] == .string("iOS"))
  }

  @Test func theFixturesHoldTheirJSON() throws {
    for name in ["android", "ios"] {
      let archive = try Archive(url: URL(fileURLWithPath: Self.fixture(name + ".daylio")), accessMode: .read)
      var text = Data()
      _ = try archive.extract(archive["backup.daylio"]!) { text.append($0) }
      let json = try Data(contentsOf: URL(fileURLWithPath: Self.fixture(name + ".json")))
      #expect(Data(base64Encoded: text, options: .ignoreUnknownCharacters) == json, "\(name).daylio is not \(name).json")
    }
  }

  @Test func goalsOnlyLeavesActivitiesInTheEntries() throws {
    let (dataset, _) = try decode(DaylioCodec(), path: Self.fixture("android.daylio"), options: ["activities": "false"])
    #expect(dataset.trackers.map(\.name) == ["Meditate", "gym", "Journal"])
    #expect(dataset.categories.map(\.title) == ["Goals"])
    guard case .array(let entries)? = dataset.extras["daylio"]?["entries"] else { Issue.record("no entries"); return }
    #expect(entries.count == 5)
  }

  /// A completion's month counts from 1 in some apps' files and from 0 in others.
  @Test func aCompletionsDayIsTheReadingNearItsTimeStamp() {
    func day(_ y: Int?, _ m: Int?, _ d: Int?, _ created: String?) -> String? {
      DaylioBackupReader.goalDay(year: y, month: m, day: d, created: created.map(Self.day))?.description
    }
    #expect(day(2024, 1, 31, "2024-01-31") == "2024-01-31")
    #expect(day(2024, 0, 31, "2024-01-31") == "2024-01-31")
    #expect(day(2023, 11, 31, "2023-12-31") == "2023-12-31")
    // A local day one off the UTC day of the time stamp.
    #expect(day(2024, 1, 1, "2023-12-31") == "2024-01-01")
    #expect(day(2024, 1, 1, nil) == "2024-01-01")
    #expect(day(2024, 12, 1, nil) == "2024-12-01")
    #expect(day(2024, 12, 32, nil) == nil)
    #expect(day(nil, nil, nil, "2024-05-05") == "2024-05-05")
    // One reading is a day: that one, however far its time stamp (ticked later).
    #expect(day(2023, 11, 31, "2024-06-01") == "2023-12-31")
    // Both are: the nearer.
    #expect(day(2024, 1, 28, "2024-03-10") == "2024-02-28")
    #expect(DaylioBackupReader.day(milliseconds: -1)?.description == "1969-12-31")
    #expect(DaylioBackupReader.day(milliseconds: 1_709_251_200_000)?.description == "2024-03-01")
  }

  @Test func aDamagedBackupIsALocatedError() throws {
    let notBase64 = try Self.zip([("backup.daylio", Array("QUJD\nQU*D\n".utf8))])
    let error = try #require(codecError { _ = try decode(DaylioCodec(), path: notBase64) })
    #expect(error.kind == .malformedInput && error.location.line == 2 && error.location.column == 3, "\(error)")
    #expect(error.location.file?.hasSuffix("backup.daylio/backup.daylio") == true)

    let cut = try Self.zip([("backup.daylio", Array("QUJDR".utf8))])
    #expect(codecError { _ = try decode(DaylioCodec(), path: cut) }?.message.contains("middle of a group") == true)

    let notJSON = try Self.backup(json: "{\"version\": 15,\n oops}")
    let jsonError = try #require(codecError { _ = try decode(DaylioCodec(), path: notJSON) })
    #expect(jsonError.message.contains("line 2, column 2 of the decoded JSON"), "\(jsonError)")

    let wrongType = try Self.backup(json: #"{"dayEntries": [{"year": 2024, "month": 0, "day": 1, "tags": "walk"}]}"#)
    let typeError = try #require(codecError { _ = try decode(DaylioCodec(), path: wrongType) })
    #expect(typeError.location.pointer == "/dayEntries/0/tags" && typeError.location.line == nil, "\(typeError)")

    let other = try Self.zip([("notes.txt", Array("hello".utf8))], name: "other.daylio")
    #expect(codecError { _ = try decode(DaylioCodec(), path: other) }?.message.contains("no backup.daylio") == true)
  }

  @Test func anEntryWithoutAReadableDayIsKeptAndWarnedOf() throws {
    let path = try Self.backup(json: #"""
      {"tags": [{"id": 1, "name": "walk"}],
       "dayEntries": [{"year": 2024, "month": 1, "day": 30, "datetime": 1709251200000, "timeZoneOffset": 0, "tags": [1]},
                      {"year": 2024, "month": 12, "day": 1, "tags": [1], "note": "no day"}]}
      """#)
    let (dataset, context) = try decode(DaylioCodec(), path: path)
    // 30 "February" is no day: the time stamp gives 1 March.
    #expect(dataset.records.map(\.date.description) == ["2024-03-01"])
    #expect(context.diagnostics.filter { $0.code == "daylio-bad-date" }.map(\.location.pointer) == ["/dayEntries/0", "/dayEntries/1"])
    guard case .array(let entries)? = dataset.extras["daylio"]?["entries"] else { Issue.record("no entries"); return }
    #expect(entries.count == 2 && entries[1]["note"] == .string("no day"))
  }

  /// Numbers no day or time can be are warned of, never summed into an overflow.
  @Test func hugeNumbersAreNoDays() throws {
    let path = try Self.backup(json: #"""
      {"tags": [{"id": 1, "name": "walk"}],
       "goals": [{"goal_id": 1, "name": "Run"}],
       "goalEntries": [{"goalId": 1, "year": 2024, "month": 9223372036854775807, "day": 1, "createdAt": 1709251200000}],
       "dayEntries": [{"year": 2024, "month": 9223372036854775807, "day": 1, "tags": [1]},
                      {"datetime": 9223372036854775807, "timeZoneOffset": 1, "tags": [1]},
                      {"datetime": -9223372036854775808, "tags": [1]},
                      {"year": 2024, "month": 2, "day": 1, "datetime": 1709251200000, "timeZoneOffset": 9223372036854775807, "tags": [1]}]}
      """#)
    let (dataset, context) = try decode(DaylioCodec(), path: path)
    #expect(dataset.records.map(\.date.description) == ["2024-03-01", "2024-03-01"])
    #expect(context.diagnostics.filter { $0.code == "daylio-bad-date" }.count == 4)
  }

  /// The archive's member itself, unzipped by hand, reads as the backup; photos are counted.
  @Test func theMemberAloneReadsAndPhotosAreCounted() throws {
    let folder = try temporaryFolder("trackport-daylio")
    let member = folder.appendingPathComponent("backup.daylio")
    let text = Data(#"{"tags": [{"id": 0, "name": "walk"}], "dayEntries": [{"year": 2024, "month": 0, "day": 5, "tags": [0]}], "assets": [{"id": 3, "checksum": "ab"}]}"#.utf8)
      .base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    try text.write(to: member, atomically: true, encoding: .utf8)
    let (alone, _) = try decode(DaylioCodec(), path: member.path)
    #expect(alone.records.map(\.date.description) == ["2024-01-05"])
    let zipped = try Self.zip([("backup.daylio", Array(text.utf8)), ("assets/photos/2024/1/ab", [1, 2, 3])], name: "photos.daylio")
    let (dataset, context) = try decode(DaylioCodec(), path: zipped)
    #expect(context.diagnostics.contains { $0.code == "daylio-not-read" && $0.message.hasPrefix("1 photo") })
    #expect(dataset.extras["daylio"]?["assets"] == .array([.object([JSONMember("id", .number("3")), JSONMember("checksum", .string("ab"))])]))
  }
}
