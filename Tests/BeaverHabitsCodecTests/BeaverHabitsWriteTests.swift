import Foundation
import Testing
import BeaverHabitsCodec
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Writing the export: what the app reads back, round trips, the e-mail address, frequencies,
/// and losses reported before writing.
@Suite struct BeaverHabitsWriteTests {
  static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> (folder: URL, path: String) {
    let folder = try temporaryFolder("trackport-beaverhabits")
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  /// beaverhabits → canonical → beaverhabits (archived habits included): the same content,
  /// habit by habit, as Python's `json` counts it, and the same dataset when read again (with the e-mail option, the
  /// address comes back too).
  @Test(arguments: ["export.json", "backup.json"])
  func aFixtureRoundTrips(_ name: String) throws {
    let source = Beaver.fixture(name)
    let (dataset, _) = try Beaver.decode(source)
    let email = dataset.extras["beaverhabits"]?["userEmail"]?.stringValue
    // The stored list holds archived and deleted habits too: written back, they are asked for.
    var options = (email.map { ["email": $0] } ?? [:]).merging(["include-archived": "true"]) { a, _ in a }
    #expect(BeaverHabitsCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.beaverhabits.json"), options: options).isEmpty)
    var expected = dataset
    if dataset.extras["beaverhabits"]?["exportedAt"] == nil, case .object(let kept)? = dataset.extras["beaverhabits"] {
      // The stored list has no exported_at; the export written has one.
      options["exported-at"] = "2026-04-05 10:00:00"
      expected.extras["beaverhabits"] = .object([JSONMember("exportedAt", .string("2026-04-05 10:00:00"))] + kept)
    }
    let (bytes, warnings) = try Beaver.encode(dataset, options: options)
    #expect(warnings.isEmpty)
    let (back, _) = try Beaver.decode(CodecInput(.bytes(bytes, name: "back.json")))
    #expect(back == expected, "\(back.firstDifference(from: expected) ?? "")")
    let written = try Self.temporaryFile("back.json", bytes)
    defer { try? FileManager.default.removeItem(at: written.folder) }
    #expect(try Beaver.counts(written.path) == Beaver.counts(source))
  }

  /// The app's storage files of 2024 are written as an export the app reads: every habit gets
  /// the id reading made, its days done and not done stay as they were.
  @Test(.enabled(if: Beaver.haveFixtures, "the shared fixtures are not there (TRACKPORT_SHARED_FIXTURES)"), arguments: Beaver.storageFiles)
  func aStorageFileIsWrittenAsAnExport(_ name: String) throws {
    let (dataset, _) = try Beaver.decode(Beaver.shared(name))
    let (bytes, _) = try Beaver.encode(dataset)
    let written = try Self.temporaryFile("export.json", bytes)
    defer { try? FileManager.default.removeItem(at: written.folder) }
    #expect(try Beaver.counts(written.path) == Beaver.counts(Beaver.shared(name)))
    let ids = try runPython(oracle: "beaverhabits.py", ["ids", written.path])
    #expect(ids.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } == dataset.trackers.map(\.id))
  }

  /// No e-mail address unless the option gives one: not the one read, not any.
  @Test func noEmailAddressIsWrittenWithoutTheOption() throws {
    let (dataset, _) = try Beaver.decode(Beaver.fixture("export.json"))
    let (bytes, _) = try Beaver.encode(dataset)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("user_email"))
    #expect(!text.contains("@"))
    #expect(text.hasPrefix(#"{"exported_at": "2026-04-04 09:30:12", "habits": ["#))
    // The address read is reported as not written, so --fail-on-loss refuses.
    let losses = BeaverHabitsCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.beaverhabits.json"), options: [:])
    #expect(losses.map { $0.location.pointer ?? "" } == ["/extras"])
    #expect(losses.first?.message.contains("--option email=ADDR") == true)

    let (withOption, _) = try Beaver.encode(dataset, options: ["email": "new@example.net"])
    let file = try Self.temporaryFile("mail.json", withOption)
    defer { try? FileManager.default.removeItem(at: file.folder) }
    let email = try runPython(oracle: "beaverhabits.py", ["email", file.path])
    #expect(email == "new@example.net\n")
    #expect(Beaver.error { _ = try Beaver.encode(dataset, options: ["email": "not an address"]) }?.kind == .unsupportedOperation)
    #expect(Beaver.error { _ = try Beaver.encode(dataset, options: ["exported-at": "yesterday"]) }?.kind == .unsupportedOperation)
    let (stamped, _) = try Beaver.encode(dataset, options: ["exported-at": "2026-11-24 12:00:00"])
    #expect(String(decoding: stamped, as: UTF8.self).hasPrefix(#"{"exported_at": "2026-11-24 12:00:00", "#))
  }

