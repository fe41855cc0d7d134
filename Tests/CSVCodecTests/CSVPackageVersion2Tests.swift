import Foundation
@testable import CSVCodec
@testable import CSVCore
import TrackerCodec
import TrackerModel
import Testing
import TrackerTestSupport

/// The package of version 2: what habit apps share (archived habits, descriptions, goals,
/// frequencies, reminders, amounts, notes, entries) in new columns and `entries.csv`, written
/// only when a dataset uses it; refused by a reader that knows only version 1.
@Suite struct CSVPackageVersion2Tests {
  static func day(_ text: String) -> LocalDate { LocalDate(text) ?? LocalDate(dayNumber: 0) }

  /// Every new field, in the forms hardest to carry: absent against empty texts, backslashes,
  /// text that needs quoting, whole and fractional, tiny, huge and negative numbers, a goal
  /// without a unit, reminders with no days, an empty list of days and repeated days, an entry
  /// with nothing but its day, extras on entries, and an unknown column kept in records.
  static let rich: TrackerDataset = {
    TrackerDataset(
      categories: [TrackerCategory(id: "c1", title: "Здоровье")],
      trackers: [
        Tracker(id: "run", kind: .habit, name: "Бег", categoryId: "c1", emoji: "🏃", color: "#FF674D",
                schedule: Weekday.allCases, createdOn: day("2026-01-05"), archived: true, description: "Утром, до \"работы\"\nи после",
                goal: TrackerGoal(target: 5.5, direction: .atLeast, unit: "km"), frequency: TrackerFrequency(times: 3, days: 7),
                reminders: [TrackerReminder(time: "07:30", days: [.mon, .wed]), TrackerReminder(time: "19:00")]),
        Tracker(id: "coffee", kind: .habit, name: "Кофе", categoryId: "c1", emoji: "☕", color: "#000000", schedule: [.mon],
                description: "", goal: TrackerGoal(target: 2, direction: .atMost, unit: ""),
                frequency: TrackerFrequency(times: 0, days: -1),
                reminders: [TrackerReminder(time: "7:5 pm, \"late\"", days: []), TrackerReminder(time: "", days: [.sun, .sun])]),
        Tracker(id: "read", kind: .habit, name: "Читать", categoryId: "c1", emoji: nil, color: nil, schedule: [.sat],
                description: "\\", goal: TrackerGoal(target: 1e-7, direction: .atLeast, unit: "\\\\")),
        Tracker(id: "plain", kind: .event, name: "Врач", categoryId: "c1", emoji: "😇", color: "#FD4C49"),
      ],
      records: [
        TrackerRecord(trackerId: "run", date: day("2026-01-05"), amount: 6.25, note: "в парке, 5 км"),
        TrackerRecord(trackerId: "run", date: day("2026-01-06"), amount: 6),
        TrackerRecord(trackerId: "coffee", date: day("2026-01-05"), amount: -0.5, note: ""),
        TrackerRecord(trackerId: "read", date: day("2026-01-10"), amount: 1.2345678901234567e+300, note: "\\"),
        TrackerRecord(trackerId: "read", date: day("2026-01-17"), amount: 123_456_789_012, note: "=1+1",
                      extras: ["csv": .object([JSONMember("Mood", .string("good"))])]),
        TrackerRecord(trackerId: "plain", date: day("2026-02-01")),
      ],
      entries: [
        TrackerEntry(trackerId: "run", date: day("2026-01-07"), skipped: true, note: "дождь"),
        TrackerEntry(trackerId: "run", date: day("2026-01-08"), amount: 2.5),
        TrackerEntry(trackerId: "read", date: day("2026-01-24")),
        TrackerEntry(trackerId: "coffee", date: day("2026-01-06"), skipped: true, amount: 0, note: "\r\n",
                     extras: ["loop": .object([JSONMember("value", .number("0"))])]),
        TrackerEntry(trackerId: "gone", date: day("2026-01-09"), note: ""),
      ],
      tasks: [PlanTask(id: "k1", title: "Отчёт", description: nil, color: nil, position: 0)])
  }()

