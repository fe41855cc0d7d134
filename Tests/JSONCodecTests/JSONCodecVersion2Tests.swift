import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

/// Format version 2: what it adds, and the compatibility rule (version 1 read and written as
/// before; version 2 written only when needed; newer versions refused).
@Suite struct JSONCodecVersion2Tests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// What `version2.trackport.json` says, written out by hand.
  static let expected = TrackerDataset(
    categories: [TrackerCategory(id: "c-sport", title: "Спорт")],
    trackers: [
      Tracker(id: "t-run", kind: .habit, name: "Бег", categoryId: "c-sport", emoji: "🏃", color: "#FF674D",
              schedule: [.mon, .wed, .fri], createdOn: day("2026-01-05"), archived: true,
              description: "Утром, до работы \"по парку\"", goal: TrackerGoal(target: 5.5, direction: .atLeast, unit: "km"),
              frequency: TrackerFrequency(times: 3, days: 7),
              reminders: [TrackerReminder(time: "07:30", days: [.mon, .wed]), TrackerReminder(time: "19:00")],
              extras: [
                "json": .object([JSONMember("mood", .string("calm"))]),
                "json-goal": .object([JSONMember("source", .string("loop"))]),
                "json-reminders": .array([.null, .object([JSONMember("sound", .string("bell"))])]),
              ]),
      Tracker(id: "t-coffee", kind: .habit, name: "Кофе", categoryId: "c-sport", emoji: "☕", color: "#33CF69",
              schedule: Weekday.allCases, goal: TrackerGoal(target: 2, direction: .atMost, unit: "cups")),
      Tracker(id: "t-read", kind: .habit, name: "Читать", categoryId: "c-sport", emoji: nil, color: nil,
              schedule: [.sat, .sun], pinned: true, reminders: [TrackerReminder(time: "21:15")]),
    ],
    records: [
      TrackerRecord(trackerId: "t-run", date: day("2026-01-05"), amount: 6.25, note: "в парке 🌳"),
      TrackerRecord(trackerId: "t-run", date: day("2026-01-07"), amount: 10),
      TrackerRecord(trackerId: "t-coffee", date: day("2026-01-05"), amount: 0.1),
      TrackerRecord(trackerId: "t-read", date: day("2026-01-10")),
      TrackerRecord(trackerId: "t-read", date: day("2026-01-11"), note: "line\nbreak \"quoted\" \\ tab\t",
                    extras: ["json": .object([JSONMember("pages", .number("30"))])]),
    ],
    entries: [
      TrackerEntry(trackerId: "t-run", date: day("2026-01-09"), skipped: true, note: "дождь"),
      TrackerEntry(trackerId: "t-run", date: day("2026-01-12"), amount: 2.5),
      TrackerEntry(trackerId: "t-coffee", date: day("2026-01-06"), amount: 3.5, note: "много"),
      TrackerEntry(trackerId: "t-read", date: day("2026-01-17"), skipped: true,
                   extras: ["loop": .object([JSONMember("value", .number("3"))])]),
    ])

  @Test func goldenFileDecodesToTheExpectedDataset() throws {
    let (dataset, _) = try Harness.decode(try Harness.fixture("version2.trackport.json"))
    #expect(dataset.trackers == Self.expected.trackers)
    #expect(dataset.records == Self.expected.records)
    #expect(dataset.entries == Self.expected.entries)
    #expect(dataset == Self.expected)
    #expect(dataset.formatVersionNeeded == 2)
  }

  @Test func goldenFileEncodesToTheSameBytes() throws {
    let bytes = try Harness.fixture("version2.trackport.json")
    let written = try Harness.encode(try Harness.decode(bytes).0)
    #expect(String(decoding: written, as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    // The hand-written model writes the same bytes too.
    #expect(try Harness.encode(Self.expected) == bytes)
  }

  /// Unknown keys inside a goal and a reminder are reported where they are, like any other.
  @Test func goldenFileReportsItsUnknownKeys() throws {
    let (_, context) = try Harness.decode(try Harness.fixture("version2.trackport.json"))
    let found = context.diagnostics.map { [$0.location.pointer ?? "", "\($0.location.line ?? 0):\($0.location.column ?? 0)"] }
    #expect(found == [
      ["/trackers/0/goal/source", "22:70"],
      ["/trackers/0/reminders/1/sound", "26:28"],
      ["/trackers/0/mood", "28:7"],
      ["/records/4/pages", "58:95"],
    ])
    #expect(context.diagnostics.allSatisfy { $0.code == "unknown-key" })
  }

  // MARK: The version rule

  /// A dataset that uses nothing of version 2 is written as version 1, with no new key.
  @Test func datasetWithoutNewFieldsIsWrittenAsVersion1() throws {
    var maker = DatasetMaker(seed: 99)
    for _ in 0..<50 {
      let dataset = maker.dataset(rich: false)
      #expect(dataset.formatVersionNeeded == 1)
      let text = String(decoding: try Harness.encode(dataset), as: UTF8.self)
      #expect(text.hasPrefix("{\n  \"trackport\": 1,\n"))
      #expect(!text.contains("\"entries\""))
    }
  }

  /// Each new field alone makes the file version 2, and comes back.
  @Test(arguments: 0..<9)
  func anyNewFieldMakesVersion2(_ field: Int) throws {
    var tracker = Tracker(id: "t", kind: .habit, name: "n", categoryId: "c", emoji: nil, color: nil, schedule: [.mon])
    var record = TrackerRecord(trackerId: "t", date: Self.day("2026-01-05"))
    var entries: [TrackerEntry] = []
    switch field {
    case 0: tracker.archived = true
    case 1: tracker.description = ""
    case 2: tracker.goal = TrackerGoal(target: 0)
    case 3: tracker.frequency = TrackerFrequency(times: 0, days: 0)
    case 4: tracker.reminders = [TrackerReminder(time: "")]
    case 5: record.amount = 0
    case 6: record.note = ""
    case 7: entries = [TrackerEntry(trackerId: "t", date: Self.day("2026-01-06"))]
    default: entries = [TrackerEntry(trackerId: "t", date: Self.day("2026-01-06"), skipped: true)]
    }
    let dataset = TrackerDataset(trackers: [tracker], records: [record], entries: entries)
    let bytes = try Harness.encode(dataset)
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\n  \"trackport\": 2,\n"))
    #expect(try Harness.decode(bytes).0 == dataset)
  }

  /// The version 2 layout: new tracker keys after `createdOn`, in the documented order;
  /// `entries` right after `records`; false, absent and empty values not written.
  @Test func version2Layout() throws {
    let dataset = TrackerDataset(
      trackers: [Tracker(id: "t", kind: .habit, name: "n", categoryId: "c", emoji: nil, color: nil, schedule: [.mon],
                         description: "d", goal: TrackerGoal(target: 1, direction: .atLeast),
                         reminders: [TrackerReminder(time: "07:00", days: [])])],
      records: [TrackerRecord(trackerId: "t", date: Self.day("2026-01-05"), note: "n")],
      entries: [TrackerEntry(trackerId: "t", date: Self.day("2026-01-06"))])
    let text = String(decoding: try Harness.encode(dataset), as: UTF8.self)
    #expect(text == """
      {
        "trackport": 2,
        "categories": [],
        "trackers": [
          {
            "id": "t",
            "kind": "habit",
            "name": "n",
            "categoryId": "c",
            "schedule": ["mon"],
            "pinned": false,
            "description": "d",
            "goal": { "target": 1, "direction": "atLeast" },
            "reminders": [
              { "time": "07:00", "days": [] }
            ]
          }
        ],
        "records": [
          { "trackerId": "t", "date": "2026-01-05", "note": "n" }
        ],
        "entries": [
          { "trackerId": "t", "date": "2026-01-06" }
        ],
        "tasks": [],
        "taskCategoryOrder": ["urgent", "notUrgent", "optional", "other", "none"],
        "extras": {}
      }

      """)
  }

  /// Any JSON number equal to 2 is version 2, as any equal to 1 is version 1.
  @Test(arguments: ["2", "2.0", "2e0", "0.2e1", "20E-1", "2.000E+0"])
  func versionEqualToTwoIsRead(_ literal: String) throws {
    let (dataset, context) = try Harness.decode(
      #"{"trackport": \#(literal), "entries": [{"trackerId": "t", "date": "2026-01-05", "skipped": true}]}"#)
    #expect(dataset.entries == [TrackerEntry(trackerId: "t", date: Self.day("2026-01-05"), skipped: true)])
    #expect(context.diagnostics.isEmpty)
  }

  /// The version is found wherever the key is, before the keys it defines are read.
  @Test func versionAfterTheNewKeysStillDecidesThem() throws {
    let text = #"{"entries": [{"trackerId": "t", "date": "2026-01-05", "skipped": true}], "trackport": 2}"#
    #expect(try Harness.decode(text).0.entries.count == 1)
    let (old, context) = try Harness.decode(text.replacingOccurrences(of: "\"trackport\": 2", with: "\"trackport\": 1"))
    #expect(old.entries.isEmpty)
    #expect(context.diagnostics.map(\.location.pointer) == ["/entries"])
  }

  @Test(arguments: ["4", "4.0", "2.5", "0", "-2", "20"])
  func otherVersionsAreRefused(_ literal: String) throws {
    let error = try #require(Harness.failure(#"{"trackport": \#(literal), "entries": 5}"#))
    #expect(error.kind == .unsupportedVersion)
    #expect(error.message == "unsupported trackport format version \(literal)")
    #expect(error.note == "this build reads versions 1, 2 and 3")
    #expect(error.location.pointer == "/trackport")
    #expect(error.location.column == 15)
  }

  // MARK: Version 1 unchanged

  /// A version-1 file in the writer's layout that has keys version 2 defines: they are
  /// unknown keys there, as they were before version 2 (kept, reported), and the file is
  /// written back as version 1, byte for byte.
  static let version1WithNewKeys = """
    {
      "trackport": 1,
      "categories": [],
      "trackers": [
        {
          "id": "t",
          "kind": "habit",
          "name": "n",
          "categoryId": "c",
          "schedule": ["mon"],
          "pinned": false,
          "archived": true,
          "goal": "5 km"
        }
      ],
      "records": [
        { "trackerId": "t", "date": "2026-01-05", "amount": "a lot", "note": 7 }
      ],
      "tasks": [],
      "taskCategoryOrder": ["urgent", "notUrgent", "optional", "other", "none"],
      "entries": [
        {
          "trackerId": "t",
          "date": "2026-01-06",
          "skipped": true
        }
      ],
      "extras": {}
    }

    """

  @Test func version1KeepsTheNewKeysAsUnknownKeys() throws {
    let (dataset, context) = try Harness.decode(Self.version1WithNewKeys)
    #expect(context.diagnostics.map(\.location.pointer) == [
      "/trackers/0/archived", "/trackers/0/goal", "/records/0/amount", "/records/0/note", "/entries",
    ])
    #expect(context.diagnostics.map { [$0.location.line, $0.location.column] } == [
      [12, 7], [13, 7], [17, 47], [17, 66], [21, 3],
    ])
    #expect(context.diagnostics.map(\.message)[2] == "unknown key \"amount\" kept in extras")
    #expect(dataset.entries.isEmpty)
    #expect(!dataset.trackers[0].archived && dataset.trackers[0].goal == nil)
    #expect(dataset.records[0].amount == nil && dataset.records[0].note == nil)
    #expect(dataset.formatVersionNeeded == 1)
    #expect(String(decoding: try Harness.encode(dataset), as: UTF8.self) == Self.version1WithNewKeys)
  }

  /// A key of version 2 written with escapes in a version-1 file is located at its opening
  /// quote too.
  @Test func escapedVersion2KeyInVersion1IsLocated() throws {
    let (dataset, context) = try Harness.decode(
      #"{"trackport": 1, "records": [{"trackerId": "t", "date": "2026-01-05", "\u0061mount" :  5, "n\u006Fte": "x"}]}"#)
    #expect(context.diagnostics.map(\.location.pointer) == ["/records/0/amount", "/records/0/note"])
    #expect(context.diagnostics.map(\.location.column) == [71, 91])
    #expect(dataset.records[0].extras["json"] == .object([JSONMember("amount", .number("5")), JSONMember("note", .string("x"))]))
  }

  /// Such unknown keys cannot go back inline in a version-2 file, where they mean something:
  /// they stay under `extras.json`, and everything comes back.
  @Test func version1UnknownKeysThatVersion2DefinesStayUnderExtras() throws {
    var (dataset, _) = try Harness.decode(Self.version1WithNewKeys)
    dataset.trackers[0].description = "now version 2"
    let bytes = try Harness.encode(dataset)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"trackport\": 2,\n"))
    #expect(text.contains("""
            "pinned": false,
            "description": "now version 2",
            "extras": {
              "json": {
                "archived": true,
                "goal": "5 km"
              }
            }
      """))
    #expect(text.contains(#"{ "trackerId": "t", "date": "2026-01-05", "extras": { "json": { "amount": "a lot", "note": 7 } } }"#))
    #expect(!text.contains("\n  \"entries\": ["))
    #expect(text.contains("\n    \"json\": {\n      \"entries\": ["))
    let (back, _) = try Harness.decode(bytes)
    #expect(back == dataset)
    #expect(back.entries.isEmpty && !back.trackers[0].archived)
  }

  /// The version-1 golden file and every sample still read and write as version 1.
  @Test func version1GoldenStaysVersion1() throws {
    let bytes = try Harness.fixture("golden.trackport.json")
    let (dataset, _) = try Harness.decode(bytes)
    #expect(dataset.formatVersionNeeded == 1)
    // Its record's unknown "note" is not a record note in version 1.
    #expect(dataset.records[2].note == nil)
    #expect(try Harness.encode(dataset) == bytes)
  }

  // MARK: Round trips

  /// Every new field with awkward values: notes and descriptions full of escapes and emoji,
  /// numbers at the edges of `Double`, reminders with and without days, nested unknown keys.
  @Test func handMadeDatasetWithEveryNewFieldComesBack() throws {
    let awkward = "\"q\" \\ / \n\r\t \u{0} \u{1F} \u{7F} é e\u{301} 🏃‍♀️ 👩‍👩‍👧 \u{2028} \u{FEFF} Бег 日本"
    let numbers: [Double] = [0, -0.0, 0.1, 1e21, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                             9_007_199_254_740_994, 1.0 / 3, -2.5, 123_456_789.125, .leastNormalMagnitude]
    let trackers = numbers.enumerated().map { i, n in
      Tracker(id: "t\(i)", kind: i % 2 == 0 ? .habit : .event, name: awkward, categoryId: "c", emoji: "🏃", color: nil,
              schedule: i % 2 == 0 ? [.sun] : nil, archived: i % 3 == 0, description: i % 4 == 0 ? awkward : nil,
              goal: TrackerGoal(target: n, direction: i % 2 == 0 ? .atLeast : .atMost, unit: i % 3 == 0 ? nil : awkward),
              frequency: i % 2 == 0 ? TrackerFrequency(times: Int.max, days: Int.min) : nil,
              reminders: [TrackerReminder(time: awkward, days: i % 2 == 0 ? nil : [.mon, .mon, .sun])],
              extras: i % 5 == 0 ? ["json-goal": .object([JSONMember("unit2", .string(awkward))]),
                                    "json-reminders": .array([.object([JSONMember("\u{0}", .null)])])] : [:])
    }
    let records = numbers.enumerated().map { i, n in
      TrackerRecord(trackerId: "t\(i)", date: LocalDate(dayNumber: i), amount: n, note: i % 2 == 0 ? awkward : nil)
    }
    let entries = numbers.enumerated().map { i, n in
      TrackerEntry(trackerId: "t\(i)", date: LocalDate(dayNumber: i), skipped: i % 2 == 0, amount: i % 3 == 0 ? nil : -n,
                   note: i % 2 == 1 ? awkward : nil, extras: ["json": .object([JSONMember("z", .number("1e999"))])])
    }
    let dataset = TrackerDataset(trackers: trackers, records: records, entries: entries)
    let bytes = try Harness.encode(dataset)
    let (back, _) = try Harness.decode(bytes)
    #expect(back == dataset)
    // The same bits, not only equal values (0 and -0 are equal).
    #expect(back.records.map { $0.amount?.bitPattern } == dataset.records.map { $0.amount?.bitPattern })
    #expect(back.trackers.map { $0.goal?.target.bitPattern } == dataset.trackers.map { $0.goal?.target.bitPattern })
    #expect(try Harness.encode(back) == bytes)
  }

  /// Generated datasets that use every new field, with awkward text and numbers.
  @Test(arguments: 0..<20)
  func generatedRichDatasetsSurviveARoundTrip(seed: Int) throws {
    var maker = DatasetMaker(seed: UInt64(seed) &* 7_919 &+ 5)
    for _ in 0..<25 {
      let dataset = maker.dataset(rich: true)
      let bytes = try Harness.encode(dataset)
      let (decoded, _) = try Harness.decode(bytes)
      #expect(decoded == dataset, "\(String(decoding: bytes, as: UTF8.self))")
      if decoded != dataset { return }
      #expect(try Harness.encode(decoded) == bytes)
    }
  }
}
