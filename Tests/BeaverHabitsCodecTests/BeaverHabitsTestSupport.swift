import Foundation
import Testing
import TrackerPort

/// Helpers for the beaverhabits tests: the hand-built fixtures (resources), the app's own
/// storage files (read in place from ../shared), in-process decoding and encoding, and Python's
/// `json` as the oracle for counts.
enum Beaver {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A hand-built fixture of this target.
  static func fixture(_ name: String) -> String {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures/" + name).path
  }

  /// A file of `../shared/fixtures/` (or of `TRACKPORT_SHARED_FIXTURES`, for a clone that is not
  /// beside the shared folder).
  static func shared(_ path: String) -> String {
    if let folder = ProcessInfo.processInfo.environment["TRACKPORT_SHARED_FIXTURES"] { return folder + "/" + path }
    return root.appendingPathComponent("../shared/fixtures/" + path).standardizedFileURL.path
  }

  /// The app's own storage files (April 2024).
  static let storageFiles = ["beaverhabits/storage-2024-04-09.json", "beaverhabits/storage-2024-04-13.json"]

  /// Whether the shared fixtures are beside the repository; always under CI (`CI` set), so
  /// that a missing fixture folder fails the tests there instead of skipping them.
  static var haveFixtures: Bool {
    ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: shared(storageFiles[0]))
  }

  static func decode(_ input: CodecInput, options: [String: String] = [:]) throws -> (TrackerDataset, [Diagnostic]) {
    var context = CodecContext(fileName: input.displayName, options: options)
    let dataset = try BeaverHabitsCodec().decode(input, context: &context)
    return (dataset, context.diagnostics.located(by: context.sourceLocator, file: input.displayName))
  }

  static func decode(_ path: String, options: [String: String] = [:]) throws -> (TrackerDataset, [Diagnostic]) {
    try decode(CodecInput(path: path), options: options)
  }

  static func decode(text: String, name: String = "test.json", options: [String: String] = [:]) throws -> (TrackerDataset, [Diagnostic]) {
    try decode(CodecInput(.bytes(Array(text.utf8), name: name)), options: options)
  }

  /// Encodes in memory: the bytes and the warnings of writing.
  static func encode(_ dataset: TrackerDataset, options: [String: String] = [:]) throws -> ([UInt8], [Diagnostic]) {
    var context = CodecContext(fileName: "out.beaverhabits.json", options: options)
    let memory = MemoryOutput()
    try BeaverHabitsCodec().encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    return (memory.bytes, context.diagnostics)
  }

  /// A canonical JSON file, read with the JSON codec.
  static func canonical(_ path: String) throws -> TrackerDataset {
    var context = CodecContext(fileName: path)
    return try JSONCodec().decode(CodecInput(path: path), context: &context)
  }

  static func error(_ body: () throws -> Void) -> CodecError? {
    do {
      try body()
      return nil
    } catch {
      return error as? CodecError
    }
  }

  /// `TRACKPORT_PYTHON`, else `python3` on the PATH.
  static var python: String? {
    if let path = ProcessInfo.processInfo.environment["TRACKPORT_PYTHON"] { return path }
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { $0 + "/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs a Python script with `arguments` and returns its standard output: the oracle,
  /// never the code under test.
  static func runPython(_ script: String, _ arguments: [String]) throws -> String {
    let python = try #require(python, "python3 is a test dependency (make deps)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script] + arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "python failed")
    return String(decoding: data, as: UTF8.self)
  }

  /// Python's count of a beaverhabits file, habit by habit (the list under `habits`, or under
  /// `data.habits`): name, records done, records done with a text, records not done with a
  /// text, records not done without one, tags (joined by `|`), star, status, the period
  /// (`type/count/target` or `-`).
  static let countScript = """
    import json, sys
    doc = json.load(open(sys.argv[1], encoding="utf-8"))
    lst = doc["data"] if "habits" not in doc and "data" in doc else doc
    for h in lst["habits"]:
        rs = h.get("records") or []
        done = [r for r in rs if r["done"]]
        undone = [r for r in rs if not r["done"]]
        p = h.get("period")
        print("\\t".join([h["name"], str(len(done)), str(len([r for r in done if r.get("text")])),
                         str(len([r for r in undone if r.get("text")])), str(len([r for r in undone if not r.get("text")])),
                         "|".join(h.get("tags") or []), str(bool(h.get("star"))), h.get("status") or "active",
                         "%s/%d/%d" % (p["period_type"], p["period_count"], p["target_count"]) if p else "-"]))
    """

  /// One line of ``countScript``.
  struct Count: Equatable, CustomStringConvertible {
    var name: String
    var done: Int
    var doneWithText: Int
    var notDoneWithText: Int
    var notDoneWithout: Int
    var tags: String
    var star: Bool
    var status: String
    var period: String

    var description: String { "\(name) \(done)/\(doneWithText)/\(notDoneWithText)/\(notDoneWithout) [\(tags)] \(star) \(status) \(period)" }
  }

  static func counts(_ path: String) throws -> [Count] {
    try runPython(countScript, [path]).split(separator: "\n").map { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Count(name: f[0], done: Int(f[1]) ?? -1, doneWithText: Int(f[2]) ?? -1, notDoneWithText: Int(f[3]) ?? -1,
                   notDoneWithout: Int(f[4]) ?? -1, tags: f[5], star: f[6] == "True", status: f[7], period: f[8])
    }
  }

  /// The same count made from a dataset read by the codec, to compare with Python's.
  static func counts(of dataset: TrackerDataset) -> [Count] {
    let titles = Dictionary(uniqueKeysWithValues: dataset.categories.map { ($0.id, $0.title) })
    return dataset.trackers.map { tracker in
      let kept = tracker.extras["beaverhabits"]
      let records = dataset.records.filter { $0.trackerId == tracker.id }
      let entries = dataset.entries.filter { $0.trackerId == tracker.id }
      var tags: [String] = [titles[tracker.categoryId] ?? "?"]
      if case .array(let all)? = kept?["tags"] { tags = all.compactMap(\.stringValue) }
      var notDone = 0
      if case .array(let days)? = kept?["notDone"] { notDone = days.count }
      var period = "-"
      if let p = kept?["period"], case .string(let type)? = p["period_type"], case .number(let count)? = p["period_count"],
         case .number(let target)? = p["target_count"] {
        period = "\(type)/\(count)/\(target)"
      }
      let status = tracker.archived ? (kept?["status"]?.stringValue ?? "archive") : "active"
      return Count(name: tracker.name, done: records.count, doneWithText: records.count { $0.note != nil },
                   notDoneWithText: entries.count { $0.note != nil }, notDoneWithout: notDone, tags: tags.joined(separator: "|"),
                   star: tracker.pinned, status: status, period: period)
    }
  }
}
