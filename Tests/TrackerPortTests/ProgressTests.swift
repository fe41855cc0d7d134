import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Conversions tell a ``ProgressMeter`` how far they have read and written, format by format.
@Suite struct ProgressTests {
  /// A generated dataset big enough that every reader reports at least once (every 4,096
  /// records or 64 KiB chunk), written as canonical JSON.
  static let source: String = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-progress-\(UUID())")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("source.trackport.json").path
    let dataset = DatasetGenerator(trackers: 40, days: 500, seed: 7).generate()
    var context = CodecContext(fileName: path)
    try! JSONCodec().encode(dataset, to: CodecOutput(path: path), context: &context)
    return path
  }()

  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? -1
  }

  @Test(arguments: ["trackport.json", "trackport.xml", "csv-package.zip"])
  func readingAndWritingAreCounted(_ ending: String) throws {
    let records = try DatasetFile.load(ProgressTests.source).dataset.records.count
    #expect(records > 8_192)
    let output = ProgressTests.source.replacingOccurrences(of: "source.trackport.json", with: "out-\(UUID()).\(ending)")
    let meter = ProgressMeter()
    _ = try Conversion(input: ProgressTests.source, output: output).run(progress: meter)
    let written = meter.snapshot()
    #expect(written.phase == "writing")
    #expect(written.subject == output)
    if ending.hasSuffix(".zip") {
      #expect(written.bytes > ProgressTests.size(output))  // members before compression
    } else {
      #expect(written.bytes == ProgressTests.size(output))
    }

    let reading = ProgressMeter()
    let file = try DatasetFile.load(output, progress: reading)
    let read = reading.snapshot()
    #expect(read.phase == "reading")
    #expect(read.totalBytes == ProgressTests.size(output))
    #expect(read.bytes == read.totalBytes)  // the phase ended: all of it was read
    #expect(read.items > 0 && read.items <= file.dataset.records.count + 1_000)
    #expect(file.dataset.records.count == records)
  }

  /// Writers count what they write: records (JSON, XML), rows with the header (CSV,
  /// HabitBull), calendar components (iCalendar), habits and repetitions (Loop).
  @Test(arguments: ["trackport.json", "trackport.xml", "csv", "habitbull.csv", "ics", "db"])
  func writersCountTheirItems(_ ending: String) throws {
    let dataset = try DatasetFile.load(ProgressTests.source).dataset
    let habits = Set(dataset.trackers.filter { $0.kind == .habit }.map(\.id))
    let output = ProgressTests.source.replacingOccurrences(of: "source.trackport.json", with: "items-\(UUID()).\(ending)")
    let meter = ProgressMeter()
    _ = try Conversion(input: ProgressTests.source, output: output, options: ending == "csv" ? ["to-shape": "log"] : [:]).run(progress: meter)
    let items = meter.snapshot().items
    switch ending {
    case "csv", "habitbull.csv":
      let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\r\n").count
      #expect(items == lines)
    case "ics":
      // The components directly inside VCALENDAR (events, to-dos, time zones), not theirs.
      var depth = 0, components = 0
      for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\r\n") {
        if line.hasPrefix("BEGIN:") {
          depth += 1
          if depth == 2 { components += 1 }
        } else if line.hasPrefix("END:") {
          depth -= 1
        }
      }
      #expect(items == components && components > 40, "\(items) of \(components)")
    case "db":
      #expect(items == habits.count + dataset.records.count { habits.contains($0.trackerId) })
    default:
      #expect(items == dataset.records.count)
    }
  }

  @Test func aHabitBullFileIsCountedByChunkUpToItsSize() throws {
    let output = ProgressTests.source.replacingOccurrences(of: "source.trackport.json", with: "hb-\(UUID()).habitbull.csv")
    _ = try Conversion(input: ProgressTests.source, output: output).run()
    let meter = ProgressMeter()
    _ = try DatasetFile.load(output, progress: meter)
    let read = meter.snapshot()
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\r\n").count
    #expect(read.bytes == ProgressTests.size(output))
    #expect(read.items == lines)  // every row and the header
  }

  @Test func aCSVTableIsCountedByChunkUpToItsSize() throws {
    let output = ProgressTests.source.replacingOccurrences(of: "source.trackport.json", with: "log-\(UUID()).csv")
    _ = try Conversion(input: ProgressTests.source, output: output, options: ["to-shape": "log"]).run()
    let meter = ProgressMeter()
    let file = try DatasetFile.load(output, options: ["shape": "log"], progress: meter)
    let read = meter.snapshot()
    #expect(read.bytes == ProgressTests.size(output))
    #expect(read.items == file.dataset.records.count + 1)  // every row and the header
  }

  @Test func aMeterStartsEachPhaseFromZero() {
    let meter = ProgressMeter()
    meter.begin("reading", subject: "a", totalBytes: 100)
    meter.add(bytes: 10, items: 2)
    meter.reached(bytes: 40)
    #expect(meter.snapshot().bytes == 40 && meter.snapshot().items == 2)
    meter.begin("writing", subject: "b")
    let s = meter.snapshot()
    #expect(s.phase == "writing" && s.subject == "b" && s.bytes == 0 && s.items == 0 && s.totalBytes == nil)
  }

  @Test func theObserverSeesEachPhaseBeginAndEnd() {
    let meter = ProgressMeter()
    let seen = SeenSnapshots()
    meter.observe { snapshot in seen.append(snapshot) }
    meter.begin("reading", subject: "a", totalBytes: 100)
    meter.reached(bytes: 40, items: 3)
    meter.end()
    meter.begin("writing", subject: "b")
    meter.add(bytes: 7, items: 1)
    meter.end()
    let phases = seen.all.map { "\($0.phase) \($0.bytes) \($0.items)" }
    #expect(phases == ["reading 0 0", "reading 100 3", "writing 0 0", "writing 7 1"])
  }
}

/// What an observer was told, kept under a lock (observers are called from the working thread).
private final class SeenSnapshots: @unchecked Sendable {
  private let lock = NSLock()
  private var snapshots: [ProgressMeter.Snapshot] = []
  func append(_ snapshot: ProgressMeter.Snapshot) { lock.withLock { snapshots.append(snapshot) } }
  var all: [ProgressMeter.Snapshot] { lock.withLock { snapshots } }
}
