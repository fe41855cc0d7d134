import Foundation
import Testing
import TrackerPort
import TrackerTestSupport
@testable import TrackerHub

/// A hub in a temporary folder whose one source is a folder of canonical JSON exports.
struct HubFixture {
  let root: URL
  let hub: Hub
  var inbox: String { root.path + "/inbox" }

  init(prefer: HubPreference = .newer, outputs: [HubOutput] = [HubOutput(path: "out/history.ics")]) throws {
    root = try temporaryFolder("trackport-hub")
    try FileManager.default.createDirectory(atPath: root.path + "/inbox", withIntermediateDirectories: true)
    hub = Hub(folder: root.path + "/hub")
    try hub.create(HubConfig(settle: 0, prefer: prefer, sources: [HubSource(path: root.path + "/inbox")], outputs: outputs))
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// A dataset with the habits named and a done day for each of `days` (`name@YYYY-MM-DD`,
  /// `amount` when given).
  static func dataset(_ days: [String], amounts: [String: Double] = [:]) -> TrackerDataset {
    var names: [String] = []
    for d in days { let n = String(d.split(separator: "@")[0]); if !names.contains(n) { names.append(n) } }
    let trackers = names.map { Tracker(id: "t-" + $0, kind: .habit, name: $0, categoryId: "c", emoji: "🙂", color: "#112233", schedule: Weekday.allCases) }
    let records = days.map { d -> TrackerRecord in
      let parts = d.split(separator: "@").map(String.init)
      return TrackerRecord(trackerId: "t-" + parts[0], date: day(parts[1]), amount: amounts[d])
    }
    return TrackerDataset(categories: [TrackerCategory(id: "c", title: "Health")], trackers: trackers, records: records)
  }

  /// Writes an export into the inbox with a modification time `age` seconds ago.
  @discardableResult
  func drop(_ name: String, _ dataset: TrackerDataset, age: Double = 100) throws -> String {
    let path = inbox + "/" + name
    try Data(try HubDatasetBytes.encode(dataset)).write(to: URL(fileURLWithPath: path))
    try setAge(path, age)
    return path
  }

  func setAge(_ path: String, _ age: Double) throws {
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
  }

  func run() throws -> HubRunReport { try hub.run(wait: false, outputs: HubOutputs()) }

  /// (tracker name, day) of every record of the history.
  func days() throws -> Set<String> {
    let history = try hub.historyDataset()
    let names = Dictionary(uniqueKeysWithValues: history.trackers.map { ($0.id, $0.name) })
    return Set(history.records.map { "\(names[$0.trackerId] ?? "?")@\($0.date)" })
  }

  func historyBytes() throws -> [UInt8] { try hub.history().bytes }

  /// SHA-256 of every file under the hub's folder, by relative path.
  func snapshot() throws -> [String: String] {
    var out: [String: String] = [:]
    let walker = FileManager.default.enumerator(atPath: hub.store.folder)!
    while let relative = walker.nextObject() as? String {
      var isDir: ObjCBool = false
      let full = hub.store.folder + "/" + relative
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue, let bytes = try HubFiles.read(full) {
        out[relative] = HubHash.of(bytes)
      }
    }
    return out
  }
}

@Suite struct HubTests {
  @Test func aSourceWithFewerDaysNeverRemovesOne() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    try f.drop("a.json", HubFixture.dataset(["Run@2026-03-01", "Run@2026-03-02", "Read@2026-03-01"]), age: 300)
    var report = try f.run()
    #expect(report.entries.map(\.status) == [.imported])
    #expect(report.entries[0].added.records == 3 && report.entries[0].added.trackers == 2)
    // A rotated or reset export: fewer days, one new.
    try f.drop("b.json", HubFixture.dataset(["Run@2026-03-03"]), age: 200)
    report = try f.run()
    #expect(report.entries.map(\.status) == [.imported] && report.entries[0].added.records == 1)
    #expect(try f.days() == ["Run@2026-03-01", "Run@2026-03-02", "Run@2026-03-03", "Read@2026-03-01"])
    // The same content under another name is known by its hash: not read again.
    try f.drop("c.json", HubFixture.dataset(["Run@2026-03-03"]), age: 100)
    #expect(try f.run().entries.isEmpty)
    // A file holding nothing new is journaled as unchanged.
    try f.drop("d.json", HubFixture.dataset(["Read@2026-03-01"]), age: 50)
    #expect(try f.run().entries.map(\.status) == [.unchanged])
  }

