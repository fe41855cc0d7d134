import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import TrackerCodec
import TrackerModel
import XMLCodec

/// Format version 2: what habit apps share (archived, description, goal, frequency, reminders,
/// record amounts and notes, entries) travels through XML losslessly, marked `version="2"` only
/// when used, so files without it stay byte for byte as before and older readers refuse the rest.
@Suite struct XMLVersion2Tests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// The dataset `Fixtures/golden-v2.trackport.xml` stands for.
  static let golden: TrackerDataset = {
    let home = "c-home"
    return TrackerDataset(
      categories: [TrackerCategory(id: home, title: "Домашний уют")],
      trackers: [
        Tracker(id: "t-run", kind: .habit, name: "Бег", categoryId: home, emoji: "🏃", color: "#FF674D",
                schedule: Weekday.allCases, createdOn: day("2026-01-05"), archived: true,
                description: "Утром, \"до работы\"", goal: TrackerGoal(target: 5.5, direction: .atLeast, unit: "km"),
                frequency: TrackerFrequency(times: 3, days: 7),
                reminders: [TrackerReminder(time: "07:30", days: [.mon, .wed]), TrackerReminder(time: "19:00")]),
        Tracker(id: "t-coffee", kind: .habit, name: "Кофе", categoryId: home, emoji: nil, color: nil,
                schedule: [.mon, .tue, .wed, .thu, .fri], goal: TrackerGoal(target: 2, direction: .atMost),
                reminders: [TrackerReminder(time: "7:5", days: [])],
                extras: ["loop": .object([JSONMember("color", .number("3"))])]),
        Tracker(id: "t-water", kind: .habit, name: "Поливать растения", categoryId: home, emoji: "🌺", color: "#33CF69",
                schedule: [.mon, .wed, .fri]),
      ],
      records: [
        TrackerRecord(trackerId: "t-run", date: day("2026-01-05"), amount: 6.25, note: "в парке"),
        TrackerRecord(trackerId: "t-coffee", date: day("2026-01-05"), amount: 1),
        TrackerRecord(trackerId: "t-water", date: day("2026-01-05")),
        TrackerRecord(trackerId: "t-run", date: day("2026-01-08"), amount: 1e20, note: "line\ntwo",
                      extras: ["loop": .object([JSONMember("value", .number("1"))])]),
      ],
      entries: [
        TrackerEntry(trackerId: "t-run", date: day("2026-01-06"), skipped: true, note: "дождь"),
        TrackerEntry(trackerId: "t-run", date: day("2026-01-07"), amount: 2.5,
                     extras: ["loop": .object([JSONMember("value", .number("2500"))])]),
        TrackerEntry(trackerId: "t-coffee", date: day("2026-01-06"), amount: 3, note: "bell\u{7}"),
      ])
  }()

  @Test func decodesTheGoldenFile() throws {
    let (dataset, context) = try Harness.decode(try Harness.fixture("golden-v2.trackport.xml"))
    #expect(dataset == Self.golden)
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
  }

  @Test func encodesTheGoldenFile() throws {
    let written = try Harness.encode(Self.golden)
    let expected = try Harness.fixture("golden-v2.trackport.xml")
    #expect(written == expected, "\(String(decoding: written, as: UTF8.self))")
  }

  @Test(arguments: 0..<120)
  func richGeneratedDatasetSurvives(seed: Int) throws {
    let dataset = richDataset(seed: UInt64(seed))
    let bytes = try Harness.encode(dataset)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("<trackport xmlns=\"urn:trackport:1\" version=\"2\">"))
    let (decoded, context) = try Harness.decode(bytes)
    #expect(decoded == dataset, "\(dataset.differenceDescription(decoded))")
    // Equal amounts could still differ in sign or bits: compare those too.
    #expect(decoded.amountBits == dataset.amountBits)
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
    #expect(try Harness.encode(decoded) == bytes, "writing is deterministic")
  }

  @Test(.enabled(if: Harness.xmllint != nil, "xmllint is not installed (Debian libxml2-utils; make test installs it)"),
        arguments: [1, 2, 5, 13, 40])
  func xmllintAcceptsRichOutput(seed: Int) throws {
    let verdict = try Harness.validate(try Harness.encode(richDataset(seed: UInt64(seed))))
    #expect(verdict.status == 0, "\(verdict.message)")
  }

  /// Each new field alone makes the file version 2; without any, the bytes are version 1's.
  @Test(arguments: [
    "archived", "description", "goal", "frequency", "reminders", "record amount", "record note", "entries",
  ])
  func eachNewFieldAloneMakesVersion2(field: String) throws {
    var dataset = try XMLGoldenTests.expected()
    let version1 = try Harness.encode(dataset)
    #expect(String(decoding: version1, as: UTF8.self).contains(#"version="1">"#))
    switch field {
    case "archived": dataset.trackers[0].archived = true
    case "description": dataset.trackers[0].description = ""
    case "goal": dataset.trackers[0].goal = TrackerGoal(target: 1)
    case "frequency": dataset.trackers[0].frequency = TrackerFrequency(times: 1, days: 1)
    case "reminders": dataset.trackers[0].reminders = [TrackerReminder(time: "08:00")]
    case "record amount": dataset.records[0].amount = 0
    case "record note": dataset.records[0].note = ""
    default: dataset.entries = [TrackerEntry(trackerId: "t-water", date: Self.day("2026-01-06"), skipped: true)]
    }
    let version2 = try Harness.encode(dataset)
    #expect(String(decoding: version2, as: UTF8.self).contains(#"<trackport xmlns="urn:trackport:1" version="2">"#))
    #expect(try Harness.decode(version2).0 == dataset)
  }

  /// An older TrackerPort validates against the version-1 schema (kept as a fixture): it
  /// refuses a version-2 file at its root, and still accepts what this build writes when no
  /// new field is used.
  @Test(.enabled(if: Harness.xmllint != nil, "xmllint is not installed (Debian libxml2-utils; make test installs it)"))
  func theVersion1SchemaRefusesVersion2AndAcceptsVersion1() throws {
    let old = try #require(Bundle.module.url(forResource: "trackport-v1.xsd", withExtension: nil, subdirectory: "Fixtures")).path
    let refused = try Harness.validate(try Harness.encode(Self.golden), schema: old)
    #expect(refused.status != 0)
    #expect(refused.message.contains(":2: element trackport: Schemas validity error : Element '{urn:trackport:1}trackport', attribute 'version'"),
            "\(refused.message)")
    let demo = try Harness.demo()
    let accepted = try Harness.validate(try Harness.encode(demo), schema: old)
    #expect(accepted.status == 0, "\(accepted.message)")
  }

  @Test func aVersion2FileWithNothingNewIsWrittenBackAsVersion1() throws {
    let text = #"<trackport xmlns="urn:trackport:1" version="2"><records><record trackerId="t" date="2026-01-05"/></records></trackport>"#
    let (dataset, context) = try Harness.decode(text)
    #expect(context.diagnostics.isEmpty)
    #expect(dataset.records.count == 1)
    #expect(String(decoding: try Harness.encode(dataset), as: UTF8.self).contains(#"version="1""#))
  }

  /// The version says what a reader must know; a file that says 1 and uses version-2
  /// elements anyway (hand-written) is read, not misread.
  @Test func aVersion1FileUsingVersion2ElementsIsRead() throws {
    let text = #"<trackport xmlns="urn:trackport:1" version="1"><entries><entry trackerId="t" date="2026-01-05" skipped="true"/></entries></trackport>"#
    let (dataset, context) = try Harness.decode(text)
    #expect(dataset.entries == [TrackerEntry(trackerId: "t", date: Self.day("2026-01-05"), skipped: true)])
    #expect(dataset.records.isEmpty)
    #expect(context.diagnostics.isEmpty)
  }

  @Test func schemaViolationsInNewElementsAreLocated() throws {
    let text = """
      <trackport xmlns="urn:trackport:1" version="2">
        <trackers>
          <tracker id="t" kind="habit" name="n" categoryId="c" schedule="mon">
            <reminder time="07:30"/>
            <goal target="1"/>
          </tracker>
        </trackers>
        <entries>
          <entry trackerId="t" date="2026-01-05" skipped="true" mood="fine"/>
        </entries>
        <records/>
      </trackport>
      """
    let (dataset, context) = try Harness.decode(text)
    #expect(dataset.trackers.first?.goal == TrackerGoal(target: 1))
    #expect(dataset.trackers.first?.reminders == [TrackerReminder(time: "07:30")])
    #expect(dataset.entries.count == 1)
    let schema = context.diagnostics.filter { $0.code == "xml-schema" }
    #expect(schema.map(\.location.line) == [5, 9, 11], "\(schema)")
    let unknown = context.diagnostics.filter { $0.code == "unknown-attribute" }
    #expect(unknown.map(\.location.pointer) == ["/entries/0"])
    #expect(unknown.map(\.location.line) == [9])
    #expect(dataset.entries[0].extras["xml"] == .object([JSONMember("attributes", .object([JSONMember("mood", .string("fine"))]))]))
  }

  @Test func entriesAreLocated() throws {
    let text = """
      <trackport xmlns="urn:trackport:1" version="2">
        <entries>
          <entry trackerId="t" date="2026-01-05" skipped="true"/>
          <entry trackerId="t" date="2026-01-06" amount="2"/>
        </entries>
      </trackport>
      """
    let (_, context) = try Harness.decode(text)
    let found = context.sourceLocator?.locate(["/entries/1/amount", "/entries"])
    #expect(found?["/entries/1/amount"]?.line == 4)
    #expect(found?["/entries/1/amount"]?.column == 5)
    #expect(found?["/entries"]?.line == 2)
  }
}

extension TrackerDataset {
  /// The bit patterns of every amount and target, in order, to tell `-0` from `0`.
  var amountBits: [UInt64?] {
    trackers.map { $0.goal?.target.bitPattern } + records.map { $0.amount?.bitPattern } + entries.map { $0.amount?.bitPattern }
  }

  /// The first differing part, for a failure message.
  func differenceDescription(_ other: TrackerDataset) -> String {
    for (a, b) in zip(trackers, other.trackers) where a != b { return "\(a)\n≠ \(b)" }
    for (a, b) in zip(records, other.records) where a != b { return "\(a)\n≠ \(b)" }
    for (a, b) in zip(entries, other.entries) where a != b { return "\(a)\n≠ \(b)" }
    return "counts or other parts differ"
  }
}