  @Test func everyNewFieldSurvivesTheRoundTrip() throws {
    let package = try MemoryPackage(Self.rich)
    let back = try package.read()
    #expect(back == Self.rich)
    // Equal Doubles are the same bits here (no -0.0 or NaN in the dataset).
    #expect(back.records.map { $0.amount?.bitPattern } == Self.rich.records.map { $0.amount?.bitPattern })
  }

  /// `dataset` with the fields of version 2 put in at random: goals, amounts (exact binary
  /// fractions and not), notes of nasty text, entries on days without a record, reminders,
  /// frequencies, archived habits and descriptions.
  static func enrich(_ dataset: inout TrackerDataset, _ rng: inout SplitMix64) {
    let amounts: [Double] = [0, 1, 2.5, 0.1, 1.0 / 3, 1e-9, 12_345.678, -3, 1e21]
    for i in dataset.trackers.indices {
      if rng.chance(0.2) { dataset.trackers[i].archived = true }
      if rng.chance(0.3) { dataset.trackers[i].description = NastyText.optional(&rng) }
      if rng.chance(0.4) {
        dataset.trackers[i].goal = TrackerGoal(target: rng.pick(amounts), direction: rng.chance(0.5) ? .atLeast : .atMost,
                                               unit: NastyText.optional(&rng))
      }
      if rng.chance(0.3) { dataset.trackers[i].frequency = TrackerFrequency(times: rng.below(5), days: rng.below(9) - 1) }
      for _ in 0..<rng.below(3) {
        let days: [Weekday]? = rng.chance(0.5) ? nil : (0..<rng.below(4)).map { _ in rng.pick(Weekday.allCases) }
        dataset.trackers[i].reminders.append(TrackerReminder(time: rng.chance(0.8) ? "07:\(10 + rng.below(50))" : NastyText.text(&rng),
                                                             days: days))
      }
    }
    for i in dataset.records.indices where rng.chance(0.1) {
      if rng.chance(0.6) { dataset.records[i].amount = rng.pick(amounts) }
      if rng.chance(0.6) { dataset.records[i].note = NastyText.optional(&rng) }
    }
    var done = Set(dataset.records.map { "\($0.trackerId) \($0.date)" })
    for record in dataset.records where rng.chance(0.05) {
      let date = record.date.adding(days: 1)
      guard done.insert("\(record.trackerId) \(date)").inserted else { continue }
      dataset.entries.append(TrackerEntry(trackerId: record.trackerId, date: date, skipped: rng.chance(0.5),
                                          amount: rng.chance(0.5) ? rng.pick(amounts) : nil,
                                          note: rng.chance(0.5) ? NastyText.optional(&rng) : nil,
                                          extras: rng.chance(0.2) ? NastyText.extras(&rng) : [:]))
    }
  }

  @Test func generatedVersion2DatasetsWithNastyTextSurvive() throws {
    var version2 = 0
    for seed in UInt64(0)..<200 {
      var rng = SplitMix64(seed: seed &* 104_729 &+ 7)
      var dataset = DatasetGenerator(trackers: 1 + rng.below(10), days: 1 + rng.below(40), seed: seed).generate()
      NastyText.roughen(&dataset, &rng)
      Self.enrich(&dataset, &rng)
      if dataset.formatVersionNeeded == 2 { version2 += 1 }
      let back = try MemoryPackage(dataset).read()
      #expect(back == dataset, "seed \(seed)")
      if back != dataset { break }
    }
    #expect(version2 > 150)
  }

