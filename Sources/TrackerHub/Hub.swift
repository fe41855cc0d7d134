import Foundation
import TrackerPort
import TrackerMerge

/// A hub: one history kept from every export and backup that arrives (docs/hub.md).
///
/// Every command that changes the hub takes its lock first (one at a time), and commits by
/// renaming the new history into place after its journal record is on disk; a process killed
/// at any moment leaves the history and the journal as before or as after.
public struct Hub: Sendable {
  public let store: HubStore
  public let registry: CodecRegistry

  public init(folder: String, registry: CodecRegistry = StandardCodecs.registry) {
    store = HubStore(folder: folder)
    self.registry = registry
  }

  /// Makes the hub: its folder, `hub.toml` from `config`, an empty history and the store.
  ///
  /// - Throws: ``HubError`` `.usage` when the folder already holds a hub; `.config` for a
  ///   source or output naming a format that does not exist; `.io`.
  public func create(_ config: HubConfig) throws {
    if access(store.configPath, F_OK) == 0 || access(store.historyPath, F_OK) == 0 {
      throw HubError(.usage, "\(store.folder): already a hub (hub.toml or history.trackport.json exists)",
                     note: "add a source with: trackport hub source add \(store.folder) PATH")
    }
    try check(config)
    try HubFiles.makeFolder(store.journalPath)
    try HubFiles.makeFolder(store.objectsPath)
    let empty = try HubDatasetBytes.encode(TrackerDataset())
    try store.put(empty)
    try HubSecrets(store: store).create()
    try HubFiles.write(empty, to: store.historyPath)
    try HubFiles.write(text: config.render(), to: store.configPath)
  }

  /// The configuration as `hub.toml` says now.
  public func config() throws -> HubConfig {
    try store.checkExists()
    guard let bytes = try HubFiles.read(store.configPath) else { throw HubError(.notAHub, "\(store.configPath): missing") }
    let config = try HubConfig.parse(String(decoding: bytes, as: UTF8.self), file: store.configPath)
    try check(config)
    return config
  }

  /// Rewrites `hub.toml` with `change` applied (`hub source add`, `hub output add`), under the
  /// lock.
  public func updateConfig(_ change: (inout HubConfig) -> Void) throws {
    let lock = try store.lock(wait: true)
    defer { lock.release() }
    var config = try self.config()
    change(&config)
    try check(config)
    try HubFiles.write(text: config.render(), to: store.configPath)
  }

  /// Format ids the configuration names must exist (a misspelt one is refused before any run).
  func check(_ config: HubConfig) throws {
    for source in config.sources {
      if let from = source.from, !registry.codecs.contains(where: { $0.descriptor.id == from && $0.descriptor.canRead }) {
        throw HubError(.config, "\(store.configPath):\(source.line): error: [[source]] \(source.path): no readable format '\(from)'",
                       note: HubConfig.nearestNote(from, among: registry.codecs.filter { $0.descriptor.canRead }.map(\.descriptor.id)))
      }
    }
    for output in config.outputs {
      guard let to = output.to, to != HubOutputs.reportFormat, to != HubOutputs.caldavFormat else { continue }
      if !registry.codecs.contains(where: { $0.descriptor.id == to && $0.descriptor.canWrite }) {
        throw HubError(.config, "\(store.configPath):\(output.line): error: [[output]] \(output.key): no writable format '\(to)'",
                       note: HubConfig.nearestNote(to, among: registry.codecs.filter { $0.descriptor.canWrite }.map(\.descriptor.id) + [HubOutputs.reportFormat]))
      }
    }
  }

  /// The history's bytes and hash now.
  func history() throws -> (bytes: [UInt8], hash: String) {
    try store.checkExists()
    guard let bytes = try HubFiles.read(store.historyPath) else { throw HubError(.notAHub, "\(store.historyPath): missing") }
    return (bytes, HubHash.of(bytes))
  }

  /// The history as a dataset.
  public func historyDataset() throws -> TrackerDataset {
    try HubDatasetBytes.decode(try history().bytes, name: store.historyPath)
  }