  @Test func aSecondRunWithNothingNewChangesNoFile() throws {
    let f = try HubFixture(outputs: [HubOutput(path: "out/history.ics"), HubOutput(path: "out/report.html", to: "report")])
    defer { removeFolder(f.root) }
    try f.drop("a.json", HubFixture.dataset(["Run@2026-03-01"]))
    let first = try f.run()
    #expect(first.outputs.map(\.outcome) == [.written, .written])
    let before = try f.snapshot()
    let second = try f.run()
    #expect(second.entries.isEmpty && second.outputs.isEmpty && second.run == 0)
    #expect(try f.snapshot() == before)
    // An output removed by hand is written again, and only it.
    try FileManager.default.removeItem(atPath: f.hub.store.folder + "/out/history.ics")
    #expect(try f.run().outputs.map(\.key) == ["out/history.ics"])
  }

  @Test func conflictsFollowTheDocumentedRule() throws {
    // newer: an old backup found late never overrides what a newer one said.
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    try f.drop("new.json", HubFixture.dataset(["Water@2026-03-01"], amounts: ["Water@2026-03-01": 8]), age: 100)
    _ = try f.run()
    try f.drop("old.json", HubFixture.dataset(["Water@2026-03-01"], amounts: ["Water@2026-03-01": 5]), age: 1_000)
    var report = try f.run()
    #expect(report.entries[0].conflicts == 1 && report.entries[0].kept == "history" && report.entries[0].status == .unchanged)
    #expect(try f.hub.historyDataset().records.first?.amount == 8)
    try f.drop("newer.json", HubFixture.dataset(["Water@2026-03-01"], amounts: ["Water@2026-03-01": 9]), age: 10)
    report = try f.run()
    #expect(report.entries[0].kept == "source" && report.entries[0].status == .imported)
    #expect(report.entries[0].conflictLines.first?.contains("history 8") == true)
    #expect(try f.hub.historyDataset().records.first?.amount == 9)
    #expect(try f.hub.historyDataset().records.count == 1)
  }