  @Test func eachNewFieldAloneMakesAVersion2Package() throws {
    let base = TrackerDataset(
      categories: [TrackerCategory(id: "c", title: "t")],
      trackers: [Tracker(id: "t", kind: .habit, name: "n", categoryId: "c", emoji: "🌺", color: "#33CF69", schedule: [.mon])],
      records: [TrackerRecord(trackerId: "t", date: Self.day("2026-01-05"))])
    var variants: [TrackerDataset] = []
    for change in 0..<8 {
      var d = base
      switch change {
      case 0: d.trackers[0].archived = true
      case 1: d.trackers[0].description = ""
      case 2: d.trackers[0].goal = TrackerGoal(target: 1)
      case 3: d.trackers[0].frequency = TrackerFrequency(times: 1, days: 2)
      case 4: d.trackers[0].reminders = [TrackerReminder(time: "08:00")]
      case 5: d.records[0].amount = 0
      case 6: d.records[0].note = "x"
      default: d.entries = [TrackerEntry(trackerId: "t", date: Self.day("2026-01-06"), skipped: true)]
      }
      variants.append(d)
    }
    for (i, d) in variants.enumerated() {
      let package = try MemoryPackage(d)
      #expect(try JSONText.parse(package.descriptor)["trackport"]?["version"] == .number("2"), "change \(i)")
      #expect(package.tables[.entries]?.first == ["trackerId", "date", "skipped", "amount", "note"], "change \(i)")
      #expect(try package.read() == d, "change \(i)")
    }
    let plain = try MemoryPackage(base)
    #expect(try JSONText.parse(plain.descriptor)["trackport"]?["version"] == .number("1"))
    #expect(plain.tables[.entries] == nil)
    #expect(plain.tables[.trackers]?.first == ["id", "kind", "name", "categoryId", "emoji", "color", "schedule", "date",
                                               "pinned", "createdOn"])
    #expect(plain.tables[.records]?.first == ["trackerId", "date"])
  }

  @Test func layoutIsAsDocumented() throws {
    let package = try MemoryPackage(Self.rich)
    #expect(package.tables[.trackers]?.first == [
      "id", "kind", "name", "categoryId", "emoji", "color", "schedule", "date", "pinned", "createdOn",
      "archived", "description", "goalTarget", "goalDirection", "goalUnit", "frequencyTimes", "frequencyDays", "reminders",
    ])
    #expect(package.tables[.trackers]?[1].suffix(8) == [
      "true", "Утром, до \"работы\"\nи после", "5.5", "atLeast", "km", "3", "7",
      #"[{"time":"07:30","days":["mon","wed"]},{"time":"19:00"}]"#,
    ])
    // An empty description and unit are `\`; a list of no days is kept apart from no list.
    #expect(package.tables[.trackers]?[2].suffix(8) == [
      "false", "\\", "2", "atMost", "\\", "0", "-1", #"[{"time":"7:5 pm, \"late\"","days":[]},{"time":"","days":["sun","sun"]}]"#,
    ])
    #expect(package.tables[.trackers]?[3][12...14] == ["1e-7", "atLeast", "\\\\\\"])
    #expect(package.tables[.trackers]?[4].suffix(8) == ["false", "", "", "", "", "", "", ""])
    #expect(package.tables[.records]?.first == ["trackerId", "date", "amount", "note", "Mood"])
    #expect(package.tables[.records]?.dropFirst().map { $0[2] } == ["6.25", "6", "-0.5", "1.2345678901234567e300", "123456789012", ""])
    #expect(package.tables[.records]?.dropFirst().map { $0[3] } == ["в парке, 5 км", "", "\\", "\\\\", "=1+1", ""])
    #expect(package.tables[.entries]?.first == ["trackerId", "date", "skipped", "amount", "note", "extras"])
    #expect(package.tables[.entries]?[1] == ["run", "2026-01-07", "true", "", "дождь", ""])
    #expect(package.tables[.entries]?[3] == ["read", "2026-01-24", "false", "", "", ""])
    #expect(package.tables[.entries]?[5] == ["gone", "2026-01-09", "false", "", "\\", ""])
  }

  @Test func theDescriptorIsVersion2WithASchemaForEntries() throws {
    let package = try MemoryPackage(Self.rich)
    let root = try JSONText.parse(package.descriptor)
    #expect(root["trackport"]?["version"] == .number("2"))
    guard case .array(let resources)? = root["resources"] else { Issue.record("no resources"); return }
    #expect(resources.map { $0["name"]?.stringValue } == ["categories", "trackers", "records", "entries", "tasks"])
    let entries = resources[3]
    #expect(entries["path"] == .string("entries.csv"))
    #expect(entries["schema"]?["primaryKey"] == .array([.string("trackerId"), .string("date")]))
    #expect(entries["schema"]?["foreignKeys"] == .array([.object([
      JSONMember("fields", .string("trackerId")),
      JSONMember("reference", .object([JSONMember("resource", .string("trackers")), JSONMember("fields", .string("id"))])),
    ])]))
    func type(_ resource: JSONValue, _ field: String) -> String? {
      guard case .array(let fields)? = resource["schema"]?["fields"] else { return nil }
      return fields.first { $0["name"]?.stringValue == field }?["type"]?.stringValue
    }
    #expect(type(resources[1], "archived") == "boolean")
    #expect(type(resources[1], "goalTarget") == "number")
    #expect(type(resources[1], "frequencyDays") == "integer")
    #expect(type(resources[1], "reminders") == "array")
    #expect(type(resources[2], "amount") == "number")
    #expect(type(entries, "skipped") == "boolean")
    #expect(type(resources[2], "Mood") == "string")
    guard case .array(let fields)? = resources[1]["schema"]?["fields"] else { return }
    #expect(fields.first { $0["name"]?.stringValue == "goalDirection" }?["constraints"]?["enum"]
      == .array([.string("atLeast"), .string("atMost")]))
  }

  @Test func packageVersionsFollowTheModel() {
    #expect(CSVPackageDescriptor.versions == TrackerDataset.formatVersions,
            "a new model version needs a package layout: columns with `since`, tables, docs/csv-format.md")
  }

  /// An older TrackerPort reads version 1 only: it refuses a package of version 2 (rather than
  /// reading amounts and notes as unknown columns and leaving out entries.csv, skipped days and
  /// all), and this build refuses a version newer than its own the same way.
  @Test func aReaderThatKnowsOnlyVersion1RefusesVersion2() throws {
    let package = try MemoryPackage(Self.rich)
    let members = ["datapackage.json"] + CSVTable.allCases.map(\.fileName)
    #expect { try CSVPackageDescriptor.read(package.descriptor, file: "d", members: members, versions: 1...1) } throws: { error in
      let error = error as? CodecError
      return error?.kind == .unsupportedVersion && error?.location.pointer == "/trackport/version"
        && error?.note == "this build reads version 1; a newer TrackerPort wrote it"
    }
    let newer = package.descriptor.replacing("\"version\": 2", with: "\"version\": 4")
    #expect { try CSVPackageDescriptor.read(newer, file: "d", members: members) } throws: {
      ($0 as? CodecError)?.kind == .unsupportedVersion && ($0 as? CodecError)?.note?.contains("versions 1 to 3") == true
    }
    // Version 1 is still read, without entries.csv.
    let plain = try MemoryPackage(CSVPackageRoundTripTests.handMade)
    let contents = try CSVPackageDescriptor.read(plain.descriptor, file: "d", members: CSVPackageDescriptorTests.members)
    #expect(contents.version == 1 && contents.paths[.entries] == nil)
  }

  @Test func aVersion2PackageNeedsItsEntriesTable() throws {
    let package = try MemoryPackage(Self.rich)
    let members = ["datapackage.json", "categories.csv", "trackers.csv", "records.csv", "tasks.csv"]
    #expect { try CSVPackageDescriptor.read(package.descriptor, file: "d", members: members) } throws: {
      ($0 as? CodecError)?.kind == .malformedInput && ($0 as? CodecError)?.message.contains("entries.csv") == true
    }
  }

  /// A version-1 package keeps reading as it always did: a column named like a version-2 one
  /// (a user's own `note` column) is an unknown column, kept in extras["csv"], and written back
  /// the same; only version 2 gives the name its meaning.
  @Test func version2ColumnNamesAreUnknownInAVersion1Package() throws {
    let records: [[String]] = [["trackerId", "date", "note", "amount"], ["t", "2026-01-05", "by hand", "many"]]
    var v1 = try MemoryPackage(TrackerDataset(records: [TrackerRecord(trackerId: "t", date: Self.day("2026-01-05"))]))
    v1.tables[.records] = records
    var context = CodecContext(fileName: "pkg")
    let read = try v1.read(context: &context)
    #expect(read.records[0].note == nil && read.records[0].amount == nil)
    #expect(read.records[0].extras["csv"] == .object([JSONMember("note", .string("by hand")), JSONMember("amount", .string("many"))]))
    #expect(context.diagnostics.map(\.code) == ["unknown-column", "unknown-column"])
    let again = try MemoryPackage(read)
    #expect(again.tables[.records] == records)
    #expect(try JSONText.parse(again.descriptor)["trackport"]?["version"] == .number("1"))
  }

  /// In a version-2 package a dataset's own `extras["csv"]` members named like a column stay in
  /// the extras cell, so they do not turn into the field when read back.
  @Test func extrasNamedLikeAVersion2ColumnStayInTheExtrasCell() throws {
    var d = Self.rich
    d.records[1].extras = ["csv": .object([JSONMember("note", .string("not the note"))])]
    let package = try MemoryPackage(d)
    #expect(package.tables[.records]?.first == ["trackerId", "date", "amount", "note", "extras", "Mood"])
    #expect(package.tables[.records]?[2][4] == #"{"csv":{"note":"not the note"}}"#)
    #expect(try package.read() == d)
  }

  /// A bad cell of a new column is a `type-error` at its file, row, field, line and column,
  /// like every other cell.
  @Test func badNewCellsAreLocatedTypeErrors() throws {
    var package = try MemoryPackage(Self.rich)
    package.tables[.records]?[2][2] = "6,5"          // records row 3, amount
    package.tables[.trackers]?[1][12] = "five"       // trackers row 2, goalTarget
    package.tables[.trackers]?[2][13] = "atleast"    // trackers row 3, goalDirection
    package.tables[.trackers]?[3][15] = "3"          // trackers row 4: frequencyTimes without frequencyDays
    package.tables[.trackers]?[4][17] = #"[{"time":7}]"#  // trackers row 5, reminders
    package.tables[.entries]?[1][2] = "maybe"        // entries row 2, skipped
    package.tables[.entries]?[2][3] = "1e999"        // entries row 3, amount out of range
    var context = CodecContext(fileName: "pkg")
    #expect { try package.read(context: &context) } throws: { error in
      let error = error as? CodecError
      return error?.kind == .malformedInput && error?.location.file == "pkg/trackers.csv" && error?.location.field == "goalTarget"
    }
    let found = context.diagnostics.map { d in
      "\(d.code) \(d.location.file ?? "-") r\(d.location.row ?? 0) \(d.location.field ?? "-") \(d.location.line ?? 0):\(d.location.column ?? 0)"
    }
    // The description of row 2 spans two lines (2-3): its goalTarget is on line 3, after
    // `и после"`. A missing frequencyDays is located at its empty cell; the records' Mood column
    // is the rich dataset's own unknown column.
    #expect(found == [
      "type-error pkg/trackers.csv r2 goalTarget 3:10",
      "type-error pkg/trackers.csv r3 goalDirection 4:54",
      "type-error pkg/trackers.csv r4 frequencyDays 5:64",
      "type-error pkg/trackers.csv r5 reminders 6:52",
      "unknown-column pkg/records.csv r1 Mood 1:28",
      "type-error pkg/records.csv r3 amount 3:16",
      "type-error pkg/entries.csv r2 skipped 2:16",
      "type-error pkg/entries.csv r3 amount 3:22",
    ])
    #expect(context.diagnostics.first?.message == #"goalTarget: "five" is not a number"#)
    #expect(context.diagnostics.first?.location.pointer == "/trackers/0/goalTarget")
  }

  @Test func findingsOnNewFieldsPointAtTheirCells() throws {
    var context = CodecContext(fileName: "pkg")
    _ = try MemoryPackage(Self.rich).read(context: &context)
    let locator = try #require(context.sourceLocator)
    let found = locator.locate(["/trackers/1/goal/target", "/trackers/1/frequency/days", "/trackers/0/reminders/1/time",
                                "/entries/1/amount", "/records/0/note"])
    #expect(found["/trackers/1/goal/target"]?.field == "goalTarget")
    #expect(found["/trackers/1/frequency/days"]?.field == "frequencyDays")
    #expect(found["/trackers/0/reminders/1/time"]?.field == "reminders")
    #expect(found["/entries/1/amount"].map { "\($0.file ?? "") r\($0.row ?? 0) \($0.field ?? "-")" } == "pkg/entries.csv r3 amount")
    #expect(found["/records/0/note"]?.field == "note")
  }

  @Test func numbersAreWrittenShortAndReadBackExactly() {
    let values: [Double] = [0, 6, -6, 5.5, 0.1, 1.0 / 3, 1e-7, 1e15, 9.1e18, 1e19, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 2.5e-5]
    for value in values {
      let cell = CSVCell.number(value)
      #expect(CSVCell.number(cell: cell)?.bitPattern == value.bitPattern, "\(value) as \(cell)")
    }
    #expect(values.prefix(5).map(CSVCell.number) == ["0", "6", "-6", "5.5", "0.1"])
    #expect(CSVCell.number(1e15) == "1000000000000000")
    for text in ["", "-", ".", "1e", "e5", "1.2.3", "1,5", " 1", "1 ", "nan", "inf", "0x10", "+-1", "1e5.5", "1e999", "--1"] {
      #expect(CSVCell.number(cell: text) == nil, "\(text)")
    }
    #expect(CSVCell.number(cell: "1,5", decimalComma: true) == 1.5)
    #expect(CSVCell.number(cell: "+2.") == 2 && CSVCell.number(cell: ".5") == 0.5 && CSVCell.number(cell: "1E+2") == 100)
  }

  @Test func anAmountThatIsNotFiniteIsRefusedWithItsPointer() throws {
    var d = Self.rich
    d.entries[1].amount = .infinity
    #expect { try MemoryPackage(d) } throws: { error in
      (error as? CodecError)?.kind == .unsupportedOperation && (error as? CodecError)?.location.pointer == "/entries/1/amount"
    }
  }

  /// Through real files: the folder and the zip, the CSV writer's quoting and the parser.
  @Test(arguments: ["rich-package", "rich-package.zip"])
  func theRichDatasetSurvivesAFileRoundTrip(_ name: String) throws {
    let folder = try temporaryFolder("csv-v2")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    var writing = CodecContext(fileName: path)
    try CSVCodec().encode(Self.rich, to: CodecOutput(path: path), context: &writing)
    #expect(writing.diagnostics.isEmpty, "\(writing.diagnostics)")
    var reading = CodecContext(fileName: path)
    let back = try CSVCodec().decode(CodecInput(path: path), context: &reading)
    #expect(back == Self.rich)
    if !name.hasSuffix(".zip") {
      let entries = try String(contentsOfFile: path + "/entries.csv", encoding: .utf8)
      #expect(entries.hasPrefix("trackerId,date,skipped,amount,note,extras\r\nrun,2026-01-07,true,,дождь,\r\n"))
    }
  }
}
