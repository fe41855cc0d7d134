import Foundation
import TrackerPort
import TrackerReport
import TrackerOutput

/// What happened to one output in a run.
public struct HubOutputResult: Sendable {
  public enum Outcome: Sendable { case written, pushed, failed }
  /// The output's path or URL.
  public var key: String
  public var outcome: Outcome
  /// What was written or pushed, or why not.
  public var message: String
  /// The exit status a failure maps to (the CLI's table), for `failed`.
  public var failure: HubOutputFailure?
}

/// Why an output failed: a file that could not be written, or a push the server refused.
public enum HubOutputFailure: Sendable {
  case cannotWrite
  case push(Int32)
}

/// Writes a hub's outputs from its history: files in any writable format, the HTML report
/// (`to = "report"`), and CalDAV collections through ``pusher``.
///
/// An output is written again only when the history it was last written from is not the
/// history now (`store/outputs.json`), or its file is gone: a run that took nothing new writes
/// nothing. An output that fails is tried again by the next run; the others are still written.
public struct HubOutputs: Sendable {
  /// `to = "report"`: the HTML report of the last year of the history.
  public static let reportFormat = "report"
  /// `to = "caldav"` (or an output with a `url`): a push to a CalDAV collection.
  public static let caldavFormat = "caldav"

  /// Pushes the history to a CalDAV output; returns its one-line result, or throws with the
  /// exit status of the failure. The CLI gives it (credentials are the CLI's business).
  public typealias Pusher = @Sendable (_ output: HubOutput, _ dataset: TrackerDataset, _ statePath: String) throws -> String

  let pusher: Pusher?

  public init(pusher: Pusher? = nil) { self.pusher = pusher }

  func regenerate(config: HubConfig, hub: Hub, history: [UInt8], hash: String) throws -> [HubOutputResult] {
    let store = hub.store
    var written = (try? HubFiles.read(store.outputsPath)).flatMap { $0 }.flatMap {
      try? JSONDecoder().decode([String: String].self, from: Data($0))
    } ?? [:]
    var results: [HubOutputResult] = []
    var dataset: TrackerDataset?
    var first = true
    for output in config.outputs {
      let path = output.path.map { HubSourceScan.absolute($0, hub: store.folder) }
      if written[output.key] == hash, path.map({ access($0, F_OK) == 0 }) ?? true { continue }
      if dataset == nil { dataset = try HubDatasetBytes.decode(history, name: store.historyPath) }
      if first {
        HubFault.at(.writingOutputs)
        first = false
      }
      do {
        if let path {
          try HubFiles.makeFolder((path as NSString).deletingLastPathComponent)
          let message = try write(output, to: path, dataset: dataset!, hub: hub)
          results.append(HubOutputResult(key: output.key, outcome: .written, message: message))
        } else {
          guard let pusher else {
            results.append(HubOutputResult(key: output.key, outcome: .failed, message: "CalDAV outputs are pushed by the trackport command", failure: .cannotWrite))
            continue
          }
          HubFault.at(.pushing)
          let state = output.state.map { HubSourceScan.absolute($0, hub: store.folder) }
            ?? store.storePath + "/caldav-" + HubHash.of(text: output.key).prefix(16) + ".json"
          let message = try pusher(output, dataset!, state)
          results.append(HubOutputResult(key: output.key, outcome: .pushed, message: message))
        }
        written[output.key] = hash
      } catch let failure as HubPushFailure {
        results.append(HubOutputResult(key: output.key, outcome: .failed, message: failure.message, failure: .push(failure.status)))
      } catch {
        results.append(HubOutputResult(key: output.key, outcome: .failed, message: "\(error)", failure: .cannotWrite))
      }
    }
    if !results.isEmpty {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      try HubFiles.write(Array(try encoder.encode(written)) + [0x0a], to: store.outputsPath)
    }
    return results
  }

  private func write(_ output: HubOutput, to path: String, dataset: TrackerDataset, hub: Hub) throws -> String {
    let isReport = output.to == Self.reportFormat || (output.to == nil && [".html", ".htm"].contains { path.lowercased().hasSuffix($0) })
    if isReport {
      let locale = output.options["locale"].flatMap(AgendaLocale.init(rawValue:)) ?? .en
      let theme = output.options["theme"].flatMap(ReportTheme.init(rawValue:)) ?? .auto
      let today = LocalDate.localToday() ?? LocalDate(year: 2000, month: 1, day: 1)!
      let index = DatasetIndex(dataset)
      let range = TrackerReport.defaultRange(index, today: today)
      let report = TrackerReport(dataset: dataset, range: range, today: today,
                                 pinnedTitle: locale.pinnedTitle, index: index)
      let page = HTMLReport(report, locale: locale, theme: theme)
      try CodecOutput(path: path, overwrite: true).write { writer in page.render(emit: { writer.write($0) }) }
      return "the report of \(range.lowerBound) to \(range.upperBound)"
    }
    var destination = try DatasetDestination(path: path, format: output.to, overwrite: true, inputs: [hub.store.historyPath],
                                             options: output.options, registry: hub.registry)
    try CodecDescriptor.checkOptions(output.options, reading: [], writing: [destination.writer.descriptor])
    _ = try destination.write(dataset)
    return "\(dataset.trackers.count) trackers, \(dataset.records.count) records as \(destination.writer.descriptor.id)"
  }
}

/// A CalDAV push that failed, with the CLI's exit status for it.
public struct HubPushFailure: Error, Sendable {
  public var message: String
  public var status: Int32
  public init(_ message: String, status: Int32) {
    self.message = message
    self.status = status
  }
}
