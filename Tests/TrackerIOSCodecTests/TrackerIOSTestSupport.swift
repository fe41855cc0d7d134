import Foundation
import Testing
import TrackerCodec
import TrackerIOSCodec
import TrackerModel
import TrackerTestSupport

/// Helpers for the iOS Tracker store tests: the shared stores (read in place), the `sqlite3`
/// and Python oracles, in-process decoding.
enum IOS: TestHelpers {
  static var temporaryPrefix: String { "trackport-ios-test" }

  /// A path under the shared `coredata/` folder (beside the shared fixtures).
  static func shared(_ path: String) -> String { SharedFixtures.coreData(path) }

  /// A path under the shared fixtures.
  static func fixture(_ path: String) -> String { SharedFixtures.path(path) }

  /// The generated store of each variant.
  static let stores = ["azonaz": "azonaz/Tracker.sqlite", "xcode73": "xcode73/Tracker.sqlite",
                       "teenagelove": "teenagelove/Tracker.sqlite", "headlinerten": "headlinerten/TrackerDataModel.sqlite",
                       "DmnUAll": "DmnUAll/Tracker_ios.sqlite", "morethendeviant": "morethendeviant/TrackerCoreDataModel.sqlite"]

  /// The 15 real Core Data stores of other projects.
  static let samples = [
    "jeffreybergier/Example_v1.0.0.sqlite", "jeffreybergier/Example_v1.1.0.sqlite", "jeffreybergier/Example_v1.1.2.sqlite",
    "jeffreybergier/Example_v1.2.0.sqlite", "jeffreybergier/Example_v2.0.0.sqlite",
    "wibosco/CoreDataMigration_Example_1.sqlite", "wibosco/CoreDataMigration_Example_WAL.sqlite",
    "wibosco-revised/CoreDataMigration_Example_3.sqlite",
    "coredataplus/SampleModel_V1.sqlite", "coredataplus/SampleModel_V2.sqlite", "coredataplus/SampleModel2_V2.sqlite",
    "coredataplus/SampleModel3_V1.sqlite",
    "easylife/EasyLife.sqlite", "easylife/EasyLife 1.3.0.sqlite", "easylife/EasyLife 1.5.0.sqlite",
  ]

  /// Whether the shared stores are beside the repository; always under CI (`CI` set), so that
  /// a missing folder fails the tests there instead of skipping them.
  static var haveFixtures: Bool { SharedFixtures.available(shared("stores/azonaz/Tracker.sqlite")) }

  /// The Python of the oracles (``Python/executable``).
  static var python: String { Python.executable ?? "python3" }

  /// Runs a program (found on the PATH unless absolute), returning its standard output and status.
  @discardableResult
  static func run(_ arguments: [String], input: String? = nil) throws -> (out: String, status: Int32) {
    let program = try #require(CLI.tool(arguments[0]), "\(arguments[0]) is not installed")
    let result = try CLI.run(Array(arguments.dropFirst()), input: input.map { Data($0.utf8) }, executable: program)
    return (result.stdout, result.status)
  }

  /// `sqlite3 -batch` on a copy of `db` (its `-wal` with it) as lines: the oracle.
  static func sqlite(_ db: String, _ sql: String) throws -> [String] {
    try SQLite3.lines(try copyStore(db), sql)
  }

  /// Copies a store and its side files into a fresh folder; returns the copy's path.
  static func copyStore(_ path: String) throws -> String {
    let folder = try temporaryFolder()
    let target = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
      try FileManager.default.copyItem(atPath: path + suffix, toPath: target + suffix)
    }
    return target
  }

  static func decode(_ path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(TrackerIOSCodec(), path: path, options: options)
  }

  /// SHA-like fingerprint of a file's bytes and its side files (content equality is enough).
  static func snapshot(_ path: String) -> [String: Data] {
    var files: [String: Data] = [:]
    for suffix in ["", "-wal", "-shm", "-journal"] {
      if let data = FileManager.default.contents(atPath: path + suffix) { files[suffix] = data }
    }
    return files
  }
}
