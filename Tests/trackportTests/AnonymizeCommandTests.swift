import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// `trackport anonymize` (issue 42) on every format's real files, and on a generated dataset
/// written by every codec that reads and writes (so a new writer is covered without a line
/// here): the copy reads back with the same counts and days (moved with --shift-days), holds
/// none of the input's names, titles, descriptions or notes (searched in its bytes, in a
/// zip's members and in `sqlite3 .dump`), is the same bytes every run, and the input is left
/// as it was.
@Suite struct AnonymizeCommandTests {
  /// A file to anonymize.
  struct Sample: Sendable, CustomTestStringConvertible {
    /// The input file or folder.
    var path: String
    /// The output's file name (its ending says the format, as a user names it).
    var output: String
    /// `--from`, when detection is not asked.
    var from: String? = nil
    /// `--option` values for reading (and writing).
    var options: [String: String] = [:]
    /// The options that wrote a generated file (the vocabulary is written with them too).
    var writeOptions: [String: String] = [:]

    var testDescription: String { output }

    /// `--from` and `--option` as the command line gives them.
    var arguments: [String] {
      (from.map { ["--from", $0] } ?? []) + options.keys.sorted().flatMap { ["--option", "\($0)=\(options[$0] ?? "")"] }
    }
  }

  static func shared(_ path: String, _ output: String, from: String? = nil) -> Sample {
    Sample(path: SharedFixtures.path(path), output: output, from: from)
  }

  static func local(_ path: String, _ output: String, from: String? = nil) -> Sample {
    Sample(path: Repository.path(path), output: output, from: from)
  }

  /// Files other programs wrote (the shared fixtures) and the codecs' own fixtures.
  static let fixtures: [Sample] = [
    shared("loop_uhabits/loop.db", "loop.db"),
    shared("loop_uhabits/databases/021.db", "loop-021.db"),
    shared("loop_uhabits/databases/022.db", "loop-022.db"),
    shared("loop_uhabits/csv_export", "loop-export.db"),
    shared("loop_uhabits/habitbull.csv", "hb.habitbull.csv"),
    shared("loop_uhabits/habitbull2.csv", "hb2.habitbull.csv"),
    shared("loop_uhabits/habitbull3.csv", "hb3.habitbull.csv"),
    shared("loop_uhabits/habitbull4.csv", "hb4.habitbull.csv"),
    shared("beaverhabits/storage-2024-04-09.json", "storage-1.beaverhabits.json"),
    shared("beaverhabits/storage-2024-04-13.json", "storage-2.beaverhabits.json"),
    local("Tests/BeaverHabitsCodecTests/Fixtures/export.json", "export.beaverhabits.json"),
    local("Tests/BeaverHabitsCodecTests/Fixtures/backup.json", "backup.beaverhabits.json"),
    local("Tests/TableHabitCodecTests/Fixtures/export-all.json", "export-all.tablehabit.json"),
    local("Tests/TableHabitCodecTests/Fixtures/first-export.json", "first-export.tablehabit.json"),
    local("Tests/HaboCodecTests/Fixtures/envelope.json", "envelope.habo.json"),
    local("Tests/HaboCodecTests/Fixtures/legacy-array.json", "legacy.habo.json"),
    local("Tests/HarshCodecTests/Fixtures/basic", "harsh.zip"),
    local("Tests/OrgCodecTests/Fixtures/habits.org", "habits.org"),
    local("Tests/OrgCodecTests/Fixtures/edge-cases.org", "edge-cases.org"),
    local("Tests/ObsidianCodecTests/Fixtures/vault", "vault.zip", from: "obsidian"),
    local("Tests/JSONCodecTests/Fixtures/golden.trackport.json", "golden.trackport.json"),
    local("Tests/JSONCodecTests/Fixtures/version2.trackport.json", "version2.trackport.json"),
    local("Tests/XMLCodecTests/Fixtures/golden.trackport.xml", "golden.trackport.xml"),
    local("Tests/XMLCodecTests/Fixtures/golden-v2.trackport.xml", "golden-v2.trackport.xml"),
    local("Tests/CSVCodecTests/Fixtures/v1-package", "package.zip"),
    local("Tests/CSVCodecTests/Fixtures/v1-log.csv", "log.csv"),
    local("Tests/CSVCodecTests/Fixtures/v1-trackers.csv", "trackers.csv"),
    local(Repository.demo, "demo.trackport.json"),
  ]

