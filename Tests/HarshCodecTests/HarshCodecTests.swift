import Foundation
import Testing
import HarshCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// harsh's data folder, read and written (docs/harsh.md). The fixture `basic/` is written by
/// hand after harsh 0.11's parser (`internal/storage/config.go`, `internal/storage/log.go`); its
/// comments say which lines.
@Suite struct HarshCodecTests {
  static func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!.path
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// A harsh folder holding `habits` and `log` with these texts.
  static func folder(habits: String, log: String) throws -> URL {
    let folder = try temporaryFolder("trackport-harsh")
    try habits.write(to: folder.appendingPathComponent("habits"), atomically: true, encoding: .utf8)
    try log.write(to: folder.appendingPathComponent("log"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test func theFixtureReadsAsHarshShowsIt() throws {
    let (dataset, context) = try decode(HarshCodec(), path: Self.fixture("basic"))
    #expect(dataset.categories.map(\.title) == ["harsh", "Health", "Home", "Someday"])
    #expect(dataset.inventedCategoryIds == [dataset.categories[0].id])
    let byName = Dictionary(uniqueKeysWithValues: dataset.trackers.map { ($0.name, $0) })
    #expect(dataset.trackers.map(\.name) == ["Meditated", "Gymmed", "Walked", "Called Mom", "Tracked Finances", "Too much coffee", "Old habit"])
    #expect(dataset.trackers.allSatisfy { $0.schedule == Weekday.allCases && $0.kind == .habit })
    #expect(byName["Gymmed"]?.frequency == TrackerFrequency(times: 3, days: 7))
    #expect(byName["Called Mom"]?.frequency == TrackerFrequency(times: 1, days: 7))
    #expect(byName["Called Mom"]?.extras["harsh"]?["frequency"] == .string("1w"))
    #expect(byName["Tracked Finances"]?.frequency == TrackerFrequency(times: 1, days: 15))
    #expect(byName["Too much coffee"]?.frequency == nil && byName["Too much coffee"]?.extras["harsh"]?["frequency"] == .string("0"))
    #expect(byName["Walked"]?.frequency == nil && byName["Walked"]?.extras["harsh"] == nil)
    #expect(byName["Old habit"]?.archived == true && byName["Old habit"]?.extras["harsh"]?["end"] == .string("2026-01-04"))
    #expect(byName["Gymmed"]?.invented.contains(.schedule) == true && byName["Walked"]?.invented.contains(.schedule) == false)

    func name(_ id: String) -> String { dataset.trackers.first { $0.id == id }!.name }
    let records = dataset.records.map { "\($0.date) \(name($0.trackerId)) \($0.amount.map(\.amountText) ?? "-") \($0.note ?? "-")" }
    #expect(records == [
      "2026-01-01 Meditated - -", "2026-01-01 Gymmed - legs", "2026-01-01 Walked 5.5 park", "2026-01-02 Too much coffee 3 -",
      "2026-01-03 Old habit - -", "2026-01-03 Called Mom - birthday",
      // The later line of a day replaces the earlier (harsh reads the log into a map).
      "2026-01-04 Walked 4 replaced",
      // A bad amount is read as 0, as harsh reads it, with a warning.
      "2026-01-05 Tracked Finances - -",
    ])
    #expect(dataset.entries == [
      TrackerEntry(trackerId: byName["Gymmed"]!.id, date: Self.day("2026-01-02"), note: "sick"),
      TrackerEntry(trackerId: byName["Walked"]!.id, date: Self.day("2026-01-02"), skipped: true, note: "rain"),
    ])
    #expect(byName["Meditated"]?.extras["harsh"]?["no"] == .array([.string("2026-01-03")]))
    // Lines harsh skips are kept as written, to go back; each is warned of with its line.
    #expect(dataset.extras["harsh"]?["logSkipped"] == .array([
      .string("2026-01-05 : Gymmed : maybe :  : 0"), .string("2026-01-05 : Gymmed : y : a : b : c"), .string("2026-01-04 : Gym : y :  : 0"),
    ]))
    let skipped = located(context).diagnostics.filter { $0.code == "harsh-skipped-lines" }
    #expect(skipped.compactMap(\.location.line) == [14, 15, 16])
    #expect(skipped.last?.message.contains("\"Gym\" (1)") == true)
    #expect(context.diagnostics.filter { $0.code == "lossy-frequency" }.count == 3)
  }

  @Test func whatWasReadIsWrittenBackAsHarshReadsItAgain() throws {
    let (dataset, _) = try decode(HarshCodec(), path: Self.fixture("basic"))
    let out = try temporaryFolder("trackport-harsh")
    defer { try? FileManager.default.removeItem(at: out) }
    let first = out.appendingPathComponent("first").path
    try encode(HarshCodec(), dataset, toPath: first)
    let (back, _) = try decode(HarshCodec(), path: first)
    // The log is written by day and habit order, so records of one day may change places.
    func sorted(_ d: TrackerDataset) -> TrackerDataset {
      var d = d
      d.records.sort { ($0.date, $0.trackerId) < ($1.date, $1.trackerId) }
      d.entries.sort { ($0.date, $0.trackerId) < ($1.date, $1.trackerId) }
      return d
    }
    #expect(sorted(back) == sorted(dataset))
    let habits = try String(contentsOfFile: first + "/habits", encoding: .utf8)
    #expect(habits.hasSuffix("""
      Meditated: 1
      ! Health
      Gymmed: 3/7
      Walked: 1
      Called Mom: 1w
      ! Home
      Tracked Finances: 15
      Too much coffee: 0
      Old habit: 1: 2026-01-04
      ! Someday

      """))
    let log = try String(contentsOfFile: first + "/log", encoding: .utf8).split(separator: "\n")
    #expect(log.contains("2026-01-01 : Walked : y : park : 5.5") && log.contains("2026-01-03 : Meditated : n :  : 0"))
    #expect(log.suffix(3) == ["2026-01-05 : Gymmed : maybe :  : 0", "2026-01-05 : Gymmed : y : a : b : c", "2026-01-04 : Gym : y :  : 0"])
    // Writing what was read back gives the same bytes.
    let second = out.appendingPathComponent("second").path
    try encode(HarshCodec(), back, toPath: second)
    for file in ["habits", "log"] {
      #expect(try Data(contentsOf: URL(fileURLWithPath: first + "/" + file)) == Data(contentsOf: URL(fileURLWithPath: second + "/" + file)))
    }
  }

  /// Another app's data: weekdays become "k times in 7 days" (said per habit), names and notes
  /// are made to fit harsh's separators, archived habits end on their last marked day.
  @Test func anotherAppsDataIsWrittenSoHarshReadsIt() throws {
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "c", title: "Health! Now")],
      trackers: [
        Tracker(id: "a", kind: .habit, name: "Gym", categoryId: "c", emoji: "🏃", color: "#FF881E", schedule: [.mon, .wed, .fri]),
        Tracker(id: "b", kind: .habit, name: "Read: novels", categoryId: "c", emoji: nil, color: nil, schedule: Weekday.allCases,
                archived: true),
        Tracker(id: "e", kind: .event, name: "Dentist", categoryId: "c", emoji: nil, color: nil, date: Self.day("2026-01-09")),
      ],
      records: [TrackerRecord(trackerId: "a", date: Self.day("2026-01-05"), amount: 2.5, note: "legs : arms\nback"),
                TrackerRecord(trackerId: "b", date: Self.day("2026-01-06")),
                TrackerRecord(trackerId: "e", date: Self.day("2026-01-09"))],
      entries: [TrackerEntry(trackerId: "a", date: Self.day("2026-01-07"), skipped: true)])
    let losses = HarshCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/harsh"), options: [:])
    #expect(losses.contains { $0.code == "lossy-frequency" && $0.location.pointer == "/trackers/0/schedule" && $0.message.contains("\"3/7\"") })
    #expect(losses.contains { $0.code == "harsh-text-changed" && $0.message.contains("\"Read - novels\"") })
    #expect(losses.contains { $0.location.pointer == "/records.note" && $0.message.contains(": 1 ") })
    #expect(losses.contains { $0.location.pointer == "/trackers[kind=event]" })
    let out = try temporaryFolder("trackport-harsh")
    defer { try? FileManager.default.removeItem(at: out) }
    let path = out.appendingPathComponent("harsh").path
    try encode(HarshCodec(), dataset, toPath: path)
    #expect(try String(contentsOfFile: path + "/habits", encoding: .utf8) == "! Health!\u{00A0}Now\nGym: 3/7\nRead - novels: 1: 2026-01-06\n")
    #expect(try String(contentsOfFile: path + "/log", encoding: .utf8) == """
      2026-01-05 : Gym : y : legs - arms back : 2.5
      2026-01-06 : Read - novels : y :  : 0
      2026-01-07 : Gym : s :  : 0

      """)
    let (back, _) = try decode(HarshCodec(), path: path)
    #expect(back.trackers.map(\.frequency) == [TrackerFrequency(times: 3, days: 7), nil])
    #expect(back.trackers[1].archived && back.categories.map(\.title) == ["Health!\u{00A0}Now"])
  }

  /// A name or a note ending in " :" would swallow the log's next separator: the reviewer's
  /// case, `Walk :` with a note `a :` and 5 units, comes back with its days and amount.
  @Test func aTrailingColonIsWrittenSoTheLogLineStaysWhole() throws {
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "c", title: "C")],
      trackers: [Tracker(id: "w", kind: .habit, name: "Walk :", categoryId: "c", emoji: nil, color: nil, schedule: Weekday.allCases)],
      records: [TrackerRecord(trackerId: "w", date: Self.day("2026-01-05"), amount: 5, note: "a :")])
    let losses = HarshCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/harsh"), options: [:])
    #expect(losses.contains { $0.code == "harsh-text-changed" && $0.message.contains("\"Walk -\"") })
    #expect(losses.contains { $0.location.pointer == "/records.note" })
    let out = try temporaryFolder("trackport-harsh")
    defer { try? FileManager.default.removeItem(at: out) }
    let path = out.appendingPathComponent("harsh").path
    try encode(HarshCodec(), dataset, toPath: path)
    let (back, context) = try decode(HarshCodec(), path: path)
    #expect(back.records.map(\.amount) == [5] && back.records.map(\.note) == ["a -"])
    #expect(!context.diagnostics.contains { $0.code == "harsh-skipped-lines" })
  }

  @Test func whatHarshRefusesIsALocatedError() throws {
    let refused = try Self.folder(habits: "Gym: 1\nRun: 5/3\n", log: "")
    defer { try? FileManager.default.removeItem(at: refused) }
    let error = try #require(throws: CodecError.self) { try decode(HarshCodec(), path: refused.path) }
    #expect(error.kind == .malformedInput && error.location.line == 2 && error.location.file?.hasSuffix("/habits") == true)
    #expect(error.message.contains("more times than days"))
    let badDay = try Self.folder(habits: "Gym: 1: 2026-13-01\n", log: "")
    defer { try? FileManager.default.removeItem(at: badDay) }
    #expect(throws: CodecError.self) { try decode(HarshCodec(), path: badDay.path) }
    let latin1 = try Self.folder(habits: "Gym: 1\n", log: "")
    defer { try? FileManager.default.removeItem(at: latin1) }
    try Data("2026-01-01 : Gym : y\n2026-01-02 : Gym : y : caf\u{E9}".utf8.map { $0 == 0xC3 ? 0xE9 : $0 }.filter { $0 != 0xA9 })
      .write(to: latin1.appendingPathComponent("log"))
    let notUTF8 = try #require(throws: CodecError.self) { try decode(HarshCodec(), path: latin1.path) }
    #expect(notUTF8.location.line == 2 && notUTF8.location.file?.hasSuffix("/log") == true)
    let noLog = try temporaryFolder("trackport-harsh")
    defer { try? FileManager.default.removeItem(at: noLog) }
    try "Gym: 1\n".write(to: noLog.appendingPathComponent("habits"), atomically: true, encoding: .utf8)
    let missing = try #require(throws: CodecError.self) { try decode(HarshCodec(), path: noLog.path) }
    #expect(missing.message.contains("no log file"))
  }

  @Test func aHarshFolderIsRecognisedByItsTwoFiles() {
    #expect(HarshCodec().sniffPackage(["habits", "log"]))
    #expect(HarshCodec().sniffPackage(["habits", "log", ".DS_Store"]))
    #expect(!HarshCodec().sniffPackage(["habits"]))
    #expect(!HarshCodec().sniffPackage(["habits.csv", "log"]))
  }
}
