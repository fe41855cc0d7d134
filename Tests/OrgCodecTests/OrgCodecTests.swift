import Foundation
import Testing
import OrgCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// org-mode habits, read and written (docs/org.md). The fixtures are written by hand after
/// org-habit (Emacs 28.2, org 9.5.5) and the org manual; their comments cite the lines.
@Suite struct OrgCodecTests {
  static func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!.path
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  @Test func theFixtureReadsAsOrgHabitShowsIt() throws {
    let (dataset, context) = try decode(OrgCodec(), path: Self.fixture("habits.org"))
    // Only headings whose own drawer says :STYLE: habit; the first tag is the category.
    #expect(dataset.trackers.map(\.name) == ["Meditate", "Shave", "Weekly review", "Stretch", "Pay the rent", "Long run"])
    #expect(dataset.categories.map(\.title) == ["Org", "health", "work", "home"])
    #expect(dataset.inventedCategoryIds == [dataset.categories[0].id])
    let byName = Dictionary(uniqueKeysWithValues: dataset.trackers.map { ($0.name, $0) })
    let meditate = try #require(byName["Meditate"]), shave = try #require(byName["Shave"])
    let review = try #require(byName["Weekly review"]), rent = try #require(byName["Pay the rent"])
    let run = try #require(byName["Long run"])
    #expect(meditate.id == "6f1c1a52-3b0e-4d0a-9b7e-2f4a1c9d8e10")
    #expect(meditate.description == "Sit still every morning.\n\nBody text is the habit's description.")
    #expect(meditate.extras["org"]?["tags"] == .array([.string("morning")]))
    #expect(meditate.schedule == Weekday.allCases && meditate.frequency == nil)
    // `.+2d/4d`: every 2 days at most, 4 at least; the model keeps "1 in 2 days".
    #expect(shave.frequency == TrackerFrequency(times: 1, days: 2) && shave.extras["org"]?["repeater"] == .string(".+2d/4d"))
    #expect(shave.categoryId == dataset.categories[0].id)
    // `++1w` on Wednesday 2026-11-25: Wednesdays.
    #expect(review.schedule == [.wed] && review.frequency == nil && review.extras["org"]?["priority"] == .string("A"))
    #expect(review.extras["org"]?["keyword"] == .string("NEXT"))
    // `+1m` is 30 days to org-habit (org-habit.el:159-166); ARCHIVE archives.
    #expect(rent.frequency == TrackerFrequency(times: 1, days: 30) && rent.archived && rent.categoryId == StableID.uuid("org-category:home"))
    #expect(run.schedule == [.wed] && run.frequency == TrackerFrequency(times: 1, days: 14))

    func days(_ tracker: Tracker) -> [String] { dataset.records.filter { $0.trackerId == tracker.id }.map(\.date.description) }
    #expect(days(meditate) == ["2026-11-18", "2026-11-19", "2026-11-20"])
    #expect(days(shave) == ["2026-11-16", "2026-11-18", "2026-11-20"])
    // Two lines of 2026-11-11 make one record.
    #expect(days(review) == ["2026-11-11", "2026-11-18"])
    // All 35 days: more than org-habit's default 28.
    #expect(days(try #require(byName["Stretch"])).count == 35)
    let notes = dataset.records.compactMap { record in record.note.map { "\(record.date) \($0)" } }
    #expect(notes == ["2026-11-20 Ten minutes, breathing.\nCalm after.", "2026-11-20 Out of blades.", "2026-11-18 Inbox zero."])
    let cancelled = dataset.records.first { $0.trackerId == shave.id && $0.date == Self.day("2026-11-20") }
    #expect(cancelled?.extras["org"]?["state"] == .string("CANCELLED") && cancelled?.extras["org"]?["time"] == .string("08:10"))
    let lossy = located(context).diagnostics.filter { $0.code == "lossy-frequency" }
    #expect(lossy.compactMap(\.location.line) == [48, 117, 125])
    #expect(context.diagnostics.contains { $0.code == "org-assigned-defaults" })
  }