  @Test(arguments: fixtures.filter { SharedFixtures.available($0.path) })
  func aRealFileIsAnonymized(_ sample: Sample) throws {
    try Self.check(sample)
  }

  /// A rich generated dataset written by every built-in codec that reads and writes (each
  /// shape, for a codec that writes none without one: the iOS stores' apps), anonymized.
  @Test func everyWritableFormatsOwnFileIsAnonymized() throws {
    let folder = try CLI.temporaryFolder()
    defer { removeFolder(folder) }
    let dataset = DatasetGenerator(trackers: 8, days: 60, seed: 42, rich: true).generate()
    var written: Set<String> = []
    for codec in StandardCodecs.all where codec.descriptor.canRead && codec.descriptor.canWrite {
      let samples = try Self.write(dataset, as: codec, into: folder)
      #expect(!samples.isEmpty, "\(codec.id): the generated dataset could not be written")
      for sample in samples {
        try Self.check(sample)
        written.insert(codec.id)
      }
    }
    // Every codec the fixtures name is one that writes, and every writer was tried.
    let writers = StandardCodecs.all.filter { $0.descriptor.canRead && $0.descriptor.canWrite }.map(\.id)
    #expect(written == Set(writers))
  }

  /// A read-only format is refused before anything is read or written, with the usage status
  /// and the formats that can be anonymized.
  @Test(arguments: ["Tests/DaylioCodecTests/Fixtures/android.daylio", "Tests/HabiticaCodecTests/Fixtures/userdata-small.json"])
  func aReadOnlyFormatIsRefused(_ path: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { removeFolder(folder) }
    let output = folder.appendingPathComponent("copy.json").path
    let run = try CLI.run(["anonymize", Repository.path(path), "-o", output])
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("can be read but not written, and anonymize writes the format it reads [unsupported-operation]"), "\(run.stderr)")
    let writable = StandardCodecs.all.filter { $0.descriptor.canRead && $0.descriptor.canWrite }.map(\.id)
    #expect(run.stderr.contains("the formats anonymize takes: " + writable.joined(separator: ", ")), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// `--shift-days -3` moves the first and last day (and task times) three days back.
  @Test func shiftDaysMovesEveryDay() throws {
    let folder = try CLI.temporaryFolder()
    defer { removeFolder(folder) }
    let output = folder.appendingPathComponent("demo.trackport.json").path
    let run = try CLI.run(["anonymize", CLI.demo, "-o", output, "--shift-days", "-3"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("days moved by -3"), "\(run.stderr)")
    let original = try DatasetFile.load(Repository.demoPath).dataset
    let moved = try DatasetFile.load(output).dataset
    #expect(Tally(moved) == Tally(original).shifted(-3))
    #expect(moved.tasks.map { $0.start?.date } == original.tasks.map { $0.start?.date.adding(days: -3) })
    let forward = try CLI.run(["anonymize", CLI.demo, "-o", output, "--force", "--shift-days=10"])
    #expect(forward.status == 0, "\(forward.stderr)")
    #expect(Tally(try DatasetFile.load(output).dataset) == Tally(original).shifted(10))
  }

  /// The input is never the output, an existing output is replaced only with --force, and an
  /// input with unreadable rows writes nothing unless --skip-bad-rows.
  @Test func refusalsAreConvertsOwn() throws {
    let folder = try CLI.temporaryFolder()
    defer { removeFolder(folder) }
    let input = folder.appendingPathComponent("demo.trackport.json")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Repository.demoPath), to: input)
    let before = try Data(contentsOf: input)
    for extra in [[], ["--force"]] {
      let same = try CLI.run(["anonymize", "demo.trackport.json", "-o", "./demo.trackport.json"] + extra, in: folder)
      #expect(same.status == 73 && same.stderr.contains("same file as an input"), "\(same.stderr)")
    }
    #expect(try Data(contentsOf: input) == before)
    try Data("x".utf8).write(to: folder.appendingPathComponent("taken.trackport.json"))
    let taken = try CLI.run(["anonymize", "demo.trackport.json", "-o", "taken.trackport.json"], in: folder)
    #expect(taken.status == 73 && taken.stderr.contains("--force"), "\(taken.stderr)")
    let forced = try CLI.run(["anonymize", "demo.trackport.json", "-o", "taken.trackport.json", "--force", "-q"], in: folder)
    #expect(forced.status == 0 && forced.stderr.isEmpty, "\(forced.stderr)")
    let csv = folder.appendingPathComponent("log.csv")
    try Data("tracker,date\nRun with Anna,2026-01-01\nRun with Anna,not-a-day\n".utf8).write(to: csv)
    let broken = try CLI.run(["anonymize", "log.csv", "-o", "copy.csv"], in: folder)
    #expect(broken.status == 65 && broken.stderr.contains("log.csv:3"), "\(broken.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("copy.csv").path))
    let skipped = try CLI.run(["anonymize", "log.csv", "-o", "copy.csv", "--skip-bad-rows"], in: folder)
    #expect(skipped.status == 0, "\(skipped.stderr)")
    let copy = try String(decoding: Data(contentsOf: folder.appendingPathComponent("copy.csv")), as: UTF8.self)
    #expect(copy.contains("Habit 1") && !copy.contains("Anna"), "\(copy)")
  }

  // MARK: - The checks

  /// The four promises, for one sample.
  static func check(_ sample: Sample, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let folder = try CLI.temporaryFolder()
    defer { removeFolder(folder) }
    let before = try contents(sample.path)
    let first = folder.appendingPathComponent("first-" + sample.output).path
    let second = folder.appendingPathComponent("second-" + sample.output).path
    let shifted = folder.appendingPathComponent("shifted-" + sample.output).path
    let run = try CLI.run(["anonymize", sample.path, "-o", first] + sample.arguments)
    #expect(run.status == 0, "\(sample.output): \(run.stderr)", sourceLocation: sourceLocation)
    guard run.status == 0 else { return }
    let again = try CLI.run(["anonymize", sample.path, "-o", second] + sample.arguments)
    let moved = try CLI.run(["anonymize", sample.path, "-o", shifted, "--shift-days", "-3"] + sample.arguments)
    #expect(again.status == 0 && moved.status == 0, "\(again.stderr)\(moved.stderr)", sourceLocation: sourceLocation)
    // (3) The same bytes every run; (4) the input as it was.
    #expect(try contents(first) == contents(second), "\(sample.output): two runs differ", sourceLocation: sourceLocation)
    #expect(try contents(sample.path) == before, "\(sample.output): the input changed", sourceLocation: sourceLocation)
    // (1) The same counts and days, moved by --shift-days.
    let original = try read(sample.path, sample)
    #expect(Tally(try read(first, sample)) == Tally(original), "\(sample.output)", sourceLocation: sourceLocation)
    #expect(Tally(try read(shifted, sample)) == Tally(original).shifted(-3), "\(sample.output)", sourceLocation: sourceLocation)
    // (2) None of the input's texts, in the bytes, the archive's members or the database's
    // dump; nor in what the command said. A word the format writes anyway (`constraints` in
    // a CSV package holds `rain`) is no leak: it is in the demo dataset's copy too.
    let written = try searchable(first)
    let vocabulary = try self.vocabulary(for: sample, in: folder)
    let leaks = personal(original).filter { contains(written, $0) && !contains(vocabulary, $0) }
    #expect(leaks.isEmpty, "\(sample.output): the copy holds \(leaks.sorted())", sourceLocation: sourceLocation)
    // Only the writer's findings, about the copy, are said; the two closing notes are the
    // command's own words.
    let findings = run.stderr.split(separator: "\n").filter { !$0.hasPrefix(first + ": note: written as") && !$0.hasPrefix("  note: look at it") }
      .joined(separator: "\n")
    // A format's own name (a category a reader named after its app) may be in its findings.
    let names = StandardCodecs.all.map(\.descriptor.name)
    let said = personal(original).filter { text in
      findings.contains(text) && !sample.path.contains(text) && !first.contains(text) && !names.contains { $0.contains(text) }
    }
    #expect(said.isEmpty, "\(sample.output): the command said \(said.sorted()): \(run.stderr)", sourceLocation: sourceLocation)
  }

  /// The dataset at `path`, read as `sample` says.
  static func read(_ path: String, _ sample: Sample) throws -> TrackerDataset {
    try DatasetFile.load(path, format: sample.from, options: sample.options).dataset
  }

  /// What a reader of the copy is told: counts of each part and the first and last day marked.
  /// (Not categories: a format that keeps them in part, Obsidian's folders, writes back what
  /// its own round trip does.)
  struct Tally: Equatable, CustomStringConvertible {
    var trackers, records, entries, tasks: Int
    var first, last: LocalDate?

    init(_ dataset: TrackerDataset) {
      trackers = dataset.trackers.count
      records = dataset.records.count
      entries = dataset.entries.count
      tasks = dataset.tasks.count
      let days = dataset.records.map(\.date) + dataset.entries.map(\.date)
      first = days.min()
      last = days.max()
    }

    func shifted(_ n: Int) -> Tally {
      var moved = self
      moved.first = first?.adding(days: n)
      moved.last = last?.adding(days: n)
      return moved
    }

    var description: String {
      "\(trackers) trackers, \(records) records, \(entries) entries, \(tasks) tasks, "
        + "\(first?.description ?? "-")...\(last?.description ?? "-")"
    }
  }

  /// The input's texts a copy must not hold: names, category titles, descriptions, notes, task
  /// titles and descriptions of three characters or more, but for those that look like the
  /// placeholders themselves (a habit named `Habit 3`).
  static func personal(_ dataset: TrackerDataset) -> Set<String> {
    var texts = dataset.categories.map(\.title) + dataset.trackers.map(\.name) + dataset.trackers.compactMap(\.description)
    texts += dataset.records.compactMap(\.note) + dataset.entries.compactMap(\.note)
    texts += dataset.tasks.map(\.title) + dataset.tasks.compactMap(\.description)
    return Set(texts.filter { $0.count >= 3 && !isPlaceholder($0) })
  }

  static func isPlaceholder(_ text: String) -> Bool {
    let labels = ["Habit", "Event", "Category", "Description", "Note", "Task", "Unit", "Attachment", "Text"]
    return labels.contains { label in
      guard text.hasPrefix(label) else { return false }
      let rest = text.dropFirst(label.count).drop { $0 == " " }
      return !rest.isEmpty && rest.allSatisfy(\.isNumber)
    }
  }

  /// A file's bytes, or a folder's files (names and bytes, in name order).
  static func contents(_ path: String) throws -> [UInt8] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
      return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
    var out: [UInt8] = []
    let files = (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    for name in files {
      var isDirectory: ObjCBool = false
      let full = path + "/" + name
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
      out += Array(name.utf8) + [0]
      out += try [UInt8](Data(contentsOf: URL(fileURLWithPath: full)))
    }
    return out
  }

  /// Everything a copy says: its bytes, a zip's member names and unpacked members, and a
  /// SQLite database's `sqlite3 .dump`.
  static func searchable(_ path: String) throws -> [UInt8] {
    var out = try contents(path)
    if out.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      try CodecInput(path: path).forEachMember(where: { _ in true }) { name, member in
        out += Array(name.utf8) + [0]
        out += try member.withBytes { Array($0) }
      }
    }
    if out.starts(with: Array("SQLite format 3".utf8)) {
      let dump = try SQLite3.result([path, ".dump"])
      #expect(dump.status == 0, "\(dump.stderr)")
      out += Array(dump.stdout.utf8)
    }
    return out
  }

  /// What the format writes whatever the data: the demo dataset, anonymized, written as the
  /// sample's copy is (its ending, its options), as ``searchable(_:)`` sees it.
  static func vocabulary(for sample: Sample, in folder: URL) throws -> [UInt8] {
    let demo = try DatasetFile.load(Repository.demoPath).dataset
    let codec = try StandardCodecs.registry.codec(id: DatasetFile.load(sample.path, format: sample.from, options: sample.options).codec.id,
                                                  writing: true)
    let path = folder.appendingPathComponent("vocabulary-" + sample.output).path
    try TrackerTestSupport.encode(codec, DatasetAnonymizer().anonymize(demo), toPath: path,
                                  options: codec.descriptor.given(sample.writeOptions, reading: false))
    return try searchable(path)
  }

  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    Data(bytes).range(of: Data(text.utf8)) != nil
  }

  /// `dataset` written by `codec` into `folder` as a file named by the codec's first ending:
  /// one sample, or one per shape for a codec that writes nothing without being told which.
  static func write(_ dataset: TrackerDataset, as codec: any TrackerCodec, into folder: URL) throws -> [Sample] {
    let descriptor = codec.descriptor
    let ending = descriptor.extensions.first ?? descriptor.sniffedExtensions.first ?? "out"
    func sample(_ options: [String: String], tag: String) -> Sample? {
      let name = "generated-\(descriptor.id)\(tag).\(ending)"
      let path = folder.appendingPathComponent(name).path
      guard (try? TrackerTestSupport.encode(codec, dataset, toPath: path, options: options)) != nil else { return nil }
      return Sample(path: path, output: name, from: descriptor.id, writeOptions: options)
    }
    if let plain = sample([:], tag: "") { return [plain] }
    return descriptor.shapes.compactMap { sample(["to-shape": $0.name], tag: "-" + $0.name) }
  }
}
