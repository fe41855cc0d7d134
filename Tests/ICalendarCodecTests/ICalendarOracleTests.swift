import Foundation
import Testing
import TrackerTestSupport
import ICalendarCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Checks our output against Python `icalendar` and `recurring_ical_events`, and our reader
/// against the `.ics` files shipped in the `icalendar` wheel. Needs TRACKPORT_PYTHON (the
/// Makefile's `.venv`); skipped otherwise, except under CI.
@Suite struct ICalendarOracleTests {
  static let oracleWanted = Python.venvNamed || ProcessInfo.processInfo.environment["CI"] != nil

  /// Runs `Tests/Oracles/icalendar_check.py` with `arguments`: its exit status and what it
  /// printed (standard output, then standard error).
  static func check(_ arguments: [String]) throws -> (Int32, String) {
    let result = try Python.result(Python.oracle("icalendar_check.py"), arguments)
    return (result.status, result.stdout + result.stderr)
  }

  @Test(.enabled(if: oracleWanted, "set TRACKPORT_PYTHON to a python with icalendar and recurring-ical-events"))
  func exportedFilesParseAndExpandToThePlannedDays() throws {
    let folder = try temporaryFolder("trackport-ics")
    defer { try? FileManager.default.removeItem(at: folder) }
    var datasets = [try Harness.demo()]
    datasets += (0..<4).map { DatasetGenerator(trackers: 12, days: 40, seed: UInt64($0)).generate() }
    datasets += (0..<4).map { nastyDataset(seed: UInt64($0) + 7) }
    var files: [String] = []
    for (n, dataset) in datasets.enumerated() {
      let url = folder.appendingPathComponent("d\(n).ics")
      try Data(try Harness.encode(dataset, options: n % 2 == 0 ? ["history": "true"] : ["timezone": ["Europe/Berlin", "America/New_York", "Asia/Kolkata"][n % 3]])).write(to: url)
      try Data(try JSONSerialization.data(withJSONObject: expectation(dataset))).write(to: URL(fileURLWithPath: url.path + ".json"))
      files.append(url.path)
    }
    let (status, output) = try Self.check(["planned"] + files)
    #expect(status == 0, "\(output)")
  }

  /// For each habit with a schedule and a unique id: the window the check covers and the days
  /// the model plans in it.
  func expectation(_ dataset: TrackerDataset) -> [String: [Any]] {
    var result: [String: [Any]] = [:]
    let ids = Dictionary(grouping: dataset.trackers, by: \.id)
    let earliest = dataset.records.map(\.date).min()
    for tracker in dataset.trackers where tracker.kind == .habit && !(tracker.schedule ?? []).isEmpty && ids[tracker.id]?.count == 1
      && !ICalendarText.needsJSON(tracker.id) && !tracker.id.contains("\n") {
      let first = dataset.records.filter { $0.trackerId == tracker.id }.map(\.date).min()
      let anchor = tracker.createdOn ?? first ?? earliest ?? LocalDate(year: 1970, month: 1, day: 1) ?? LocalDate(dayNumber: 0)
      let start = anchor.adding(days: tracker.createdOn == nil ? 0 : -10)
      let end = anchor.adding(days: 365)
      var days: [String] = []
      var day = start
      while day < end {
        if tracker.isPlanned(on: day, firstCompletion: first) { days.append(day.description) }
        day = day.adding(days: 1)
      }
      result[tracker.id] = [start.description, end.description, days]
    }
    return result
  }

  @Test(.enabled(if: oracleWanted, "set TRACKPORT_PYTHON to a python with icalendar installed"))
  func everyCalendarInTheIcalendarWheelReadsOrFailsWithALocation() throws {
    let (_, folder) = try Self.check(["wheel"])
    let tests = URL(fileURLWithPath: folder).appendingPathComponent("tests")
    let enumerator = FileManager.default.enumerator(atPath: tests.path)
    var files: [String] = []
    while let name = enumerator?.nextObject() as? String { if name.hasSuffix(".ics") { files.append(name) } }
    #expect(files.count > 50)
    var read = 0
    for name in files.sorted() {
      let bytes = try [UInt8](Data(contentsOf: tests.appendingPathComponent(name)))
      do {
        _ = try Harness.decode(bytes)
        read += 1
      } catch let error as CodecError {
        #expect(error.kind == .malformedInput && error.location.line != nil, "\(name): \(error)")
      }
    }
    #expect(read > files.count / 2, "most real calendars read")
  }
}
