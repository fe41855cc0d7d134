import Foundation
import TrackerTestSupport
import Testing

/// Detection that does not guess, end to end: windows-1251 CSV with and without
/// `--encoding`, folders that are no package, packages below a folder's root.
@Suite struct DetectionCommandTests {
  /// `name\nПривет\n` in windows-1251.
  static let cp1251 = Data("name\n".utf8) + Data([0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x0A])

  @Test func aWindows1251CSVIsReadWithTheEncodingAlone() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.cp1251.write(to: folder.appendingPathComponent("cp.csv"))
    let result = try CLI.run(["convert", "cp.csv", "z.trackport.json", "--encoding", "windows-1251"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: folder.appendingPathComponent("z.trackport.json"), encoding: .utf8).contains("\"name\": \"Привет\""))
    let detect = try CLI.run(["detect", "cp.csv", "--encoding", "windows-1251"], in: folder)
    #expect(detect.status == 0, "\(detect.stderr)")
    #expect(detect.stdout.hasPrefix("csv\t"))
  }

  @Test func aWindows1251HabitBullExportIsHabitBullWithTheEncoding() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n".utf8)
      + Data([0xC1, 0xE5, 0xE3]) + Data(",,,2024-03-04,1,\n".utf8)
    try text.write(to: folder.appendingPathComponent("hb.csv"))
    let result = try CLI.run(["convert", "hb.csv", "-", "--to", "json", "--encoding", "windows-1251"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"name\": \"Бег\""))
    #expect(result.stdout.contains("\"title\": \"HabitBull\""), "read by the HabitBull codec: its default category")
  }

  @Test func withoutTheEncodingTheErrorSaysToPassIt() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.cp1251.write(to: folder.appendingPathComponent("cp.csv"))
    let result = try CLI.run(["convert", "cp.csv", "z.trackport.json"], in: folder)
    #expect(result.status == 65)
    #expect(result.stderr.contains("cp.csv: error: cannot tell the format of this file"))
    #expect(result.stderr.contains("note: it is not UTF-8: for a CSV file in windows-1251 (as Excel saves it in Russian), pass --encoding windows-1251"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("z.trackport.json").path))
    let detect = try CLI.run(["detect", "cp.csv"], in: folder)
    #expect(detect.status == 65)
    #expect(detect.stderr.contains("pass --encoding windows-1251"))
  }

  /// A western European spreadsheet's CSV (windows-1252, as Excel saves "CSV" there): the
  /// error without `--encoding` names that code page first; with it, or with `latin1`, it reads.
  @Test func aWindows1252CSVIsNamedAndRead() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // name,category: "Café crème","Début" in windows-1252.
    var bytes = Data("name,category\nCaf".utf8)
    bytes.append(contentsOf: [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me,D".utf8))
    bytes.append(contentsOf: [0xE9] + Array("but\n".utf8))
    try bytes.write(to: folder.appendingPathComponent("fr.csv"))
    let refused = try CLI.run(["convert", "fr.csv", "-", "--to", "json"], in: folder)
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("note: it is not UTF-8: for a CSV file in windows-1252 (as Excel saves it in western Europe), pass --encoding windows-1252 (or --encoding windows-1251)"), "\(refused.stderr)")
    for encoding in ["windows-1252", "latin1", "cp1252"] {
      let read = try CLI.run(["convert", "fr.csv", "-", "--to", "json", "--encoding", encoding], in: folder)
      #expect(read.status == 0, "\(encoding): \(read.stderr)")
      #expect(read.stdout.contains("\"name\": \"Café crème\"") && read.stdout.contains("\"title\": \"Début\""), "\(encoding)")
      #expect(!read.stderr.contains("encoding-implausible"))
    }
  }

  /// `--encoding windows-1251` on a UTF-8 file: read as asked, never silently garbled.
  @Test func aUTF8FileReadInACodePageIsWarnedAbout() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("name\nCafé\n".utf8).write(to: folder.appendingPathComponent("u.csv"))
    let result = try CLI.run(["convert", "u.csv", "-", "--to", "json", "--encoding", "windows-1251"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("u.csv:2:4: warning: the file is valid UTF-8, yet read as windows-1251 (--encoding): \"é\" becomes \"Г©\" [encoding-implausible]"), "\(result.stderr)")
    #expect(result.stderr.contains("note: drop --encoding to read it as UTF-8"))
    let habitBull = Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nCafé,,,2024-03-04,1,\n".utf8)
    try habitBull.write(to: folder.appendingPathComponent("hb.habitbull.csv"))
    let hb = try CLI.run(["convert", "hb.habitbull.csv", "-", "--to", "json", "--encoding", "windows-1252"], in: folder)
    #expect(hb.stderr.contains("[encoding-implausible]"), "\(hb.stderr)")
  }

  @Test func anEmptyFileSaysItIsEmptyWhateverReadsIt() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["empty.json", "empty.db", "empty"] {
      try Data().write(to: folder.appendingPathComponent(name))
    }
    for arguments in [["convert", "empty.json", "x.ics"], ["convert", "empty.db", "x.ics"], ["convert", "empty", "x.ics", "--from", "loop"],
                      ["convert", "empty.json", "x.ics", "--from", "json"], ["detect", "empty"], ["validate", "empty.json"]] {
      let result = try CLI.run(arguments, in: folder)
      #expect(result.status == 65, "\(arguments)")
      // validate reports on standard output, the others on standard error.
      #expect((result.stdout + result.stderr).contains(arguments[1] + ": error: the file is empty [malformed-input]"), "\(arguments): \(result.stderr)")
    }
    let piped = try CLI.run(["convert", "-", "-", "--from", "csv", "--to", "json"], input: Data())
    #expect(piped.stderr.contains("-: error: the file is empty"), "\(piped.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.ics").path))
  }

  @Test func anEmptyFolderIsExit65AndSaysSo() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("fold"), withIntermediateDirectories: false)
    let result = try CLI.run(["convert", "fold", "x.json"], in: folder)
    #expect(result.status == 65)
    #expect(result.stderr.contains("fold: error: no format reads an empty folder"))
    #expect(result.stderr.contains("note: it is empty; a folder or zip is read when its root (or its one top folder) holds "))
    #expect(result.stderr.contains("Habits.csv") && result.stderr.contains("datapackage.json"))
  }

  @Test func aFolderNoFormatClaimsIsExit65AndListsWhatItHolds() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let photos = folder.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: photos.appendingPathComponent("2024"), withIntermediateDirectories: true)
    for name in ["a.jpg", "b.jpg"] { try Data("x".utf8).write(to: photos.appendingPathComponent(name)) }
    let result = try CLI.run(["stats", "photos"], in: folder)
    #expect(result.status == 65)
    #expect(result.stderr.contains("photos: error: no format recognises this folder"))
    #expect(result.stderr.contains("note: it holds 3 entries: 2024/, a.jpg, b.jpg; a folder or zip is read when"))
    // A folder where a file is needed, with the format named, is an input that cannot be read.
    let named = try CLI.run(["stats", "photos", "--from", "json"], in: folder)
    #expect(named.status == 66)
  }

  @Test func exportsBelowAFoldersRootAreNamedNotRead() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func export(_ path: String) throws {
      let root = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: root.appendingPathComponent("001 Run"), withIntermediateDirectories: true)
      try Data("Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Run,,,1,1,#D32F2F\n".utf8)
        .write(to: root.appendingPathComponent("Habits.csv"))
      try Data("2020-01-03,2\n".utf8).write(to: root.appendingPathComponent("001 Run/Checkmarks.csv"))
    }
    try export("tmp/a")
    try export("tmp/b")
    try export("deep/x/y")
    try Data("x".utf8).write(to: folder.appendingPathComponent("deep/notes.txt"))

    let two = try CLI.run(["stats", "tmp"], in: folder)
    #expect(two.status == 65)
    #expect(two.stdout.isEmpty)
    #expect(two.stderr.contains("tmp: error: this folder holds 2 packages, and which one to read is not guessed: a/ (Loop Habit Tracker), b/ (Loop Habit Tracker)"))
    #expect(two.stderr.contains("note: give one of them: tmp/a or tmp/b"))
    let named = try CLI.run(["stats", "tmp", "--from", "loop"], in: folder)
    #expect(named.status == 65)
    #expect(named.stderr.contains("Habits.csv is only below the root, in a/ and b/"))

    let deep = try CLI.run(["stats", "deep"], in: folder)
    #expect(deep.status == 65)
    #expect(deep.stderr.contains("deep: error: no format recognises this folder"))
    #expect(!deep.stderr.contains("Loop Habit Tracker data"), "nothing two levels down is looked at")

    let one = try CLI.run(["stats", "tmp/a"], in: folder)
    #expect(one.status == 0, "\(one.stderr)")
  }
}
