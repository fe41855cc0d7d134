import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Checks our output against Python `icalendar` and `recurring_ical_events`, and our reader
/// against the `.ics` files shipped in the `icalendar` wheel. Needs TRACKPORT_PYTHON (the
/// Makefile's `.venv`); skipped otherwise, except under CI.
@Suite struct ICalendarOracleTests {
  static let python = ProcessInfo.processInfo.environment["TRACKPORT_PYTHON"]
  static let oracleWanted = python != nil || ProcessInfo.processInfo.environment["CI"] != nil

  /// The start of every checker: parses each file named on the command line as `cal`, adds
  /// its `component.errors` to `bad`, and loads its expectation file `<ics>.json` as `expected`;
  /// a checker goes on inside the loop (four spaces) and ends with ``verdict``.
  static let prologue = """
  import sys, json, datetime, zoneinfo, icalendar, recurring_ical_events
  bad = []
  for path in sys.argv[1:]:
      cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
      for c in cal.walk():
          if getattr(c, 'errors', None): bad.append(f"{path}: {c.name}: {c.errors}")
      expected = json.load(open(path + '.json'))

  """
  /// The end of every checker: prints what is wrong and fails when anything is.
  static let verdict = """
  print("\\n".join(bad)); sys.exit(1 if bad else 0)
  """

  /// Fails on any `component.errors`, and compares each recurring event's days with the
  /// expectation file ({uid: [start, end, [days...]]}).
  static let checker = prologue + """
      for uid, (start, end, days) in expected.items():
          s, e = datetime.date.fromisoformat(start), datetime.date.fromisoformat(end)
          got = sorted({str(ev['DTSTART'].dt) for ev in recurring_ical_events.of(cal).between(s, e) if str(ev['UID']) == uid})
          if got != sorted(days): bad.append(f"{path}: {uid}: expanded {got[:5]}... expected {sorted(days)[:5]}... ({len(got)} vs {len(days)})")
      for tz in cal.walk('VTIMEZONE'):
          ours, real = tz.to_tz(), zoneinfo.ZoneInfo(str(tz['TZID']))
          for todo in cal.walk('VTODO'):
              for key in ('DTSTART', 'DUE'):
                  if key in todo:
                      wall = todo[key].dt.replace(tzinfo=None)
                      if wall.replace(tzinfo=ours).utcoffset() != wall.replace(tzinfo=real).utcoffset():
                          bad.append(f"{path}: {key} {wall}: VTIMEZONE offset differs from zoneinfo")

  """ + verdict

  static func run(_ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(python))
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  @Test(.enabled(if: oracleWanted, "set TRACKPORT_PYTHON to a python with icalendar and recurring-ical-events"))
  func exportedFilesParseAndExpandToThePlannedDays() throws {
    let folder = try temporaryFolder("trackport-ics")
    defer { try? FileManager.default.removeItem(at: folder) }
    var datasets = [try DatasetFile.load(Harness.root.appendingPathComponent("SampleData/demo.trackport.json").path).dataset]
    datasets += (0..<6).map { DatasetGenerator(trackers: 12, days: 40, seed: UInt64($0)).generate() }
    datasets += (0..<6).map { nastyDataset(seed: UInt64($0) + 7) }
    var files: [String] = []
    for (n, dataset) in datasets.enumerated() {
      let url = folder.appendingPathComponent("d\(n).ics")
      try Data(try Harness.encode(dataset, options: n % 2 == 0 ? ["history": "true"] : ["timezone": ["Europe/Berlin", "America/New_York", "Asia/Kolkata"][n % 3]])).write(to: url)
      try Data(try JSONSerialization.data(withJSONObject: expectation(dataset))).write(to: URL(fileURLWithPath: url.path + ".json"))
      files.append(url.path)
    }
    let (status, output) = try Self.run(["-c", Self.checker] + files)
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
    let (_, folder) = try Self.run(["-c", "import icalendar, os; print(os.path.dirname(icalendar.__file__), end='')"])
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