  /// Every journal entry, oldest first, with whether an undo took it back.
  public func log() throws -> [(entry: HubEntry, undone: Bool)] {
    let journal = try HubJournal.load(store, historyHash: try history().hash, repair: false)
    return journal.entries.map { ($0, journal.undone.contains($0.number)) }
  }

  /// Writes the history to `path` in `format` (from the name when `nil`), atomically.
  public func export(to path: String, format: String?, options: [String: String], overwrite: Bool) throws -> [Diagnostic] {
    var destination = try DatasetDestination(path: path, format: format, overwrite: overwrite, inputs: [store.historyPath],
                                             options: options, registry: registry)
    try CodecDescriptor.checkOptions(options, reading: [], writing: [destination.writer.descriptor])
    let dataset = try historyDataset()
    let losses = destination.losses(writing: dataset)
    return losses + (try destination.write(dataset))
  }

  /// Takes entry `number` back: the history becomes what it would be had that import never
  /// been taken (the history before it, with every later import merged again from its stored
  /// input, as it was merged then). Journaled as an `undo` entry; the outputs follow.
  ///
  /// - Throws: ``HubError`` `.usage` for an entry that is no import or is undone already.
  public func undo(_ number: Int, wait: Bool, outputs: HubOutputs) throws -> HubRunReport {
    let lock = try store.lock(wait: wait)
    defer { lock.release() }
    let config = try self.config()
    let current = try history()
    let journal = try HubJournal.load(store, historyHash: current.hash, repair: true)
    let entries = journal.entries
    guard let index = entries.firstIndex(where: { $0.number == number }) else {
      throw HubError(.usage, "\(store.folder): no journal entry \(number)", note: "trackport hub log \(store.folder) lists them")
    }
    let target = entries[index]
    guard target.isReplayable else {
      throw HubError(.usage, "\(store.folder): entry \(number) is \(target.status == .undo ? "an undo" : "a refused file"): only imports can be undone")
    }
    guard !journal.undone.contains(number) else { throw HubError(.usage, "\(store.folder): entry \(number) is undone already") }
    // Nothing happened after it: the history before it is the answer, byte for byte.
    // Otherwise start before the first import whose effect must be gone (this one, or one an
    // earlier undo took back) and merge again every import after it that stays.
    let bytes: [UInt8]
    if entries[(index + 1)...].allSatisfy({ $0.status == .refused }) {
      bytes = try store.get(target.before)
    } else {
      let start = entries.firstIndex { $0.number == number || ($0.isReplayable && journal.undone.contains($0.number)) } ?? index
      var dataset = try HubDatasetBytes.decode(try store.get(entries[start].before), name: "store object \(entries[start].before)")
      for entry in entries[start...] where entry.isReplayable && entry.number != number && !journal.undone.contains(entry.number) {
        guard let input = entry.input else { continue }
        let incoming = try HubDatasetBytes.decode(try store.get(input), name: "store object \(input)")
        let prefer: MergePreference = entry.kept == "history" ? .base : .incoming
        dataset = DatasetMerger(prefer: prefer).merge(MergeInput(consume dataset), [MergeInput(incoming, uncarried: Set(entry.uncarried))]).dataset
      }
      bytes = try HubDatasetBytes.encode(dataset)
    }
    let after = try store.put(bytes)
    var entry = HubEntry(number: journal.lastNumber + 1, run: journal.lastRun + 1, time: HubClock.now(), status: .undo,
                         file: target.file, hash: target.hash, before: current.hash, after: after)
    entry.undoes = number
    let record = HubRunRecord(run: entry.run, time: entry.time, before: current.hash, after: after, entries: [entry])
    try HubJournal.write(record, store: store)
    try HubFiles.write(bytes, to: store.historyPath)
    var report = HubRunReport(run: record.run, entries: [entry], historyChanged: current.hash != after)
    report.outputs = try outputs.regenerate(config: config, hub: self, history: bytes, hash: after)
    return report
  }
}

/// When a journal entry was made.
enum HubClock {
  static func now() -> String {
    Date().ISO8601Format()
  }
}
