import Foundation
import Testing
import TrackerPort

/// Helpers for the Tickmate tests: the shared fixtures (read in place), the `sqlite3` oracle, in-process decoding.
enum Tickmate {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func fixture(_ path: String) -> String {
    root.appendingPathComponent("../shared/fixtures/" + path).standardizedFileURL.path
  }

  /// Tickmate's own test databases, and the copy Loop's tests use (version 13, other data).
  static let databases = ["tickmate/smiley-version10.db", "tickmate/tickmate-version12.db", "tickmate/tickmate-version13.db",
                          "tickmate/tickmate-version14.db", "loop_uhabits/tickmate.db"]
  static let loopDatabases = ["loop_uhabits/loop.db", "loop_uhabits/databases/021.db", "loop_uhabits/databases/022.db",
                              "loop_uhabits/rewire.db"]

  /// Whether the shared fixtures are beside the repository; always under CI (`CI` set), so
  /// that a missing fixture folder fails the tests there instead of skipping them.
  static var haveFixtures: Bool {
    ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: fixture("tickmate/tickmate-version14.db"))
  }

  /// `sqlite3 -batch db sql` as lines: the oracle, never the code under test.
  static func sqlite(_ db: String, _ sql: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", "-batch", "-readonly", db, sql]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 \(sql) failed")
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Runs `script` with `sqlite3` on `db` (read-write: for building test databases only).
  static func sqlite3(_ db: String, _ script: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", "-batch", db]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 \(script) failed")
  }

  static func decode(_ input: CodecInput, fileName: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: fileName, options: options)
    let dataset = try TickmateCodec().decode(input, context: &context)
    return (dataset, context)
  }

  static func decode(_ path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try decode(CodecInput(path: path), fileName: path, options: options)
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
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-tickmate-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