  /// As the app's `json.dumps`: one line, ASCII only, `\uXXXX` escapes (surrogate pairs beyond
  /// U+FFFF), which Python reads back as the same text.
  @Test func theExportIsASCIIAsTheAppWritesIt() throws {
    let (dataset, _) = try Beaver.decode(Beaver.fixture("export.json"))
    let (bytes, _) = try Beaver.encode(dataset)
    #expect(bytes.allSatisfy { $0 < 0x80 && $0 != 0x0A })
    #expect(String(decoding: bytes, as: UTF8.self).contains(#""name": "\u0411\u0435\u0433 \ud83c\udfc3""#))
    let file = try Self.temporaryFile("ascii.json", bytes)
    defer { try? FileManager.default.removeItem(at: file.folder) }
    let name = try runPython(oracle: "beaverhabits.py", ["name", file.path, "1"])
    #expect(name == "Бег 🏃")
  }

  /// A dataset from elsewhere: pinned → star, archived → status, category → first tag, notes
  /// → text (completions done, other days not done), frequencies → periods, weekdays → the
  /// nearest "N per week" with a `lossy-frequency` warning; what the app has no place for is
  /// reported before writing.
  @Test func aDatasetFromElsewhereIsMapped() throws {
    let day = { (text: String) in LocalDate(text)! }
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "c1", title: "Sport")],
      trackers: [
        Tracker(id: "t1", kind: .habit, name: "Run", categoryId: "c1", emoji: "🏃", color: "#123456", schedule: [.mon, .wed, .fri],
                pinned: true),
        Tracker(id: "t2", kind: .habit, name: "Swim", categoryId: "c1", emoji: nil, color: nil, schedule: Weekday.allCases,
                archived: true, frequency: TrackerFrequency(times: 2, days: 14)),
        Tracker(id: "t3", kind: .habit, name: "Stretch", categoryId: "c1", emoji: nil, color: nil, schedule: Weekday.allCases,
                frequency: TrackerFrequency(times: 1, days: 3)),
      ],
      records: [TrackerRecord(trackerId: "t1", date: day("2026-01-05"), note: "5 km"), TrackerRecord(trackerId: "t2", date: day("2026-01-06"))],
      entries: [TrackerEntry(trackerId: "t1", date: day("2026-01-07"), note: "rain"),
                TrackerEntry(trackerId: "t1", date: day("2026-01-09"), skipped: true)])
    let include = ["include-archived": "true"]
    let losses = BeaverHabitsCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.beaverhabits.json"), options: include)
    // Run's weekdays: said once, by the habit, with the other losses before writing.
    #expect(losses.map { $0.location.pointer ?? "" } == ["/categories.id", "/trackers.emoji", "/trackers.color",
                                                         "/trackers.frequency", "/entries[skipped]", "/trackers/0/schedule"])
    #expect(losses.last?.code == "lossy-frequency")
    #expect(losses.last?.message == #"habit "Run" is planned on Mon, Wed, Fri; beaverhabits plans "N per period", so it is written as 3 time(s) per week"#)
    let (bytes, warnings) = try Beaver.encode(dataset, options: ["exported-at": "2026-01-10 08:00:00", "include-archived": "true"])
    #expect(warnings.isEmpty, "said before writing, not again")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text == #"{"exported_at": "2026-01-10 08:00:00", "habits": [{"id": "t1", "name": "Run", "records": [{"day": "2026-01-05", "done": true, "text": "5 km"}, {"day": "2026-01-07", "done": false, "text": "rain"}], "tags": ["Sport"], "star": true, "status": "active", "period": {"period_type": "W", "period_count": 1, "target_count": 3}}, {"id": "t2", "name": "Swim", "records": [{"day": "2026-01-06", "done": true}], "tags": ["Sport"], "star": false, "status": "archive", "period": {"period_type": "W", "period_count": 2, "target_count": 2}}, {"id": "t3", "name": "Stretch", "records": [], "tags": ["Sport"], "star": false, "status": "active", "period": {"period_type": "D", "period_count": 3, "target_count": 1}}]}"#)
    let (back, _) = try Beaver.decode(CodecInput(.bytes(bytes, name: "back.json")))
    #expect(back.trackers.map(\.frequency) == [TrackerFrequency(times: 3, days: 7), TrackerFrequency(times: 2, days: 14), TrackerFrequency(times: 1, days: 3)])
    #expect(back.records.map(\.note) == ["5 km", nil])
    #expect(back.entries.map(\.note) == ["rain"])
    #expect(back.trackers.map(\.archived) == [false, true, false])
    // The losses name every field that differs, and --fail-on-loss refuses on them.
    #expect(BeaverHabitsCodec().losses(writing: back, to: CodecOutput(path: "/tmp/y.beaverhabits.json"), options: include).isEmpty)
  }

  /// The app's import matches a file's habits only against the account's active ones
  /// (`storage/dict.py:312-318`): an archived habit in the file is added again on every import.
  /// So archived habits are left out unless asked for, and the loss is said before writing.
  @Test func archivedHabitsAreLeftOutUnlessAskedFor() throws {
    let day = { (text: String) in LocalDate(text)! }
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "c1", title: "Sport")],
      trackers: [
        Tracker(id: "a1", kind: .habit, name: "Run", categoryId: "c1", emoji: nil, color: nil, schedule: Weekday.allCases),
        Tracker(id: "a2", kind: .habit, name: "Swim", categoryId: "c1", emoji: nil, color: nil, schedule: Weekday.allCases,
                archived: true),
      ],
      records: [TrackerRecord(trackerId: "a1", date: day("2026-01-05")), TrackerRecord(trackerId: "a2", date: day("2026-01-06"))],
      entries: [TrackerEntry(trackerId: "a2", date: day("2026-01-07"), note: "cold water")])
    let output = CodecOutput(path: "/tmp/x.beaverhabits.json")
    // (The category's id is not one reading derives from its title: that loss is not this test's.)
    let losses = BeaverHabitsCodec().losses(writing: dataset, to: output, options: [:]).filter { $0.location.pointer != "/categories.id" }
    #expect(losses.map { $0.location.pointer ?? "" } == ["/trackers[archived]"], "\(losses.map(\.message))")
    #expect(losses.first?.message.hasPrefix("Beaver Habits cannot carry trackers[archived]: 1 archived habit(s) left out with their 2 day(s)") == true,
            "\(losses.first?.message ?? "")")
    let (bytes, _) = try Beaver.encode(dataset)
    let (back, _) = try Beaver.decode(CodecInput(.bytes(bytes, name: "back.json")))
    #expect(back.trackers.map(\.name) == ["Run"])
    #expect(back.records.map(\.date) == [day("2026-01-05")] && back.entries.isEmpty)

    let include = ["include-archived": "true"]
    #expect(BeaverHabitsCodec().losses(writing: dataset, to: output, options: include).allSatisfy { $0.location.pointer == "/categories.id" })
    let (all, _) = try Beaver.decode(CodecInput(.bytes(try Beaver.encode(dataset, options: include).0, name: "all.json")))
    #expect(all.trackers.map(\.name) == ["Run", "Swim"] && all.trackers.map(\.archived) == [false, true])
    #expect(all.entries.map(\.note) == ["cold water"])
    #expect(throws: CodecError.self) { try Beaver.encode(dataset, options: ["include-archived": "maybe"]) }
  }

  /// A skipped day's note is written on a day not done (`{"done": false, "text": ...}`), as the
  /// app keeps notes of days not done; the skip itself is reported lost, and a skip without a
  /// note is left out.
  @Test func aSkippedDaysNoteIsWrittenAsADayNotDone() throws {
    let day = { (text: String) in LocalDate(text)! }
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "c1", title: "Sport")],
      trackers: [Tracker(id: "s1", kind: .habit, name: "Run", categoryId: "c1", emoji: nil, color: nil, schedule: Weekday.allCases)],
      records: [TrackerRecord(trackerId: "s1", date: day("2026-01-05"))],
      entries: [TrackerEntry(trackerId: "s1", date: day("2026-01-06"), skipped: true, note: "ill"),
                TrackerEntry(trackerId: "s1", date: day("2026-01-07"), skipped: true)])
    let losses = BeaverHabitsCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.beaverhabits.json"), options: [:])
      .filter { $0.location.pointer != "/categories.id" }
    #expect(losses.map { $0.location.pointer ?? "" } == ["/entries[skipped]"])
    #expect(losses.first?.message.contains(": 2 skipped day(s)") == true, "\(losses.first?.message ?? "")")
    let (bytes, _) = try Beaver.encode(dataset, options: ["exported-at": "2026-01-10 08:00:00"])
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#""records": [{"day": "2026-01-05", "done": true}, {"day": "2026-01-06", "done": false, "text": "ill"}]"#), "\(text)")
    let (back, _) = try Beaver.decode(CodecInput(.bytes(bytes, name: "back.json")))
    #expect(back.entries == [TrackerEntry(trackerId: "s1", date: day("2026-01-06"), note: "ill")])
  }

  /// Moving a habit to another category replaces its first tag and keeps the others.
  @Test func theCategoryReplacesTheFirstTag() throws {
    var (dataset, _) = try Beaver.decode(Beaver.fixture("export.json"))
    dataset.trackers[1].categoryId = dataset.categories[0].id  // Бег: Health, Morning → Food, Morning
    let (bytes, _) = try Beaver.encode(dataset, options: ["email": "someone@example.org"])
    let (back, _) = try Beaver.decode(CodecInput(.bytes(bytes, name: "back.json")))
    #expect(back.trackers[1].extras["beaverhabits"]?["tags"] == .array([.string("Food"), .string("Morning")]))
    #expect(back.categories.first { $0.id == back.trackers[1].categoryId }?.title == "Food")
  }
}
