import Foundation
import Testing
@testable import ObsidianCodec
import LoopCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport
import TrackerValidation

/// Obsidian habit notes in Habit Tracker 21's layout (docs/obsidian.md). The fixture `vault/` is
/// written by hand after the plugin's source (zincplusplus/habit-tracker @ ced1aa2:
/// `src/Habit.svelte:231-253` reads `entries`, `title`, `color`; `README.md:38-73,151`) and the
/// plugin's own test vault's cases (block and flow lists, duplicates, an impossible day, an empty
/// item, CRLF with a byte order mark, a nested folder, a note whose properties are not YAML,
/// notes that are no habits, `.obsidian/`).
@Suite struct ObsidianCodecTests {
  static func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!.path
  }

  static func read(_ path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try decode(ObsidianCodec(), path: path, options: options)
  }

  /// Writes `dataset` as notes at `path`, as `convert` does (`overwrite` is `--force`).
  static func write(_ dataset: TrackerDataset, to path: String, overwrite: Bool = false) throws {
    var context = CodecContext(fileName: path)
    let output = CodecOutput(path: path, overwrite: overwrite)
    try ObsidianCodec().checkOutput(output, options: [:])
    try ObsidianCodec().encode(dataset, to: output, context: &context)
  }

  static func days(_ dataset: TrackerDataset, _ name: String) -> [String] {
    let id = dataset.trackers.first { $0.name == name }!.id
    return dataset.records.filter { $0.trackerId == id }.map(\.date.description)
  }

  @Test func theVaultReadsAsThePluginShowsIt() throws {
    let (dataset, context) = try Self.read(Self.fixture("vault"))
    #expect(dataset.trackers.map(\.name) == ["Empty habit", "Gym", "Stretch", "Meditate", "Read 📚"])
    #expect(dataset.categories.map(\.title) == ["Habits", "Health"])
    #expect(Self.days(dataset, "Gym") == ["2024-01-01", "2024-01-03", "2024-01-05"])
    #expect(Self.days(dataset, "Read 📚") == ["2024-01-01", "2024-01-02"])
    #expect(Self.days(dataset, "Meditate") == ["2024-02-28", "2024-02-29"])
    #expect(Self.days(dataset, "Stretch") == ["2023-12-31"] && Self.days(dataset, "Empty habit") == [])
    let byName = Dictionary(uniqueKeysWithValues: dataset.trackers.map { ($0.name, $0) })
    #expect(byName["Gym"]?.color == "#FF5733" && byName["Gym"]?.invented == [.emoji, .schedule])
    #expect(byName["Meditate"]?.invented == [.emoji, .color, .schedule])
    let gym = byName["Gym"]?.extras["obsidian"]
    #expect(gym?["path"] == .string("Habits/Gym.md") && gym?["properties"] == .string("tags:\n  - health"))
    #expect(gym?["body"] == .string("Three times a week, legs on Fridays.\n"))
    let meditate = byName["Meditate"]?.extras["obsidian"]
    #expect(meditate?["invalidEntries"] == .array([.string("2024-02-30")]) && meditate?["color"] == .string("teal"))
    #expect(meditate?["lineEnding"] == .string("crlf") && meditate?["body"] == .string("Written on Windows.\r\n"))
    #expect(byName["Read 📚"]?.extras["obsidian"]?["properties"] == .string("aliases:\n  - Reading\n  - Books\nmaxGap: 1"))

    let warnings = context.diagnostics.map { "\($0.code) \($0.location.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""):\($0.location.line ?? 0)" }
    #expect(warnings == ["obsidian-bad-entry Meditate.md:4", "obsidian-bad-entry Meditate.md:5",
                         "obsidian-skipped-note Broken.md:3", "obsidian-assigned-defaults vault:0"], "\(warnings)")
    let findings = Validator(options: ValidationOptions(today: LocalDate("2024-03-01")!)).validate(dataset)
    #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings)")
  }

  @Test func notesComeBackWithTheirPropertiesAndText() throws {
    let (dataset, _) = try Self.read(Self.fixture("vault"))
    let folder = try temporaryFolder("trackport-obsidian").appendingPathComponent("out").path
    try Self.write(dataset, to: folder)
    let gym = try String(contentsOfFile: folder + "/Gym.md", encoding: .utf8)
    #expect(gym == """
      ---
      tags:
        - health
      color: "#FF5733"
      entries:
        - 2024-01-01
        - 2024-01-03
        - 2024-01-05
      ---
      Three times a week, legs on Fridays.

      """)
    let meditate = try String(contentsOfFile: folder + "/Meditate.md", encoding: .utf8)
    #expect(meditate == "---\r\ncolor: \"teal\"\r\nentries:\r\n  - 2024-02-28\r\n  - 2024-02-29\r\n  - \"2024-02-30\"\r\n---\r\nWritten on Windows.\r\n")
    let read = try String(contentsOfFile: folder + "/Read.md", encoding: .utf8)
    #expect(read.hasPrefix("---\naliases:\n  - Reading\n  - Books\nmaxGap: 1\ntitle: \"Read 📚\"\nentries:\n"), "\(read)")
    // Flat in the folder written, as the plugin shows them: each note's folder was its category.
    let (back, _) = try Self.read(folder, options: ["default-category": "Habits"])
    #expect(back.trackers.map(\.name) == ["Empty habit", "Gym", "Meditate", "Read 📚", "Stretch"])
    #expect(back.categories.map(\.title) == ["Habits"])
    #expect(back.records.map(\.date) == dataset.records.map(\.date))
    #expect(back.trackers.first { $0.name == "Gym" }?.extras["obsidian"]?["body"] == .string("Three times a week, legs on Fridays.\n"))
    // An independent reader (PyYAML) sees every day.
    let oracle = try Python.run(oracle: "obsidian_entries.py", [folder])
    #expect(oracle.contains("Gym.md\tGym\t2024-01-01,2024-01-03,2024-01-05\n"))
    #expect(oracle.contains("Meditate.md\tMeditate\t2024-02-28,2024-02-29,2024-02-30\n"))
  }

  @Test func writingIntoAFolderKeepsWhatIsThere() throws {
    let folder = try temporaryFolder("trackport-obsidian")
    let gymPath = folder.appendingPathComponent("Gym.md").path
    try "---\naliases: [Lifting]\nentries:\n  - 2020-01-01\n---\nMy own text.\n".write(toFile: gymPath, atomically: true, encoding: .utf8)
    try "Not a habit.\n".write(to: folder.appendingPathComponent("Other.md"), atomically: true, encoding: .utf8)
    var dataset = TrackerDataset()
    dataset.categories = [TrackerCategory(id: "c", title: "Health")]
    dataset.trackers = [
      Tracker(id: "g", kind: .habit, name: "Gym", categoryId: "c", emoji: "💪", color: "#FD4C49", schedule: Weekday.allCases),
      Tracker(id: "w", kind: .habit, name: "Walk / run", categoryId: "c", emoji: "🏃", color: "#FF881E", schedule: [.mon]),
    ]
    dataset.records = [TrackerRecord(trackerId: "g", date: LocalDate("2024-05-01")!), TrackerRecord(trackerId: "w", date: LocalDate("2024-05-02")!)]
    // Without --force an existing folder is refused.
    let refused = try #require(codecError { try Self.write(dataset, to: folder.path) })
    #expect(refused.kind == .cannotCreateOutput)
    try Self.write(dataset, to: folder.path, overwrite: true)
    #expect(try String(contentsOfFile: gymPath, encoding: .utf8)
            == "---\naliases: [Lifting]\ncolor: \"#FD4C49\"\nentries:\n  - 2024-05-01\n---\nMy own text.\n")
    #expect(try String(contentsOf: folder.appendingPathComponent("Other.md"), encoding: .utf8) == "Not a habit.\n")
    #expect(try String(contentsOf: folder.appendingPathComponent("Walk - run.md"), encoding: .utf8)
            == "---\ntitle: \"Walk / run\"\ncolor: \"#FF881E\"\nentries:\n  - 2024-05-02\n---\n")
    let losses = ObsidianCodec().losses(writing: dataset, to: CodecOutput(path: folder.path), options: [:])
    #expect(losses.contains { $0.location.pointer == "/trackers.schedule" })
  }

  @Test func aHabitNoteThatIsNotYAMLIsALocatedError() throws {
    let folder = try temporaryFolder("trackport-obsidian")
    try "---\nentries:\n  - 2024-01-01\n title: [x\n---\n".write(to: folder.appendingPathComponent("Bad.md"), atomically: true, encoding: .utf8)
    let error = try #require(codecError { _ = try Self.read(folder.path) })
    #expect(error.kind == .malformedInput && error.location.file?.hasSuffix("/Bad.md") == true && error.location.line != nil, "\(error)")
  }

  /// Loop → notes → back: every completed day, counted by `sqlite3` on Loop's own example
  /// backup (schema 12: every repetition is a completion) and by PyYAML on the notes written.
  @Test(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db")), "the shared fixtures are not there"))
  func aLoopBackupTravelsThroughNotesAndBack() throws {
    let loopDB = SharedFixtures.path("loop_uhabits/loop.db")
    var reading = CodecContext(fileName: loopDB)
    let loop = try LoopCodec().decode(CodecInput(path: loopDB), context: &reading)
    let folder = try temporaryFolder("trackport-obsidian").appendingPathComponent("habits").path
    try Self.write(loop, to: folder)
    let expected = try SQLite3.lines(loopDB, """
      SELECT h.name, group_concat(d, ',') FROM Habits h LEFT JOIN (SELECT DISTINCT r.habit, date(r.timestamp / 1000, 'unixepoch') AS d
      FROM Repetitions r ORDER BY d) x ON x.habit = h.id GROUP BY h.id ORDER BY h.name
      """, readOnly: true).map { line -> String in
        let parts = line.split(separator: "|", omittingEmptySubsequences: false)
        return "\(parts[0])\t" + (parts.last ?? "")
      }.sorted()
    let written = try Python.run(oracle: "obsidian_entries.py", [folder]).split(separator: "\n").map { line -> String in
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
      return "\(parts[1])\t\(parts[2])"
    }.sorted()
    #expect(written == expected && !expected.isEmpty, "\(written) ≠ \(expected)")
    let (back, _) = try Self.read(folder)
    let backDays = back.trackers.map { tracker in
      tracker.name + "\t" + back.records.filter { $0.trackerId == tracker.id }.map(\.date.description).joined(separator: ",")
    }.sorted()
    #expect(backDays == expected)
  }
}

extension ObsidianCodecTests {
  /// Properties nested deeper than any note needs are refused before Yams composes them
  /// (recursively); a YAML alias in entries is never expanded.
  @Test func deepOrAliasedPropertiesAreRefusedNotExpanded() throws {
    let folder = try temporaryFolder("trackport-obsidian")
    let deep = "---\nentries: " + String(repeating: "[", count: 100_000) + "\n---\n"
    try deep.write(to: folder.appendingPathComponent("Deep.md"), atomically: true, encoding: .utf8)
    let error = try #require(codecError { _ = try Self.read(folder.path) })
    #expect(error.message.contains("nested more than 64") && error.location.line == 2, "\(error)")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Deep.md"))
    let aliases = "---\nbase: &a [x, x]\nentries:\n  - *a\n  - 2024-01-01\n---\n"
    try aliases.write(to: folder.appendingPathComponent("Alias.md"), atomically: true, encoding: .utf8)
    let (dataset, context) = try Self.read(folder.path)
    #expect(dataset.records.map(\.date.description) == ["2024-01-01"])
    #expect(context.diagnostics.contains { $0.code == "obsidian-bad-entry" && $0.message.contains("left out") })
  }

  /// Properties on one line (JSON style) are read; a note so written is not rewritten.
  @Test func propertiesOnOneLineAreReadNotRewritten() throws {
    let folder = try temporaryFolder("trackport-obsidian")
    let path = folder.appendingPathComponent("Run.md").path
    let text = "---\n{\"entries\": [\"2024-01-02\"], \"tags\": [\"sport\"]}\n---\nBody.\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let (dataset, context) = try Self.read(folder.path)
    #expect(dataset.records.map(\.date.description) == ["2024-01-02"] && dataset.trackers[0].extras["obsidian"]?["properties"] == nil)
    #expect(context.diagnostics.contains { $0.code == "obsidian-properties-not-kept" && $0.message.contains("tags") })
    let error = try #require(codecError { try Self.write(dataset, to: folder.path, overwrite: true) })
    #expect(error.kind == .cannotCreateOutput && error.message.contains("one line"), "\(error)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  /// A note already there keeps its title (as the habit's name) and colour when the habit gives
  /// none; the days it had that the dataset does not are named.
  @Test func aNoteAlreadyThereKeepsItsTitleAndColourAndNamesTheDaysReplaced() throws {
    let folder = try temporaryFolder("trackport-obsidian")
    let path = folder.appendingPathComponent("Gym.md").path
    try "---\ntitle: \"🏋️ Gym\"\ncolor: \"#ff0000\"\nentries:\n  - 2024-05-01\n  - 2024-05-09\n---\n".write(toFile: path, atomically: true, encoding: .utf8)
    var dataset = TrackerDataset()
    dataset.categories = [TrackerCategory(id: "c", title: "Health")]
    var gym = Tracker(id: "g", kind: .habit, name: "Gym", categoryId: "c", emoji: "💪", color: "#FD4C49", schedule: Weekday.allCases)
    gym.invented = [.color]
    dataset.trackers = [gym]
    dataset.records = [TrackerRecord(trackerId: "g", date: LocalDate("2024-05-01")!), TrackerRecord(trackerId: "g", date: LocalDate("2024-05-02")!)]
    var context = CodecContext(fileName: folder.path)
    let output = CodecOutput(path: folder.path, overwrite: true)
    try ObsidianCodec().checkOutput(output, options: [:])
    try ObsidianCodec().encode(dataset, to: output, context: &context)
    #expect(try String(contentsOfFile: path, encoding: .utf8)
            == "---\ntitle: \"Gym\"\ncolor: \"#ff0000\"\nentries:\n  - 2024-05-01\n  - 2024-05-02\n---\n")
    #expect(context.diagnostics.map(\.code) == ["obsidian-days-replaced"] && context.diagnostics[0].message.hasSuffix("2024-05-09"))
  }

  /// The folder read, and any folder inside it, is never written into.
  @Test func aFolderInsideAnInputIsRefused() throws {
    let vault = try temporaryFolder("trackport-obsidian")
    let habits = vault.appendingPathComponent("Habits")
    try FileManager.default.createDirectory(at: habits, withIntermediateDirectories: true)
    let output = CodecOutput(path: habits.path, overwrite: true, protectedPaths: [vault.path])
    let error = try #require(codecError { try ObsidianCodec().checkOutput(output, options: [:]) })
    #expect(error.kind == .cannotCreateOutput && error.message.contains("inside an input"), "\(error)")
    let same = CodecOutput(path: vault.path, overwrite: true, protectedPaths: [vault.path])
    #expect(codecError { try ObsidianCodec().checkOutput(same, options: [:]) }?.kind == .cannotCreateOutput)
  }

  /// A plain scalar with an apostrophe does not hide later brackets from the nesting check.
  @Test func anApostropheDoesNotHideDeepBrackets() {
    #expect(ObsidianFrontmatter.tooDeep(["title: don't", "entries: " + String(repeating: "[", count: 100)]) == 1)
    #expect(ObsidianFrontmatter.tooDeep(["title: 'a [[[ b'", "entries: [1]"]) == nil)
  }
}
