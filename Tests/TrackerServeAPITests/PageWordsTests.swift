import Foundation
import Testing
import TrackerPort
import TrackerTestSupport
@testable import TrackerServeAPI

/// The page's words (``PageWords``) cover every answer the server can give, in both languages;
/// the server says what a wrong file is, what arrives and whom a finding is about.
@Suite struct PageWordsTests {
  /// Every `error.code` the server can answer: the API's and the workers' `code: "..."`
  /// literals, the codes of `CodecError.Kind` and of BoundedHTTP's refusals, read from the
  /// sources so that a new code without words fails here.
  static var answerCodes: Set<String> {
    get throws {
      var codes: Set<String> = []
      func scan(_ relative: String, _ pattern: String) throws {
        let text = try String(contentsOfFile: Repository.path(relative), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: pattern)
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
          if let range = Range(match.range(at: 1), in: text) { codes.insert(String(text[range])) }
        }
      }
      for folder in ["Sources/TrackerServeAPI", "Sources/TrackerServe"] {
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.path(folder)) where name.hasSuffix(".swift") {
          try scan(folder + "/" + name, #"code: "([a-z][a-z-]*)""#)
        }
      }
      try scan("Sources/TrackerCodec/CodecError.swift", #"case \.[A-Za-z]+: "([a-z][a-z-]*)""#)
      try scan("Sources/BoundedHTTP/HTTPService.swift", #"case [A-Za-z]+ = "([a-z][a-z-]*)""#)
      return codes
    }
  }

  static func bothLanguages(_ text: PageWords.Text, _ what: String) {
    #expect(!text.en.isEmpty && !text.ru.isEmpty, "\(what): empty")
    #expect(text.ru != text.en, "\(what): the Russian is the English")
    #expect(text.ru.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(what): no Russian in \(text.ru)")
  }

  @Test func everyAnswerCodeHasWordsInBothLanguages() throws {
    let codes = try Self.answerCodes
    // The scan found the codes of each source, not a few by chance.
    #expect(codes.isSuperset(of: ["not-found", "read-errors", "read-back-mismatch", "worker-failed", "unknown-format",
                                  "header-timeout", "too-many-connections"]))
    let words = Dictionary(PageWords.answers.map { ($0.code, $0.text) }, uniquingKeysWith: { first, _ in first })
    #expect(words.count == PageWords.answers.count, "a code listed twice")
    for code in codes.sorted() {
      let text = try #require(words[code], "no words for the answer code \(code)")
      Self.bothLanguages(text, code)
    }
  }

  @Test func everyWrongFileLossFindingAndOptionHasBothLanguages() throws {
    #expect(Set(PageWords.fileKinds.map(\.kind)) == Set(FileKind.allCases))
    #expect(PageWords.losses.map(\.field) == ModelField.allCases)
    for (kind, text) in PageWords.fileKinds { Self.bothLanguages(text, kind.rawValue) }
    for (field, text) in PageWords.losses { Self.bothLanguages(text, field.rawValue) }
    for (code, text) in PageWords.diagnostics { Self.bothLanguages(text, code) }
    for (id, text) in PageWords.exports + PageWords.folderFormats { Self.bothLanguages(text, id) }
    // Every rule of the tracker app has plain words (the validation view).
    let rules = Set(try CLI.run(["rules", "--json"]).stdout.split(separator: "\"").map(String.init))
    for rule in ["name-too-long", "emoji-off-palette", "record-in-future", "amount-without-goal"] { #expect(rules.contains(rule)) }
    let planned = Set(PageWords.diagnostics.map(\.code))
    for code in ["duplicate-id", "name-empty", "name-too-long", "schedule-empty", "record-duplicate", "emoji-off-palette",
                 "color-off-palette", "record-off-schedule", "record-in-future", "amount-without-goal", "dropped-field",
                 "lossy-frequency", "loop-assigned-defaults", "loop-kept-entries"] {
      #expect(planned.contains(code), "no words for \(code)")
    }
    // Every option a reader declares has a label in both languages.
    let keys = Set(StandardCodecs.all.flatMap { $0.descriptor.options.filter(\.reads).map(\.key) })
    let labelled = Set(PageWords.options.map(\.key))
    #expect(keys.subtracting(labelled).isEmpty, "options without words: \(keys.subtracting(labelled).sorted())")
    for (key, text) in PageWords.options { Self.bothLanguages(text, key) }
  }

  /// Where the right file comes from, for every format that reads (TrackerPort's own share one line).
  @Test func everyReadableFormatSaysWhereItsFileComesFrom() throws {
    let said = Set(PageWords.exports.map(\.format))
    for codec in StandardCodecs.all where codec.descriptor.canRead {
      let id = ["xml", "csv"].contains(codec.descriptor.id) ? "json" : codec.descriptor.id
      #expect(said.contains(id), "no way to \(codec.descriptor.id)'s file")
    }
    for (id, _) in PageWords.folderFormats { #expect(StandardCodecs.all.contains { $0.descriptor.id == id && $0.descriptor.canRead }) }
  }

  /// The file hint of the page names every format that reads, in both languages.
  @Test(arguments: ["en", "ru"])
  func theFileHintNamesEveryReadableFormat(language: String) throws {
    let script = WebPage.script
    let start = try #require(script.range(of: language + ": {"))
    let hint = try #require(script[start.upperBound...].firstMatch(of: /"drop-hint": "([^"]+)"/)).1
    let names = ["json": "TrackerPort", "xml": "TrackerPort", "csv": "TrackerPort", "ics": ".ics", "habitbull": "HabitBull",
                 "loop": "Loop", "tickmate": "Tickmate", "habo": "Habo", "harsh": "harsh", "daylio": "Daylio", "streaks": "Streaks",
                 "obsidian": "Obsidian", "org": "org-mode", "beaverhabits": "Beaver Habits", "habitica": "Habitica",
                 "tablehabit": "Table Habit", "habitkit": "HabitKit", "habitbuilder": "Habit Builder", "tracker-ios": language == "ru" ? "«Трекер»" : "iOS Tracker"]
    for codec in StandardCodecs.all where codec.descriptor.canRead {
      let name = try #require(names[codec.descriptor.id], "a new format: name it in the hint and here")
      #expect(hint.contains(name), "\(language): the hint does not name \(codec.descriptor.id)")
    }
  }

  @Test func aWrongFileIsNamedByItsFirstBytes() throws {
    var zip = Array("PK\u{3}\u{4}".utf8) + [UInt8](repeating: 0, count: 40)
    #expect(FileKind(zip) == .truncatedZip)
    zip += Array("PK\u{5}\u{6}".utf8) + [UInt8](repeating: 0, count: 18)
    #expect(FileKind(zip) == .otherZip)
    #expect(FileKind([]) == .empty)
    #expect(FileKind([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
    #expect(FileKind([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
    #expect(FileKind(Array("%PDF-1.7\n".utf8)) == .pdf)
    #expect(FileKind(Array("  <!DOCTYPE html><html>".utf8)) == .html)
    #expect(FileKind(Array("name,date\n".utf8)) == nil)
    // The API says it: a JPEG is not a format, a truncated zip is broken.
    let photo = ServeAPITests.post("/api/inspect", FormBody.upload("IMG_0001.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array("JFIF".utf8)))
    let error = try #require(try ServeAPITests.json(photo)["error"] as? [String: Any])
    #expect(photo.status == 422 && error["code"] as? String == "unknown-format" && error["fileKind"] as? String == "jpeg")
    let cut = ServeAPITests.post("/api/convert", FormBody.upload("Loop Habits CSV.zip", Array("PK\u{3}\u{4}".utf8) + [1, 2, 3], [("to", "json")]))
    #expect((try ServeAPITests.json(cut)["error"] as? [String: Any])?["fileKind"] as? String == "zip-truncated")
    // A file a reader knows but cannot read is not named a zip of something else.
    let readable = ServeAPITests.post("/api/inspect", FormBody.upload("x.trackport.json", Array("{".utf8)))
    #expect((try ServeAPITests.json(readable)["error"] as? [String: Any])?["fileKind"] == nil)
  }

  /// What arrives is what the written file reads back as, per habit; convert says what it checked.
  @Test func whatArrivesIsCountedFromTheReadBack() throws {
    let demo = try ServeAPITests.demo
    let body = try ServeAPITests.json(ServeAPITests.post("/api/inspect", FormBody.upload("demo.trackport.json", demo, [("to", "tablehabit")])))
    let arrives = try #require(body["arrives"] as? [[String: Any]])
    let folder = try temporaryFolder("trackport-serve-test")
    defer { removeFolder(folder) }
    let output = folder.appendingPathComponent("demo.json").path
    #expect(try CLI.run(["convert", Repository.demoPath, output, "--to", "tablehabit"]).status == 0)
    let read = try DatasetFile.load(output, format: "tablehabit").dataset
    #expect(arrives.map { $0["name"] as? String ?? "" } == read.trackers.map(\.name))
    #expect(arrives.map { $0["days"] as? Int ?? -1 } == read.trackers.map { t in read.records.count { $0.trackerId == t.id } })
    #expect(body["readBack"] == nil)
    let names = try #require(body["lossHabits"] as? [Any])
    #expect(names.count == (body["losses"] as? [Any])?.count)
    let converted = ServeAPITests.post("/api/convert", FormBody.upload("demo.trackport.json", demo, [("to", "tablehabit")]))
    let header = try #require(converted.header("X-Trackport-Report"))
    let report = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
    let checked = try #require(report["checked"] as? [String: Int])
    #expect(checked["habits"] == read.trackers.count && checked["days"] == read.records.count)
  }

  /// A read-back that holds less than was converted, with no loss to explain it, is a mismatch.
  @Test func aReadBackThatLosesDaysIsAMismatch() throws {
    let folder = try temporaryFolder("trackport-serve-test")
    defer { removeFolder(folder) }
    let output = folder.appendingPathComponent("demo.trackport.json").path
    #expect(try CLI.run(["convert", Repository.demoPath, output]).status == 0)
    var converted = try DatasetFile.load(Repository.demoPath).dataset
    let writer = try StandardCodecs.registry.codec(id: "json")
    #expect(try ReadBack(output: output, writer: writer, options: [:], converted: converted, losses: []).mismatches.isEmpty)
    converted.records.append(TrackerRecord(trackerId: converted.trackers[0].id, date: try #require(LocalDate("1999-01-01"))))
    let check = try ReadBack(output: output, writer: writer, options: [:], converted: converted, losses: [])
    #expect(check.mismatches.map(\.kind) == [.days])
    #expect(check.mismatchMessage(writer: "TrackerPort JSON").contains("\(converted.records.count) days converted, \(converted.records.count - 1) read back"))
    // A reported loss of the days explains it.
    let loss = Diagnostic(code: "dropped-field", severity: .warning, message: "", location: SourceLocation(pointer: "/records"))
    #expect(try ReadBack(output: output, writer: writer, options: [:], converted: converted, losses: [loss]).mismatches.isEmpty)
  }

  @Test func findingsNameTheirHabit() throws {
    let path = Repository.path("SampleData/invalid/name-too-long.trackport.json")
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    let body = try ServeAPITests.json(ServeAPITests.post("/api/validate", FormBody.upload("x.trackport.json", bytes)))
    let subjects = try #require(body["subjects"] as? [Any])
    #expect(subjects.count == (body["diagnostics"] as? [Any])?.count)
    let name = try DatasetFile.load(path).dataset.trackers[0].name
    #expect(subjects.first as? String == name)
  }
}
