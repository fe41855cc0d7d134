import Foundation
import Testing
import TrackerTestSupport
import HaboCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Writing Habo backups: what the app's restore reads, and read back the same.
@Suite struct HaboWriteTests {
  /// Habo → canonical → Habo gives the backup again, habit by habit and key by key (Foundation's
  /// parser, not TrackerPort's, reads both), but for the embedded category copies, which the
  /// writer fills from `habit_categories` as the app's export does.
  @Test func theEnvelopeIsWrittenBackAsItWasRead() throws {
    let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Habo.fixture("envelope.json"))))
    let (dataset, _) = try Habo.decode(original)
    let (bytes, context) = try Habo.encode(dataset)
    #expect(context.diagnostics.isEmpty)
    let a = try #require(try Habo.foundation(original) as? NSDictionary)
    let b = try #require(try Habo.foundation(bytes) as? NSDictionary)
    for key in ["events", "categories", "habit_categories", "metadata"] {
      #expect(a[key] as? NSObject == b[key] as? NSObject, "\(key)")
    }
    let habitsA = try #require(a["habits"] as? [NSDictionary]), habitsB = try #require(b["habits"] as? [NSDictionary])
    #expect(habitsA.count == habitsB.count)
    for (x, y) in zip(habitsA, habitsB) {
      let x = x.mutableCopy() as! NSMutableDictionary, y = y.mutableCopy() as! NSMutableDictionary
      x.removeObject(forKey: "categories")
      y.removeObject(forKey: "categories")
      #expect(x == y)
    }
    // Reading what was written gives the dataset again.
    let (back, _) = try Habo.decode(bytes)
    #expect(back.firstDifference(from: dataset) == nil, "\(back.firstDifference(from: dataset) ?? "")")
  }

  @Test func theLegacyArrayIsWrittenAsTheCurrentEnvelope() throws {
    let (dataset, _) = try Habo.decode(path: Habo.fixture("legacy-array.json"))
    let (bytes, _) = try Habo.encode(dataset)
    let top = try #require(try Habo.foundation(bytes) as? [String: Any])
    #expect(Set(top.keys) == ["habits", "events", "categories", "habit_categories", "metadata"])
    // The assigned category is not written: the habits are in none, as in the legacy file.
    #expect((top["categories"] as? [Any])?.isEmpty == true)
    let habits = try #require(top["habits"] as? [[String: Any]])
    let events = try #require(habits[0]["events"] as? [String: [Any]])
    // Legacy keys stay; day types are written as the current app spells them.
    #expect(events["2022-01-10 00:00:00.000"]?.first as? String == "DayType.check")
    #expect(events["2022-01-12 00:00:00.000"]?.first as? String == "DayType.Fail")
    // Reading back gives the dataset again; the habits' extras gain the keys the legacy
    // habits did not have yet (written with Habo's defaults), and keep every one they had.
    var (back, _) = try Habo.decode(bytes)
    for i in back.trackers.indices {
      let had = Self.members(dataset.trackers[i].extras), has = Self.members(back.trackers[i].extras)
      #expect(had.allSatisfy { has.contains($0) }, "\(dataset.trackers[i].name)")
      back.trackers[i].extras = dataset.trackers[i].extras
    }
    // The legacy file had no metadata; the written one has.
    #expect(back.extras["habo"]?["metadata"]?["total_habits"] == .number("2"))
    back.extras = dataset.extras
    #expect(back.firstDifference(from: dataset) == nil, "\(back.firstDifference(from: dataset) ?? "")")
  }

  static func members(_ extras: Extras) -> [JSONMember] {
    guard case .object(let members)? = extras["habo"] else { return [] }
    return members
  }

  /// A dataset made elsewhere: keys `DateTime.utc(y,m,d,12).toString()`, flags as integers 0/1,
  /// an id and uuid for every habit and category, `categories` present, amounts as Dart doubles.
  @Test func aNewBackupHasTheShapeHaboWrites() throws {
    let (bytes, _) = try Habo.encode(Self.dataset())
    let text = String(decoding: bytes, as: UTF8.self)
    let top = try #require(try Habo.foundation(bytes) as? [String: Any])
    let habits = try #require(top["habits"] as? [[String: Any]])
    #expect(habits.map { $0["title"] as? String } == ["Run", "Read"])
    let run = habits[0]
    #expect(Array(run.keys).sorted() == ["accountant", "advanced", "archived", "categories", "cue", "deleted_at", "events", "habitType",
                                         "id", "notTime", "notification", "partialValue", "position", "reward", "routine", "sanction",
                                         "showReward", "showSanction", "targetValue", "title", "twoDayRule", "unit", "uuid"])
    #expect(run["habitType"] as? Int == 1 && run["unit"] as? String == "km")
    #expect(run["notification"] as? Int == 1 && run["notTime"] as? String == "7:5")
    #expect(run["archived"] as? Int == 1)
    #expect(run["uuid"] as? String == "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9")
    let events = try #require(run["events"] as? [String: [Any]])
    #expect(Set(events.keys) == ["2026-01-05 12:00:00.000Z", "2026-01-06 12:00:00.000Z", "2026-01-07 12:00:00.000Z"])
    #expect(text.contains(#""2026-01-05 12:00:00.000Z":["DayType.check","park",6.25,5.0]"#))
    #expect(text.contains(#""2026-01-06 12:00:00.000Z":["DayType.skip","rain"]"#))
    #expect(text.contains(#""2026-01-07 12:00:00.000Z":["DayType.progress","",2.5,5.0]"#))
    #expect(text.contains(#""targetValue":5.0"#))
    // No JSON booleans anywhere: Habo's flags are integers.
    #expect(!text.contains("true") && !text.contains("false"))
    let categories = try #require(top["categories"] as? [[String: Any]])
    #expect(categories.map { $0["id"] as? Int } == [1])
    #expect((top["habit_categories"] as? [[String: Int]]) == [["habit_id": 1, "category_id": 1], ["habit_id": 2, "category_id": 1]])
    #expect((run["categories"] as? [[String: Any]])?.first?["title"] as? String == "Sport")
  }

  @Test func whatHaboCannotCarryIsReportedFieldByFieldBeforeWriting() throws {
    var d = Self.dataset()
    d.trackers[1].schedule = [.mon, .wed]
    d.trackers[1].emoji = "🎈"
    d.trackers[1].pinned = true
    d.trackers.append(Tracker(id: "e", kind: .event, name: "Doctor", categoryId: "c", emoji: nil, color: nil))
    d.tasks = [PlanTask(id: "t", title: "Report", description: nil, color: nil, position: 0)]
    let losses = HaboCodec().losses(writing: d, to: CodecOutput(path: "/tmp/x.json"), options: [:])
    // The weekdays' loss is said once, by the habit (lossy-frequency), not also as a count.
    #expect(losses.map(\.location.pointer) == ["/trackers.emoji", "/trackers.pinned", "/trackers[kind=event]", "/tasks",
                                                "/trackers/1/schedule"])
    #expect(losses.map(\.code) == ["dropped-field", "dropped-field", "dropped-field", "dropped-field", "lossy-frequency"])
    #expect(losses[4].message.contains("\"Read\" is planned on mon, wed"))
    let (_, context) = try Habo.encode(d)
    #expect(Habo.codes(context).isEmpty, "said before writing, not again after")
  }

  @Test func aDatasetHaboCanHoldLosesNothing() {
    #expect(HaboCodec().losses(writing: Self.dataset(), to: CodecOutput(path: "/tmp/x.json"), options: [:]).isEmpty)
  }

  /// Two habits in one category: a numeric one (archived, a reminder, a completion with a note,
  /// a skipped day, a day below the goal) and a yes/no one.
  static func dataset() -> TrackerDataset {
    let run = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", read = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"
    let sport = "4d3c2b1a-0f9e-4d8c-9b7a-615243342516"
    func day(_ s: String) -> LocalDate { LocalDate(s)! }
    let runChoice = PaletteEmoji.stableChoice(for: "Run"), readChoice = PaletteEmoji.stableChoice(for: "Read")
    return TrackerDataset(
      categories: [TrackerCategory(id: sport, title: "Sport")],
      trackers: [
        Tracker(id: run, kind: .habit, name: "Run", categoryId: sport, emoji: runChoice.emoji.rawValue, color: runChoice.color.rawValue,
                schedule: Weekday.allCases, archived: true, goal: TrackerGoal(target: 5, unit: "km"),
                reminders: [TrackerReminder(time: "07:05")]),
        Tracker(id: read, kind: .habit, name: "Read", categoryId: sport, emoji: readChoice.emoji.rawValue, color: readChoice.color.rawValue,
                schedule: Weekday.allCases),
      ],
      records: [
        TrackerRecord(trackerId: run, date: day("2026-01-05"), amount: 6.25, note: "park"),
        TrackerRecord(trackerId: read, date: day("2026-01-05")),
      ],
      entries: [
        TrackerEntry(trackerId: run, date: day("2026-01-06"), skipped: true, note: "rain"),
        TrackerEntry(trackerId: run, date: day("2026-01-07"), amount: 2.5),
      ])
  }

  @Test func aNewBackupReadsBackTheSame() throws {
    let (bytes, _) = try Habo.encode(Self.dataset())
    let (back, _) = try Habo.decode(bytes)
    var expected = Self.dataset()
    // What reading adds: Habo's own fields in extras, nothing else.
    for i in back.trackers.indices { expected.trackers[i].extras = back.trackers[i].extras }
    for i in back.categories.indices { expected.categories[i].extras = back.categories[i].extras }
    expected.extras = back.extras
    #expect(back.firstDifference(from: expected) == nil, "\(back.firstDifference(from: expected) ?? "")")
  }
}
