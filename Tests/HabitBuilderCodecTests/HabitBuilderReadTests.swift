import Foundation
import Testing
@testable import HabitBuilderCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Reading Habit Builder backups (docs/habitbuilder.md), from the hand-made fixtures
/// (Fixtures/README.md): zipped as the app writes them, and as folders.
@Suite struct HabitBuilderReadTests {
  typealias F = HabitBuilderFixtures

  @Test func theEverydayBackupReadsAsTheAppShowsItInBerlin() throws {
    let zip = try F.zipped("everyday")
    let (dataset, context) = try decode(HabitBuilderCodec(), path: zip, options: ["timezone": "Europe/Berlin"])
    // By `order`, not by id or file position.
    #expect(dataset.trackers.map(\.name) == ["Зарядка", "Read, 20 pages", "Stretch", "Water plants", "Journal", "Meditate"])
    #expect(dataset.trackers.map(\.id) == [3, 7, 4, 9, 5, 12].map { StableID.uuid("habitbuilder:\($0)") })
    // Ticks just after midnight, and on both daylight-saving days, on the phone's day.
    #expect(F.days(dataset) == [
      "Зарядка: 2024-01-01 2024-03-31", "Read, 20 pages: 2024-03-30 2024-07-01", "Stretch: 2024-03-02",
      "Water plants: 2024-10-27 2024-10-28", "Journal: 2024-10-26", "Meditate: 2024-12-31",
    ])
    #expect(dataset.trackers.map(\.archived) == [false, false, true, false, false, false])
    #expect(dataset.trackers.map(\.description) == [nil, "Before bed; \"real\" books\nnot the phone", "Archived in spring", nil, nil, nil])
    #expect(dataset.trackers.map(\.color) == ["#33CF69", "#007BFA", "#46E69D", "#E66DD4", "#FF881E", "#F6C48B"])
    // What Habit Builder has not: one made-up category, every day, an emoji from the name.
    #expect(dataset.categories.map(\.title) == ["Habit Builder"])
    for tracker in dataset.trackers {
      #expect(tracker.categoryId == dataset.categories[0].id && tracker.schedule == Weekday.allCases)
      #expect(tracker.emoji == PaletteEmoji.stableChoice(for: tracker.name).emoji.rawValue)
      #expect(tracker.invented == [.category, .emoji, .schedule] && tracker.kind == .habit)
      #expect(!tracker.pinned && tracker.createdOn == nil && tracker.goal == nil && tracker.frequency == nil && tracker.reminders.isEmpty)
    }
    #expect(dataset.entries.isEmpty && dataset.tasks.isEmpty && dataset.extras.isEmpty)
    // The zone was given: the only warning is the made-up fields'.
    #expect(context.diagnostics.map(\.code) == ["habitbuilder-assigned-defaults"], "\(context.diagnostics)")
  }

  @Test func theSameMomentsFallOnOtherDaysInUTC() throws {
    let (dataset, _) = try decode(HabitBuilderCodec(), path: F.folder("everyday"), options: ["timezone": "UTC"])
    #expect(F.days(dataset) == [
      "Зарядка: 2023-12-31 2024-03-30", "Read, 20 pages: 2024-03-30 2024-07-01", "Stretch: 2024-03-02",
      "Water plants: 2024-10-26 2024-10-27", "Journal: 2024-10-26", "Meditate: 2024-12-31",
    ])
  }

  @Test func withoutAZoneTheDaysAreThisComputersAndSaySo() throws {
    let (dataset, context) = try decode(HabitBuilderCodec(), path: F.folder("everyday"), options: ["default-category": "Phone"])
    #expect(dataset.categories.map(\.title) == ["Phone"] && dataset.records.count == 9)
    let notice = try #require(context.diagnostics.first { $0.code == "habitbuilder-time-zone" })
    #expect(notice.message.hasSuffix("days counted in this computer's, \(TimeZone.current.identifier)"), "\(notice.message)")
    #expect(notice.location.file == F.folder("everyday") + "/actions.csv")
  }

  /// The values of the app's own export tests (CSVHandlerTest.kt): three habits of one name
  /// stay three; two actions at one moment are one day's completion, said with the second's row.
  @Test func theAppsOwnTestDataReads() throws {
    let zip = try F.zipped("export")
    let (dataset, context) = try decode(HabitBuilderCodec(), path: zip, options: ["timezone": "UTC"])
    #expect(dataset.trackers.map(\.name) == ["Meditation", "Meditation", "Meditation"])
    #expect(Set(dataset.trackers.map(\.id)).count == 3)
    #expect(dataset.trackers.map(\.color) == [HabitBuilderColor.blue, .yellow, .red].map(\.modelColor))
    #expect(dataset.trackers.map(\.archived) == [false, false, true])
    #expect(dataset.trackers.map(\.description) == [nil, "Notes notes notes", "Multi-line \n description"])
    #expect(F.days(dataset) == ["Meditation: 2022-07-03", "Meditation: 1970-01-01", "Meditation: "])
    let repeated = try #require(context.diagnostics.first { $0.code == "habitbuilder-repeated-day" })
    #expect(repeated.location == SourceLocation(file: zip + "/actions.csv", line: 3, column: 5, row: 3, field: "timestamp"))
    // The epoch is the evening before in New York.
    let (west, _) = try decode(HabitBuilderCodec(), path: zip, options: ["timezone": "America/New_York"])
    #expect(F.days(west)[1] == "Meditation: 1969-12-31")
  }

  /// The shape the app's import tests feed its importer: empty lines between records, more
  /// lines in metadata.txt, a file in a subfolder. The same dataset as the export; the extra
  /// file is named as not read.
  @Test func theAppsImportTestShapeReadsTheSame() throws {
    let (exported, _) = try decode(HabitBuilderCodec(), path: try F.zipped("export"), options: ["timezone": "UTC"])
    let zip = try F.zipped("import")
    let (imported, context) = try decode(HabitBuilderCodec(), path: zip, options: ["timezone": "UTC"])
    #expect(imported == exported)
    let notRead = context.diagnostics.filter { $0.code == "habitbuilder-not-read" }
    #expect(notRead.count == 1 && notRead.first?.message.contains("subfolder/unexpected-file.bin") == true, "\(notRead)")
    #expect(!context.diagnostics.contains { $0.code == "blank-row" })
  }

  @Test func aBackupIsKnownByItsMembers() {
    let codec = HabitBuilderCodec()
    #expect(codec.sniffPackage(["actions.csv", "habits.csv", "metadata.txt"]))
    // One missing: still taken, so that reading names what is missing.
    #expect(codec.sniffPackage(["habits.csv", "metadata.txt"]) && codec.sniffPackage(["actions.csv", "habits.csv"]))
    #expect(!codec.sniffPackage(["habits.csv"]) && !codec.sniffPackage(["Habits.csv", "001 Wake up early/"]))
    #expect(!codec.sniffPackage(["actions.csv", "metadata.txt"]) && !codec.sniffPackage(["habits", "log"]))
  }

  /// The app's six colours become six different palette colours, and each is written back as
  /// the colour it was read from.
  @Test func theSixColoursGoThereAndBack() {
    let model = HabitBuilderColor.allCases.map(\.modelColor)
    #expect(Set(model).count == 6, "\(model)")
    for color in HabitBuilderColor.allCases {
      #expect(PaletteColor(hex: color.modelColor) != nil)
      #expect(HabitBuilderColor.written(for: color.modelColor) == color, "\(color) → \(color.modelColor)")
    }
    #expect(HabitBuilderColor.written(for: nil) == .yellow && HabitBuilderColor.written(for: "teal") == .yellow)
    #expect(HabitBuilderColor.written(for: "#FF0000") == .red && HabitBuilderColor.written(for: "#00BCD4") == .cyan)
  }

  @Test func aMetadataLineEndingInCRLFReads() throws {
    let zip = try F.everyday(replacing: "metadata.txt", with: "backup_version=1\r\n")
    #expect(try decode(HabitBuilderCodec(), path: zip, options: ["timezone": "UTC"]).0.trackers.count == 6)
  }

  @Test func anActionOfNoHabitIsLeftOutAndNamed() throws {
    let zip = try F.everyday(replacing: "actions.csv", with: "id,habit_id,timestamp\n1,3,1704063900000\n2,99,1704063900000\n")
    let (dataset, context) = try decode(HabitBuilderCodec(), path: zip, options: ["timezone": "UTC"])
    #expect(dataset.records.count == 1)
    let unknown = try #require(context.diagnostics.first { $0.code == "habitbuilder-unknown-habit" })
    #expect(unknown.message.contains("habit_id 99") && unknown.location.row == 3 && unknown.location.field == "habit_id")
  }

  @Test func columnsInAnotherOrderAndOthersReadByName() throws {
    let zip = try F.everyday(replacing: "habits.csv", with: "notes,extra,archived,order,color,name,id\nhi,x,TRUE,0,Pink,Run,3\n,,yes,1,Blue,Swim,7,surplus\n")
    let (dataset, context) = try decode(HabitBuilderCodec(), path: zip, options: ["timezone": "UTC"])
    #expect(dataset.trackers.map(\.name) == ["Run", "Swim"])
    // Kotlin's toBoolean: TRUE is true, yes is false.
    #expect(dataset.trackers.map(\.archived) == [true, false] && dataset.trackers[0].description == "hi")
    let notRead = context.diagnostics.filter { $0.code == "habitbuilder-not-read" }.map(\.message)
    #expect(notRead.count == 3, "\(notRead)")
    #expect(notRead.contains { $0.contains("\"extra\"") } && notRead.contains { $0.contains("1 cell(s) past") }
            && notRead.contains { $0.contains("archived value") })
    // Actions of habits 4, 9, 5, 12 name no habit now.
    #expect(context.diagnostics.contains { $0.code == "habitbuilder-unknown-habit" })
  }

  @Test func anEmptyTableIsNoHabits() throws {
    let zip = try F.zip([("habits.csv", []), ("actions.csv", Array("id,habit_id,timestamp\n".utf8)), ("metadata.txt", Array("backup_version=1".utf8))])
    let (dataset, context) = try decode(HabitBuilderCodec(), path: zip)
    #expect(dataset == TrackerDataset() && context.diagnostics.isEmpty, "\(context.diagnostics)")
  }

  @Test func aZippedFolderReads() throws {
    let members = try F.members("everyday").map { ("HabitTracker-backup/" + $0.0, $0.1) }
    let (dataset, _) = try decode(HabitBuilderCodec(), path: try F.zip(members), options: ["timezone": "Europe/Berlin"])
    #expect(dataset.trackers.count == 6 && dataset.records.count == 9)
  }
}
