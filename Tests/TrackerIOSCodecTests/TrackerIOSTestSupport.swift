import Foundation
import Testing
import TrackerPort

/// Helpers for the iOS Tracker store tests: the shared stores (read in place), the `sqlite3`
/// and Python oracles, in-process decoding.
enum IOS {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The shared folder: `../shared` beside the repository (a worktree one level deeper finds
  /// it at `../../shared`).
  static let sharedRoot: URL = {
    for candidate in ["../shared", "../../shared"] {
      let url = root.appendingPathComponent(candidate).standardizedFileURL
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("coredata").path) { return url }
    }
    return root.appendingPathComponent("../shared").standardizedFileURL
  }()

  /// A path under `../shared/coredata/`.
  static func shared(_ path: String) -> String {
    sharedRoot.appendingPathComponent("coredata/" + path).path
  }

  /// A path under `../shared/fixtures/`.
  static func fixture(_ path: String) -> String {
    sharedRoot.appendingPathComponent("fixtures/" + path).path
  }

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
  static var haveFixtures: Bool {
    ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: shared("stores/azonaz/Tracker.sqlite"))
  }

  static var python: String { ProcessInfo.processInfo.environment["TRACKPORT_PYTHON"] ?? "python3" }

  /// Runs a program, returning its standard output and status.
  @discardableResult
  static func run(_ arguments: [String], input: String? = nil) throws -> (out: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    let inPipe = Pipe()
    if input != nil { process.standardInput = inPipe }
    try process.run()
    if let input {
      inPipe.fileHandleForWriting.write(Data(input.utf8))
      try inPipe.fileHandleForWriting.close()
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }

  /// `sqlite3 -batch` on a copy of `db` (its `-wal` with it) as lines: the oracle.
  static func sqlite(_ db: String, _ sql: String) throws -> [String] {
    let copy = try copyStore(db)
    let result = try run(["sqlite3", "-batch", copy, sql])
    #expect(result.status == 0, "sqlite3 \(sql) failed")
    return result.out.split(separator: "\n").map(String.init)
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
    var context = CodecContext(fileName: path, options: options)
    let dataset = try TrackerIOSCodec().decode(CodecInput(path: path), context: &context)
    return (dataset, context)
  }

  static func error(_ body: () throws -> Void) -> CodecError? {
    do {
      try body()
      return nil
    } catch {
      return error as? CodecError
    }
  }

  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-ios-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
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
