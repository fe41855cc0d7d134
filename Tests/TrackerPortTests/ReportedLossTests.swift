import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Every "cannot carry" line a conversion prints is true (issue 45, "Loss reports that are
/// wrong"): for each field a writer reports lost, its output read back really differs in that
/// field. ``CannotCarryTests`` checks the other half (nothing is lost that is not reported).
///
/// Each writer writes the full dataset (every part of the model), Loop's example backup and a
/// real Loop 2.3.1 CSV export (questions, goals on numeric habits only); the read-back copy,
/// with every other reported field forgotten on both sides, must differ from the input once
/// that field is kept.
@Suite struct ReportedLossTests {
  static let loopBackup = SharedFixtures.path("loop_uhabits/loop.db")
  static let loopExport = SharedFixtures.path("loop_uhabits/csv_export")

  /// The datasets written: named, as read.
  static func sources() throws -> [(String, TrackerDataset)] {
    var sources = [("the full dataset", CannotCarryTests.fullDataset())]
    for (name, path) in [("Loop's example backup", loopBackup), ("a Loop 2.3.1 CSV export", loopExport)]
      where SharedFixtures.available(path) {
      var context = CodecContext(fileName: path)
      sources.append((name, try LoopCodec().decode(CodecInput(path: path), context: &context)))
    }
    return sources
  }

  /// A part of another part: reported with it (Habo's "tasks" and "tasks.reminders"), true when
  /// the whole is, and checked with it.
  static let within: [ModelField: ModelField] = [
    .taskReminders: .tasks, .taskAttachments: .tasks, .taskCategoryOrder: .tasks,
    .eventDate: .events, .eventRecords: .events,
    .categoryIds: .categories, .categoryOrder: .categories, .categoriesWithoutTrackers: .categories,
  ]

  @Test(arguments: CannotCarryTests.writers.filter(\.codec.descriptor.canRead))
  func everyReportedLossIsReal(_ writer: CannotCarryTests.Writer) throws {
    let folder = try temporaryFolder("trackport-loss")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (index, (name, dataset)) in try Self.sources().enumerated() {
      let path = folder.appendingPathComponent("\(index)-" + writer.fileName).path
      let reported = Set(CannotCarryTests.reported(writer.codec.losses(writing: dataset, to: CodecOutput(path: path), options: writer.options))
        .compactMap(ModelField.init(rawValue:)))
      guard !reported.isEmpty else { continue }
      var writing = CodecContext(fileName: path, options: writer.options)
      try writer.codec.encode(dataset, to: CodecOutput(path: path), context: &writing)
      var reading = CodecContext(fileName: path, options: writer.readOptions)
      let back = try writer.codec.decode(CodecInput(path: path), context: &reading)
      for field in reported where !reported.contains(Self.within[field] ?? field) || Self.within[field] == nil {
        let others = reported.subtracting([field])
        let kept = CannotCarryTests.forgetting(others, in: dataset)
        let read = CannotCarryTests.forgetting(others, in: back, skippedIn: dataset)
        #expect(kept != read, "\(writer.testDescription), \(name): reported \(field.rawValue) lost, but it reads back as written")
      }
    }
  }
}