  @Test func whatWasReadIsWrittenBackAndReadAgainTheSame() throws {
    let (dataset, _) = try decode(OrgCodec(), path: Self.fixture("habits.org"))
    let (bytes, _) = try encode(OrgCodec(), dataset, name: "habits.org")
    let (back, _) = try decode(OrgCodec(), bytes: bytes, name: "habits.org")
    #expect(back == dataset)
    #expect(OrgCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.org"), options: [:]).isEmpty)
    let (again, _) = try encode(OrgCodec(), back, name: "habits.org")
    #expect(again == bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("""
      * TODO Meditate :health:morning:
        SCHEDULED: <2026-11-21 Sat .+1d>
        :PROPERTIES:
        :STYLE:    habit
        :ID:       6f1c1a52-3b0e-4d0a-9b7e-2f4a1c9d8e10
        :LAST_REPEAT: [2026-11-20 Fri 07:31]
        :END:
        :LOGBOOK:
        - State "DONE"       from "TODO"       [2026-11-20 Fri 07:31] \\\\
          Ten minutes, breathing.
          Calm after.
        - State "DONE"       from "TODO"       [2026-11-19 Thu 07:45]
        - State "DONE"       from "TODO"       [2026-11-18 Wed 07:40]
        :END:
        Sit still every morning.

        Body text is the habit's description.

      """))
  }

  /// Another app's data, written as the golden file `foreign.expected.org` (typed by hand):
  /// weekdays and frequencies as the nearest repeater (weekdays said per habit), the next
  /// SCHEDULED day after the last done one, categories as tags (and `:CATEGORY:` when no tag
  /// holds the title), what org cannot hold reported field by field.
  @Test func anotherAppsDataIsWrittenAsTheGoldenFile() throws {
    let dataset = Self.foreign()
    let losses = OrgCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/habits.org"), options: [:])
    let dropped = Set(losses.filter { $0.code == "dropped-field" }.compactMap(\.location.pointer))
    #expect(dropped == ["/trackers.emoji", "/trackers.color", "/trackers.pinned", "/trackers.goal", "/trackers[kind=event]",
                        "/records[of events]", "/records.amount", "/records.note", "/entries", "/categories.id", "/trackers.frequency",
                        "/categories[without trackers]"])
    #expect(losses.filter { $0.code == "lossy-frequency" }.compactMap(\.location.pointer) == ["/trackers/1/schedule"])
    #expect(!losses.contains { $0.code == "org-text-changed" })
    let (bytes, _) = try encode(OrgCodec(), dataset, name: "habits.org")
    let golden = try String(contentsOfFile: Self.fixture("foreign.expected.org"), encoding: .utf8)
    // The golden file's comment lines say why; they are not written.
    let expected = golden.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# ") }.joined(separator: "\n")
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
    let (back, _) = try decode(OrgCodec(), bytes: bytes, name: "habits.org")
    #expect(back.trackers.map(\.schedule) == [Weekday.allCases, Weekday.allCases, Weekday.allCases, [.sat]])
    #expect(back.trackers.map(\.frequency) == [nil, TrackerFrequency(times: 1, days: 2), TrackerFrequency(times: 1, days: 3), nil])
    #expect(back.trackers.map(\.id) == dataset.trackers.filter { $0.kind == .habit }.map(\.id))
    #expect(back.categories.map(\.title) == ["Домашний уют", "Sport"])
    #expect(back.records.count == dataset.records.count - 1)
    #expect(Set(back.records.compactMap(\.note)) == ["Ferns too.", "\u{200B}- State \"DONE\" on [2026-11-02 Mon]\nsecond line"])
  }

  static func foreign() -> TrackerDataset {
    TrackerDataset(
      categories: [TrackerCategory(id: "c1", title: "Домашний уют"), TrackerCategory(id: "c2", title: "Sport"),
                   TrackerCategory(id: "c3", title: "Empty")],
      trackers: [
        Tracker(id: "a", kind: .habit, name: "Поливать растения", categoryId: "c1", emoji: "🌺", color: "#33CF69",
                schedule: Weekday.allCases, pinned: true, description: "Balcony first."),
        Tracker(id: "b", kind: .habit, name: "Gym", categoryId: "c2", emoji: nil, color: nil, schedule: [.mon, .wed, .fri],
                goal: TrackerGoal(target: 30, unit: "min")),
        Tracker(id: "c", kind: .habit, name: "Call mom", categoryId: "c1", emoji: nil, color: nil, schedule: Weekday.allCases,
                frequency: TrackerFrequency(times: 2, days: 7)),
        Tracker(id: "d", kind: .habit, name: "Long walk", categoryId: "c2", emoji: nil, color: nil, schedule: [.sat], archived: true),
        Tracker(id: "e", kind: .event, name: "Dentist", categoryId: "c1", emoji: nil, color: nil, date: Self.day("2026-11-09")),
      ],
      records: [
        TrackerRecord(trackerId: "a", date: Self.day("2026-11-02"), note: "Ferns too."),
        TrackerRecord(trackerId: "a", date: Self.day("2026-11-03")),
        TrackerRecord(trackerId: "b", date: Self.day("2026-11-02"), amount: 45, note: "- State \"DONE\" on [2026-11-02 Mon]\n\nsecond line  "),
        TrackerRecord(trackerId: "c", date: Self.day("2026-11-01")),
        TrackerRecord(trackerId: "d", date: Self.day("2026-11-07")),
        TrackerRecord(trackerId: "e", date: Self.day("2026-11-09")),
      ],
      entries: [TrackerEntry(trackerId: "b", date: Self.day("2026-11-04"), skipped: true)])
  }

  /// Emacs reads our fixtures, what we write from them, another app's data and generated
  /// datasets as we do: the same habits, scheduled day, repeat, `/max` and done days (all of
  /// them: org-habit's limit is lifted); and it refuses the habits we refuse, at their lines.
  @Test(.enabled(if: OrgHabitOracle.wanted, "\(OrgHabitOracle.missing)"))
  func emacsOrgHabitReadsWhatWeReadAndWrite() throws {
    let folder = try temporaryFolder("trackport-org")
    defer { removeFolder(folder) }
    var datasets: [String: TrackerDataset] = [:]
    // Every fixture (the golden file is an org file too), and what we write from them.
    var files = ["habits.org", "edge-cases.org", "foreign.expected.org"].map(Self.fixture)
    for file in files { datasets[file] = try decode(OrgCodec(), path: file).0 }
    var originals: [(String, TrackerDataset)] = [("fixture", datasets[files[0]]!), ("edge", datasets[files[1]]!), ("foreign", Self.foreign())]
    originals += (0..<3).map { ("generated-\($0)", DatasetGenerator(trackers: 10, days: 60, seed: UInt64($0), rich: $0 == 2).generate()) }
    for (name, dataset) in originals {
      let path = folder.appendingPathComponent(name + ".org").path
      try encode(OrgCodec(), dataset, toPath: path)
      files.append(path)
      datasets[path] = try decode(OrgCodec(), path: path).0
      // Every record of a habit, counted from the dataset written, not from our reading.
      let habits = dataset.trackers.filter { $0.kind == .habit }
      let written = Set(dataset.records.filter { r in habits.contains { $0.id == r.trackerId } }.map { "\($0.trackerId) \($0.date)" })
      let read = Set(datasets[path]!.records.map { "\($0.trackerId) \($0.date)" })
      #expect(read == written, "\(name)")
    }
    let refused = Self.refusedFiles(in: folder)
    files += refused.map(\.path)

    let oracle = try OrgHabitOracle.parse(files)
    for file in files {
      let emacs = oracle[file] ?? []
      if let expected = refused.first(where: { $0.path == file }) {
        let error = codecError { _ = try decode(OrgCodec(), path: file) }
        #expect(emacs.map(\.line) == [expected.headingLine] && emacs.first?.error != nil, "\(file): \(emacs)")
        #expect(error?.location.line == expected.ourLine, "\(file): \(String(describing: error))")
        continue
      }
      let dataset = try #require(datasets[file])
      let ours = dataset.trackers.map { tracker -> String in
        let own = tracker.extras["org"]
        let stamp = own?["scheduled"]?.stringValue ?? ""
        let repeater = own?["repeater"]?.stringValue ?? ""
        let kind = repeater.prefix { $0 == "." || $0 == "+" }
        let (_, _, maxCount, maxUnit) = Self.lengths(String(repeater.dropFirst(kind.count)))
        // The repeat in days as the model says it: its frequency "1 in N days", else a week
        // for one weekday, a day for every day.
        let interval = tracker.frequency.map { $0.times == 1 ? $0.days : -$0.times } ?? (tracker.schedule?.count == 1 ? 7 : 1)
        let days = dataset.records.filter { $0.trackerId == tracker.id }.map(\.date.description)
        return "\(stamp.prefix(10)) \(kind)\(interval) /\(maxCount.map { String(Self.orgDays($0, maxUnit)) } ?? "-") [\(days.joined(separator: ","))]"
      }
      let theirs = emacs.map { habit in
        "\(habit.scheduled ?? "error") \(habit.type)\(habit.days) /\(habit.maxDays.map(String.init) ?? "-") [\(Array(Set(habit.done)).sorted().joined(separator: ","))]"
      }
      #expect(ours == theirs, "\(file)")
    }
  }

  /// `2d/4d` → (2, d, 4, d).
  static func lengths(_ text: String) -> (Int, Character, Int?, Character) {
    let parts = text.split(separator: "/")
    func split(_ part: Substring?) -> (Int, Character)? {
      guard let part, let unit = part.last, let count = Int(part.dropLast()) else { return nil }
      return (count, unit)
    }
    let first = split(parts.first) ?? (0, "d")
    let second = split(parts.count > 1 ? parts[1] : nil)
    return (first.0, first.1, second?.0, second?.1 ?? "d")
  }

  /// org-habit's `org-habit-duration-to-days`, written here from its definition.
  static func orgDays(_ count: Int, _ unit: Character) -> Int {
    switch unit {
    case "w": return count * 7
    case "m": return Int((Double(count) * 30.4).rounded(.down))
    case "y": return Int((Double(count) * 365.25).rounded(.down))
    default: return count
    }
  }

  /// Files with one habit org-habit refuses, the heading's line and the line of our error.
  static func refusedFiles(in folder: URL) -> [(path: String, headingLine: Int, ourLine: Int)] {
    let cases: [(String, String, Int, Int)] = [
      ("no-scheduled", "* Intro\ntext\n* TODO Read\n  :PROPERTIES:\n  :STYLE: habit\n  :END:\n", 3, 3),
      ("no-repeater", "* TODO Read\n  SCHEDULED: <2026-11-20 Fri>\n  :PROPERTIES:\n  :STYLE: habit\n  :END:\n", 1, 2),
      ("hours", "* TODO Read\n  SCHEDULED: <2026-11-20 Fri .+6h>\n  :PROPERTIES:\n  :STYLE: habit\n  :END:\n", 1, 2),
      ("short-max", "\n\n* TODO Read\n  SCHEDULED: <2026-11-20 Fri .+3d/2d>\n  :PROPERTIES:\n  :STYLE: habit\n  :END:\n", 3, 4),
    ]
    return cases.compactMap { name, text, heading, ours in
      let url = folder.appendingPathComponent("refused-" + name + ".org")
      guard (try? text.write(to: url, atomically: true, encoding: .utf8)) != nil else { return nil }
      return (url.path, heading, ours)
    }
  }

  /// org-habit's search, case and all (the fixture's comments say why each line counts or not).
  @Test func doneLinesAreFoundAsOrgHabitFindsThem() throws {
    let (dataset, _) = try decode(OrgCodec(), path: Self.fixture("edge-cases.org"))
    #expect(dataset.trackers.map(\.name) == ["Read", "Check the smoke alarm", "Floss"])
    #expect(dataset.records.filter { $0.trackerId == dataset.trackers[2].id }.map(\.date.description) == ["2026-11-16", "2026-11-18"])
    let days = dataset.records.filter { $0.trackerId == dataset.trackers[0].id }.map(\.date.description)
    #expect(days == ["2026-11-10", "2026-11-13", "2026-11-17", "2026-11-18"])
    #expect(dataset.trackers[1].frequency == TrackerFrequency(times: 1, days: 365))
    let alarm = dataset.records.first { $0.trackerId == dataset.trackers[1].id }
    #expect(alarm?.note == "Battery changed." && alarm?.extras["org"]?["closingNote"] == .bool(true))
    #expect(dataset.trackers[0].extras["org"]?["scheduled"] == .string("2026-11-20 Fri 08:00 .+1d -1d"))
  }

  @Test func whatOrgHabitRefusesIsALocatedError() throws {
    let folder = try temporaryFolder("trackport-org")
    defer { removeFolder(folder) }
    for file in Self.refusedFiles(in: folder) {
      let error = try #require(throws: CodecError.self) { try decode(OrgCodec(), path: file.path) }
      #expect(error.kind == .malformedInput && error.location.line == file.ourLine, "\(file.path)")
    }
    var latin1 = Array("* TODO Read\n  SCHEDULED: <2026-11-20 Fri .+1d>\n  :PROPERTIES:\n  :STYLE: habit\n  :END:\n  caf".utf8)
    latin1.append(0xE9)
    let notUTF8 = try #require(throws: CodecError.self) { try decode(OrgCodec(), bytes: latin1, name: "x.org") }
    #expect(notUTF8.location.line == 6)
    // A done line whose date is no day is skipped with a located warning, as org cannot place it either.
    let text = "* TODO Read\n  SCHEDULED: <2026-11-20 Fri .+1d>\n  :PROPERTIES:\n  :STYLE: habit\n  :END:\n  - State \"DONE\" from \"TODO\" [2026-02-30 Mon]\n"
    let (dataset, context) = try decode(OrgCodec(), text: text, name: "x.org")
    #expect(dataset.records.isEmpty)
    #expect(located(context).diagnostics.first { $0.code == "org-skipped-lines" }?.location.line == 6)
  }

  @Test func anOrgFileIsRecognisedByAHabitInIt() {
    #expect(OrgCodec().sniff(Array("#+TITLE: x\n* TODO Read\n  :PROPERTIES:\n  :STYLE:    habit\n  :END:\n".utf8)))
    #expect(!OrgCodec().sniff(Array("* TODO Read\n  SCHEDULED: <2026-11-20 Fri .+1d>\n".utf8)))
    #expect(!OrgCodec().sniff(Array(":STYLE: habit\n".utf8)))
    #expect(OrgCodec.descriptor.extensions == ["org"])
  }
}