  @Test func undoOfTheLatestImportGivesTheHistoryBeforeItByteForByte() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    try f.drop("a.json", HubFixture.dataset(["Run@2026-03-01"]), age: 300)
    _ = try f.run()
    let before = try f.historyBytes()
    try f.drop("b.json", HubFixture.dataset(["Run@2026-03-02", "Swim@2026-03-02"]), age: 200)
    let taken = try f.run().entries[0]
    #expect(try f.historyBytes() != before)
    let undo = try f.hub.undo(taken.number, wait: false, outputs: HubOutputs())
    #expect(undo.entries.map(\.status) == [.undo] && undo.entries[0].undoes == taken.number)
    #expect(try f.historyBytes() == before)
    // Undone stays known: the next run does not take it again; a second undo is refused.
    #expect(try f.run().entries.isEmpty)
    #expect(try f.hub.log().last?.entry.status == .undo)
    #expect(try f.hub.log().first { $0.entry.number == taken.number }?.undone == true)
    let again = try #require(throws: HubError.self) { try f.hub.undo(taken.number, wait: false, outputs: HubOutputs()) }
    #expect(again.kind == .usage)
  }

  @Test func undoOfAnEarlierImportKeepsWhatLaterOnesBrought() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    try f.drop("a.json", HubFixture.dataset(["Run@2026-03-01", "Run@2026-03-02"]), age: 300)
    try f.drop("b.json", HubFixture.dataset(["Run@2026-03-02", "Run@2026-03-03"]), age: 200)
    try f.drop("c.json", HubFixture.dataset(["Read@2026-03-05"]), age: 100)
    let entries = try f.run().entries
    #expect(entries.map(\.status) == [.imported, .imported, .imported])
    _ = try f.hub.undo(entries[0].number, wait: false, outputs: HubOutputs())
    // 03-02 stays: b.json showed it too.
    #expect(try f.days() == ["Run@2026-03-02", "Run@2026-03-03", "Read@2026-03-05"])
    _ = try f.hub.undo(entries[2].number, wait: false, outputs: HubOutputs())
    #expect(try f.days() == ["Run@2026-03-02", "Run@2026-03-03"])
  }

  @Test func aMalformedSourceIsRefusedWithItsPlaceAndTheRunGoesOn() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    let bad = f.inbox + "/broken.trackport.json"
    try Data("{\"formatVersion\": 1,\n \"trackers\": [ {\"id\": }\n".utf8).write(to: URL(fileURLWithPath: bad))
    try f.setAge(bad, 300)
    try f.drop("good.json", HubFixture.dataset(["Run@2026-03-01"]))
    let report = try f.run()
    #expect(report.entries.map(\.status) == [.refused, .imported])
    let line = try #require(report.entries[0].diagnostics.first)
    #expect(line.hasPrefix(bad + ":2:"), "\(line)")
    // Refused once: not read again until its content changes.
    #expect(try f.run().entries.isEmpty)
  }

  @Test func aFileStillChangingAndTemporaryNamesWait() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    try f.drop(".syncthing.a.json.tmp", HubFixture.dataset(["Run@2026-03-01"]))
    try f.drop("b.json.part", HubFixture.dataset(["Run@2026-03-02"]))
    let fresh = try f.drop("c.json", HubFixture.dataset(["Run@2026-03-03"]), age: 0)
    let report = try f.hub.run(wait: false, outputs: HubOutputs(), settle: 30)
    #expect(report.entries.isEmpty && report.deferred == [fresh])
    #expect(try f.run().entries.map(\.file) == [fresh])
  }

  @Test func oneRunAtATime() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    let held = try f.hub.store.lock(wait: false)
    let error = try #require(throws: HubError.self) { try f.run() }
    #expect(error.kind == .busy)
    held.release()
    #expect(try f.run().entries.isEmpty)
  }

  @Test func aRunThatDiedBeforeItsCommitIsForgotten() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    try f.drop("a.json", HubFixture.dataset(["Run@2026-03-01"]))
    let before = try f.historyBytes()
    // What a run killed between its journal record and the history's rename leaves behind.
    let record = HubRunRecord(run: 1, time: "t", before: HubHash.of(before), after: String(repeating: "0", count: 64),
                              entries: [HubEntry(number: 1, run: 1, time: "t", status: .imported, file: f.inbox + "/a.json",
                                                 hash: "x", before: HubHash.of(before), after: String(repeating: "0", count: 64))])
    try HubJournal.write(record, store: f.hub.store)
    #expect(try f.hub.log().isEmpty)
    let report = try f.run()
    #expect(report.run == 1 && report.entries.map(\.status) == [.imported])
    #expect(try f.hub.log().count == 1)
  }

  @Test func aHubIsNotMadeTwiceAndAMisspeltFormatIsRefused() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    #expect(throws: HubError.self) { try f.hub.create(HubConfig()) }
    let other = Hub(folder: f.root.path + "/other")
    let error = try #require(throws: HubError.self) { try other.create(HubConfig(sources: [HubSource(path: "x", from: "lopo")])) }
    #expect(error.kind == .config && error.note?.contains("did you mean 'loop'?") == true)
  }

  @Test func tokensAreComparedByHashAndSecretsRotate() throws {
    let f = try HubFixture()
    defer { removeFolder(f.root) }
    let secrets = HubSecrets(store: f.hub.store)
    let token = try secrets.addToken()
    let hashes = try secrets.tokenHashes()
    #expect(secrets.accepts(token, hashes: hashes))
    #expect(!secrets.accepts(token + "x", hashes: hashes))
    #expect(try String(contentsOfFile: secrets.tokensPath, encoding: .utf8).contains(token) == false)
    let feed = try secrets.feedSecret()
    #expect(feed.count == 64)
    #expect(try secrets.rotateFeedSecret() != feed)
    try secrets.revokeTokens()
    #expect(!secrets.accepts(token, hashes: try secrets.tokenHashes()))
  }
}
