import Foundation
import TrackerTestSupport
import Testing

/// The shared Core Data stores (`../shared/coredata`, or `../../shared` from a worktree).
private let coreDataFolder: String = {
  for candidate in ["../shared/coredata", "../../shared/coredata"] {
    let path = CLI.root.appendingPathComponent(candidate).standardizedFileURL.path
    if FileManager.default.fileExists(atPath: path + "/stores/azonaz/Tracker.sqlite") { return path }
  }
  return CLI.root.appendingPathComponent("../shared/coredata").standardizedFileURL.path
}()

/// `trackport` on the iOS Tracker apps' Core Data stores, end to end.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CI"] != nil
                  || FileManager.default.fileExists(atPath: coreDataFolder + "/stores/azonaz/Tracker.sqlite"),
                "the shared Core Data stores are not at ../shared/coredata"))
struct TrackerIOSCommandTests {
  static let stores = ["azonaz/Tracker.sqlite", "xcode73/Tracker.sqlite", "teenagelove/Tracker.sqlite",
                       "headlinerten/TrackerDataModel.sqlite", "DmnUAll/Tracker_ios.sqlite",
                       "morethendeviant/TrackerCoreDataModel.sqlite"]

  @Test(arguments: stores)
  func aStoreIsDetectedByContentAndConverts(_ store: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Under a name that says nothing: detection reads the content.
    let copy = folder.appendingPathComponent("phone-backup.db").path
    try FileManager.default.copyItem(atPath: coreDataFolder + "/stores/" + store, toPath: copy)
    let detect = try CLI.run(["detect", copy])
    #expect(detect.stdout.hasPrefix("tracker-ios\t"), "\(detect.stdout)\(detect.stderr)")
    let json = folder.appendingPathComponent("out.trackport.json").path
    let converted = try CLI.run(["convert", coreDataFolder + "/stores/" + store, json])
    #expect(converted.status == 0, "\(converted.stderr)")
    let validated = try CLI.run(["validate", json])
    #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
  }

  @Test func azonazToJSONWithTheZone() throws {
    let store = coreDataFolder + "/stores/azonaz/Tracker.sqlite"
    let inferred = try CLI.run(["convert", store, "-", "--to", "json"])
    #expect(inferred.status == 0)
    #expect(inferred.stderr.contains("UTC+03:00") && inferred.stderr.contains("[tracker-ios-days]"))
    let document = try #require(try JSONSerialization.jsonObject(with: Data(inferred.stdout.utf8)) as? [String: Any])
    let records = try #require(document["records"] as? [[String: Any]])
    #expect(records.compactMap { $0["date"] as? String }.sorted() == ["2024-02-12", "2024-02-13", "2024-02-14"])
    let utc = try CLI.run(["convert", store, "-", "--to", "json", "--timezone", "UTC"])
    #expect(utc.stderr.contains("--timezone UTC"))
    let utcDocument = try #require(try JSONSerialization.jsonObject(with: Data(utc.stdout.utf8)) as? [String: Any])
    let utcRecords = try #require(utcDocument["records"] as? [[String: Any]])
    #expect(utcRecords.compactMap { $0["date"] as? String }.sorted() == ["2024-02-11", "2024-02-12", "2024-02-13"])
  }

  @Test func anUnknownCoreDataStoreIsRefusedNamingItsEntities() throws {
    let sample = coreDataFolder + "/samples/easylife/EasyLife 1.5.0.sqlite"
    let result = try CLI.run(["convert", sample, "-", "--from", "tracker-ios", "--to", "json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("EasyLife 1.5.0.sqlite"))
    #expect(result.stderr.contains("entities are Project, TodoItem"), "\(result.stderr)")
    // Without --from: no format claims it.
    let detect = try CLI.run(["convert", sample, "-", "--to", "json"])
    #expect(detect.status == 65)
  }

  @Test func aTruncatedStoreIsAnError() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: coreDataFolder + "/stores/xcode73/Tracker.sqlite"))
    let cut = folder.appendingPathComponent("Tracker.sqlite")
    try bytes.prefix(8_192).write(to: cut)
    let result = try CLI.run(["convert", cut.path, "-", "--from", "tracker-ios", "--to", "json"])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains(cut.path))
  }

  @Test func writingNeedsTheAppAndWritesAStoreThatReadsBack() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("Tracker.sqlite").path
    // No app named: exit 64, and the note says how to name one.
    let refused = try CLI.run(["convert", CLI.demo, store, "--to", "tracker-ios"])
    #expect(refused.status == 64, "\(refused.stderr)")
    #expect(refused.stderr.contains("--option variant=NAME"))
    #expect(!FileManager.default.fileExists(atPath: store))
    // Named by --option or --to-shape (the output's .sqlite ending chooses the format).
    let written = try CLI.run(["convert", CLI.demo, store, "--option", "variant=xcode73", "--timezone", "Asia/Tokyo"])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stderr.contains("days written as local midnights of Asia/Tokyo [tracker-ios-written-days]"))
    #expect(written.stderr.contains("cannot carry tasks: 5 item(s) left out [dropped-field]"))
    let back = try CLI.run(["convert", store, "-", "--to", "json", "--timezone", "Asia/Tokyo"])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout.contains("\"variant\": \"xcode73\""), "\(back.stdout.suffix(300))")
    let shaped = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("m.sqlite").path, "--to-shape", "morethendeviant"])
    #expect(shaped.status == 0, "\(shaped.stderr)")
    // --fail-on-loss stops before anything is written.
    let strict = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("h.sqlite").path, "--option", "variant=headlinerten", "--fail-on-loss"])
    #expect(strict.status == 1)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("h.sqlite").path))
    // An old store's log beside the output: exit 73.
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder.appendingPathComponent("w.sqlite-wal").path))
    let stale = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("w.sqlite").path, "--option", "variant=azonaz"])
    #expect(stale.status == 73, "\(stale.stderr)")
    let formats = try CLI.run(["formats"])
    let row = try #require(formats.stdout.split(separator: "\n").first { $0.hasPrefix("tracker-ios ") })
    #expect(row.contains(" rw ") && row.contains(".sqlite (by content)"), "\(row)")
    #expect(formats.stdout.contains("tracker-ios --to-shape headlinerten cannot carry:"))
    let rules = try CLI.run(["rules"])
    for code in ["tracker-ios-days", "tracker-ios-skipped", "tracker-ios-nearest-color", "tracker-ios-written-days",
                 "tracker-ios-template-columns"] {
      #expect(rules.stdout.contains(code))
    }
  }
}
