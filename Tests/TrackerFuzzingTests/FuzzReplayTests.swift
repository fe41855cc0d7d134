import Foundation
import Testing
import CalendarSync
@testable import TrackerFuzzing
import TrackerPort
import TrackerServeAPI
import WebDAV

/// Every harness's round trip (decode → validate → statistics → agenda → every writer → read
/// back) on its seed files, on generated datasets in its format, and on every input a fuzzer
/// once found (`Regressions/<harness>/`): none may give a finding.
@Suite struct FuzzReplayTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let harnesses: [FuzzHarness] = (try? FuzzHarness.parse(String(contentsOf: root.appendingPathComponent("Fuzz/harnesses.tsv"), encoding: .utf8))) ?? []
  static let regressions = Bundle.module.resourceURL!.appendingPathComponent("Regressions")

  static func scratch() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-fuzz-replay-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The files a harness's seed globs name (folders, which Fuzz/build-seeds zips, left out).
  static func seedFiles(_ harness: FuzzHarness) -> [String] {
    harness.seeds.flatMap { glob -> [String] in
      let url = root.appendingPathComponent(glob)
      let folder = url.deletingLastPathComponent().standardizedFileURL.path
      let pattern = url.lastPathComponent
      guard !glob.hasSuffix("/"), let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
      return names.filter { fnmatch(pattern, $0, 0) == 0 }.sorted().map { folder + "/" + $0 }
    }
  }

  @Test func theHarnessListCoversEveryReader() throws {
    #expect(Self.harnesses.count >= 10)
    let readers = Set(Self.harnesses.map(\.reader))
    for codec in StandardCodecs.all where codec.descriptor.canRead {
      #expect(readers.contains(codec.descriptor.id), "no fuzz harness reads \(codec.descriptor.id) (Fuzz/harnesses.tsv)")
    }
    #expect(Set(Self.harnesses.map(\.name)).count == Self.harnesses.count)
  }

  /// The check is not vacuous: a readable input is written by every writer, and a writer whose
  /// output reads back different is a finding.
  /// libFuzzer refuses a whole dictionary over one entry it cannot parse (and the harness then
  /// runs nothing): entries are `name="..."` with only `\\`, `\"` and `\xHH` escapes.
  @Test func everyDictionaryIsOneLibFuzzerCanRead() throws {
    let folder = Self.root.appendingPathComponent("Fuzz/dictionaries")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".dict") }
    #expect(!names.isEmpty)
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let trimmed = line.drop { $0 == " " }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
        guard let quote = trimmed.firstIndex(of: "\""), let last = trimmed.lastIndex(of: "\""), quote < last,
              trimmed.hasSuffix("\"") else {
          Issue.record("\(name):\(n + 1): not name=\"...\": \(line)")
          continue
        }
        var body = Array(trimmed[trimmed.index(after: quote)..<last].utf8)[...]
        while let byte = body.popFirst() {
          guard byte == UInt8(ascii: "\\") else { continue }
          let next = body.popFirst()
          if next == UInt8(ascii: "x") {
            let hex = body.prefix(2)
            #expect(hex.count == 2 && hex.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) },
                    "\(name):\(n + 1): \\x needs two hex digits")
            body = body.dropFirst(2)
          } else {
            #expect(next == UInt8(ascii: "\\") || next == UInt8(ascii: "\""), "\(name):\(n + 1): libFuzzer knows only \\\\, \\\" and \\xHH: \(line)")
          }
        }
      }
    }
  }

  @Test func theRoundTripWritesEveryFormatAndComparesWhatComesBack() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let trip = try FuzzRoundTrip(readerID: "json", fileName: "input.trackport.json", scratch: folder)
    let demo = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("SampleData/demo.trackport.json")))
    #expect(trip.check(demo) == nil)
    let written = Set(try FileManager.default.contentsOfDirectory(atPath: folder).map { String($0.split(separator: ".")[0]) })
    let writers = Set(StandardCodecs.all.filter(\.descriptor.canWrite).map { "out-" + $0.descriptor.id })
    #expect(written == writers)
    // Unreadable input is the reader's to refuse: no finding.
    #expect(trip.check(Array("{\"trackport\": 1, ".utf8)) == nil)
    let a = DatasetGenerator(trackers: 2, days: 5, seed: 1).generate()
    var b = a
    b.trackers[0].name += "!"
    #expect(a.firstDifference(from: b)?.hasPrefix("tracker ") == true)
    #expect(a.firstDifference(from: a) == nil)
  }

  /// The form check is not vacuous: a real form is written anew and read back to the same
  /// parts; refusals the API documents are no finding; names are quoted as the parser unquotes.
  @Test func theFormCheckReadsWhatItWritesAgain() throws {
    let check = FuzzMultipartForm(maxParts: 3)
    let seed = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Fuzz/seeds/multipart/diff-firefox.form")))
    #expect(check.check(seed) == nil)
    let boundary = "---------------------------9051914041544843365972754266"
    let body = Array(seed.drop { $0 != 10 }.dropFirst())
    let form = try MultipartForm(body: body, boundary: boundary)
    #expect(form.parts.count == 3 && form.parts[0].fileName == "old \"quoted\"; name.json")
    #expect(try MultipartForm(body: FuzzMultipartForm.write(form, boundary: boundary), boundary: boundary).parts == form.parts)
    #expect(FuzzMultipartForm.quoted("a\"b\\c") == #""a\"b\\c""#)
    // Four parts past a limit of three: 413 too-many-parts, documented, so no finding.
    let four = "multipart/form-data; boundary=b\r\n" + String(repeating: "--b\r\nContent-Disposition: form-data; name=x\r\n\r\n1\r\n", count: 4) + "--b--\r\n"
    #expect(check.check(Array(four.utf8)) == nil)
    #expect(throws: ServeError.self) { try MultipartForm(body: Array(four.utf8.drop { $0 != 10 }.dropFirst()), boundary: "b", maxParts: 3) }
    // Not a form at all: nothing to check.
    #expect(check.check(Array("text/plain\r\nhello".utf8)) == nil)
    let harness = try #require(Self.harnesses.first { $0.reader == FuzzMultipartForm.reader })
    #expect((try harness.checker(scratch: NSTemporaryDirectory()) as? FuzzMultipartForm)?.maxParts == 16)
  }

  /// The CalDAV check is not vacuous: the real answers captured from Radicale and Xandikos hold
  /// the harness's own dataset as a push wrote it (same UIDs and digests, so their plan is
  /// "unchanged"), the collection and other origins are left out, and a plan that touches an
  /// address where the answer lists another client's event is a finding.
  @Test func theCalendarCheckPlansAgainstTheDatasetItsSeedsHold() throws {
    let check = try FuzzCalendarCollection()
    #expect(check.objects.map(\.uid) == ["fuzz-habit", "fuzz-task"])
    let collection = FuzzCalendarCollection.collection
    for name in ["radicale-calendar-query.xml", "xandikos-calendar-query.xml"] {
      let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Fuzz/seeds/caldav/" + name)))
      #expect(check.check(bytes) == nil, "\(name)")
      let server = try Multistatus(bytes).calendarResources(in: collection).map(CollectionObject.init)
      #expect(server.count == 3 && server.filter(\.isOurs).count == 2, "\(name)")
      let plan = PushPlan(objects: check.objects, server: server, state: CalendarSyncState(collection: collection.description),
                          collection: collection, preferLocal: true)
      #expect(plan.unchanged == 2 && plan.steps.isEmpty && plan.others == 1, "\(name)")
    }
    let mixed = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Fuzz/seeds/caldav/cdata-other-host-and-the-collection.xml")))
    let listed = try Multistatus(mixed)
    #expect(listed.responses.count == 6)
    // The collection itself and the 404 are left out; the other host's href inside the
    // collection's path is taken on this origin (a server behind a proxy names itself so), which
    // lists fuzz-task's address twice: a conflict, never a step.
    #expect(listed.calendarResources(in: collection).map(\.url.path)
            == ["/cal/ann/habits/fuzz-habit.ics", "/cal/ann/habits/dentist%40example.org.ics", "/cal/ann/habits/fuzz-task.ics", "/cal/ann/habits/fuzz-task.ics"])
    #expect(check.check(mixed) == nil)
    // Neither a folder above the collection nor the collection spelled otherwise is an object.
    #expect(WebDAVURL.segments("/cal/ann/habits/old/%2E%2E//./x.ics") == ["cal", "ann", "habits", "x.ics"])
    let above = String(decoding: mixed, as: UTF8.self).replacingOccurrences(of: "/cal/ann/habits/fuzz-habit.ics", with: "/cal/ann/")
      .replacingOccurrences(of: "/cal/ann/habits/fuzz-task.ics", with: "/cal/ann/habits/x/..")
    #expect(try Multistatus(Array(above.utf8)).calendarResources(in: collection).map(\.url.path) == ["/cal/ann/habits/dentist%40example.org.ics"])
    // Not a multistatus, or not XML: refused, no finding.
    #expect(check.check(Array("<propfind xmlns=\"DAV:\"/>".utf8)) == nil)
    #expect(check.check(Array("<multistatus".utf8)) == nil)
    // A removal of an object TrackerPort did not write, or of one of the dataset's UIDs: findings.
    let foreign = CollectionObject(CalendarResource(url: collection.resolving("dentist.ics")!, etag: "\"e\"", data: Array(
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:dentist@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)))
    #expect(foreign.uid == "dentist@example.org" && !foreign.isOurs)
    var plan = PushPlan(objects: [], server: [], state: CalendarSyncState(collection: collection.description), collection: collection, preferLocal: true)
    plan.steps = [.remove(foreign, etag: "\"e\"")]
    #expect(FuzzCalendarCollection.check(plan, server: [foreign], wanted: [], preferLocal: true) != nil)
    plan.steps = [.update(check.objects[0], foreign.url, etag: "\"e\"")]
    #expect(FuzzCalendarCollection.check(plan, server: [foreign], wanted: [], preferLocal: true) != nil)
    let harness = try #require(Self.harnesses.first { $0.reader == FuzzCalendarCollection.reader })
    #expect(try harness.checker(scratch: NSTemporaryDirectory()) is FuzzCalendarCollection)
  }

  /// The harnesses whose checker runs Swift concurrency (the MCP server's tasks): replayed by
  /// ``MCPFuzzReplayTests``, in make test's second phase with the servers' tests, where the
  /// cooperative thread pool is not held by a thousand blocking tests.
  static let concurrent: Set<String> = ["mcp"]

  @Test(arguments: harnesses.filter { !concurrent.contains($0.name) })
  func seedsAndRegressionsGiveNoFinding(_ harness: FuzzHarness) throws {
    try Self.replay(harness)
  }

  /// Every seed and regression of `harness` through its checker: no finding.
  static func replay(_ harness: FuzzHarness) throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let trip = try harness.checker(scratch: folder)
    let regressionFolder = Self.regressions.appendingPathComponent(harness.name).path
    let regressions = ((try? FileManager.default.contentsOfDirectory(atPath: regressionFolder)) ?? []).sorted().map { regressionFolder + "/" + $0 }
    let seeds = Self.seedFiles(harness)
    for path in seeds + regressions {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      let finding = trip.check(bytes)
      #expect(finding == nil, "\(harness.name) \(path): \(finding.map(String.init(describing:)) ?? "")")
    }
  }

  @Test(arguments: harnesses.filter { $0.generatedEnding != nil })
  func generatedDatasetsGiveNoFinding(_ harness: FuzzHarness) throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let trip = try harness.roundTrip(scratch: folder)
    for (seed, rich) in [(UInt64(5), false), (7, true), (11, true)] {
      let dataset = DatasetGenerator(trackers: 6, days: 40, seed: seed, rich: rich).generate()
      let path = folder + "/seed-\(seed)." + (harness.generatedEnding ?? "")
      let output = CodecOutput(path: path)
      let codec = try StandardCodecs.registry.detectOutput(output)
      var context = CodecContext(fileName: path)
      try codec.encode(dataset, to: output, context: &context)
      let finding = trip.check(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
      #expect(finding == nil, "\(harness.name) seed \(seed): \(finding.map(String.init(describing:)) ?? "")")
    }
  }
}
