import Foundation
import Testing
import TrackerPort

/// Helpers for the Loop tests: the shared fixtures (read in place, never copied into the
/// project), the `sqlite3` oracle, and in-process decode/encode.
enum Loop {
  /// The repository root (the folder holding Package.swift).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/fixtures/loop_uhabits/<name>`.
  static func fixture(_ name: String) -> String {
    root.appendingPathComponent("../shared/fixtures/loop_uhabits/" + name).standardizedFileURL.path
  }

  /// Whether the shared fixtures are there.
  /// Whether the shared fixtures are beside the repository; always under CI (`CI` set), so
  /// that a missing fixture folder fails the tests there instead of skipping them.
  static var haveFixtures: Bool {
    ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: fixture("loop.db"))
  }

  /// Runs a program and returns its standard output; fails the test on a non-zero exit.
  @discardableResult
  static func run(_ program: String, _ args: [String], input: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + args
    let out = Pipe(), inPipe = Pipe()
    process.standardOutput = out
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(program) \(args) failed")
    return String(decoding: data, as: UTF8.self)
  }

  /// `sqlite3 -batch db sql` as lines (the oracle: never the code under test).
  static func sqlite(_ db: String, _ sql: String) throws -> [String] {
    try run("sqlite3", ["-batch", db, sql]).split(separator: "\n").map(String.init)
  }

  /// A fresh temporary folder; the test removes it (``remove(_:)``, ``removeFolder(of:)``).
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-loop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Removes a folder made by ``temporaryFolder()`` (for a `defer` right after making it).
  static func remove(_ folder: URL) {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Removes the temporary folder holding `path` (a file or folder made directly in one).
  static func removeFolder(of path: String) {
    remove(URL(fileURLWithPath: path).deletingLastPathComponent())
  }

  /// Decodes a file or folder with the Loop codec.
  static func decode(_ path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: path, options: options)
    let dataset = try LoopCodec().decode(CodecInput(path: path), context: &context)
    return (dataset, context)
  }

  /// Writes `dataset` as a Loop backup at `path`.
  static func encode(_ dataset: TrackerDataset, to path: String) throws {
    var context = CodecContext(fileName: path)
    try LoopCodec().encode(dataset, to: CodecOutput(path: path, overwrite: true), context: &context)
  }

  /// The records of each tracker, by tracker name, as sorted day strings.
  static func days(_ dataset: TrackerDataset) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for tracker in dataset.trackers { result[tracker.name] = [] }
    let names = Dictionary(dataset.trackers.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    for record in dataset.records { result[names[record.trackerId] ?? "?", default: []].append(record.date.description) }
    return result.mapValues { $0.sorted() }
  }
}
