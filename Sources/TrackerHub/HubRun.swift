import Foundation
import TrackerPort
import TrackerMerge

/// What one run (or undo) did: for `hub run`'s summary and exit status.
public struct HubRunReport: Sendable {
  /// The run's number (0 when it took nothing).
  public var run: Int
  /// The journal entries it made.
  public var entries: [HubEntry]
  /// Whether the history changed.
  public var historyChanged: Bool
  /// Files left for a later run: changed less than `settle` ago, or vanished while read.
  public var deferred: [String] = []
  /// One line per output written, pushed or failed.
  public var outputs: [HubOutputResult] = []

  public init(run: Int, entries: [HubEntry], historyChanged: Bool) {
    self.run = run
    self.entries = entries
    self.historyChanged = historyChanged
  }
}

extension Hub {
  /// One pass (`hub run`): every source file not taken yet is read and merged into the history,
  /// in the order the files were made; each is a journal entry; the run commits once; then the
  /// outputs whose history changed are written again.
  ///
  /// `now` is the time `settle` is measured from (tests give it). A file that cannot be read is
  /// journaled as refused, with its diagnostics, and the run goes on.
  ///
  /// - Throws: ``HubError`` `.busy` (another run, without `wait`), `.config`, `.io` (nothing
  ///   changed), `.damaged`.
  public func run(wait: Bool, outputs: HubOutputs, settle: Double? = nil, now: Double = Date().timeIntervalSince1970) throws -> HubRunReport {
    let lock = try store.lock(wait: wait)
    defer { lock.release() }
    let config = try self.config()
    let current = try history()
    let journal = try HubJournal.load(store, historyHash: current.hash, repair: true)
    let runNumber = journal.lastRun + 1
    let time = HubClock.now()
    var dataset: TrackerDataset?
    var historyBytes = current.bytes
    var historyHash = current.hash
    var newest = journal.newestImport
    var entries: [HubEntry] = []
    var seen = journal.known
    var storedHash: String?
    var deferred: [String] = []
    let wait = settle ?? config.settle

    for unit in HubSourceScan.units(config.sources, hub: store.folder, registry: registry) {
      guard let hash = HubSourceScan.hash(unit) else {
        deferred.append(unit.path)
        continue
      }
      guard !seen.contains(hash) else { continue }
      // Changed a moment ago: a writer may not be done with it.
      if unit.modified > now - wait {
        deferred.append(unit.path)
        continue
      }
      seen.insert(hash)
      var entry = HubEntry(number: journal.lastNumber + entries.count + 1, run: runNumber, time: time, status: .refused,
                           file: unit.path, hash: hash, before: historyHash, after: historyHash)
      entry.size = unit.size
      entry.modified = unit.modified
      HubFault.at(.reading)
      let file: DatasetFile
      do {
        file = try DatasetFile.load(unit.path, format: unit.source.from, registry: registry, options: unit.source.options)
      } catch let error as CodecError {
        if access(unit.path, F_OK) != 0 {
          // Gone while read (a rotation, a sync): not journaled, tried again if it comes back.
          seen.remove(hash)
          deferred.append(unit.path)
          continue
        }
        entry.diagnostics = [Self.line(error)]
        entries.append(entry)
        continue
      }
      entry.format = file.codec.id
      entry.diagnostics = file.diagnostics.prefix(HubEntry.maximumLines).map(Self.line)
      if !file.readErrors.isEmpty, !unit.source.skipBadRows {
        entry.diagnostics.append("\(unit.path): error: \(file.readErrors.count) part(s) of the file could not be read; not imported (skip-bad-rows = true takes the rest)")
        entries.append(entry)
        continue
      }
      if dataset == nil { dataset = try HubDatasetBytes.decode(historyBytes, name: store.historyPath) }
      // Undo starts from the history before an entry: every such history is kept.
      if storedHash != historyHash {
        try store.put(historyBytes)
        storedHash = historyHash
      }
      let incoming = MergeInput(file.dataset, cannotCarry: file.codec.cannotCarry)
      let sourceWins: Bool
      switch config.prefer {
      case .source: sourceWins = true
      case .history: sourceWins = false
      case .newer: sourceWins = unit.modified >= newest
      }
      let result = DatasetMerger(prefer: sourceWins ? .incoming : .base).merge(MergeInput(dataset!), [incoming])
      HubFault.at(.merging)
      let bytes = try HubDatasetBytes.encode(result.dataset)
      let afterHash = HubHash.of(bytes)
      entry.input = try store.put(try HubDatasetBytes.encode(file.dataset))
      entry.uncarried = incoming.uncarried.sorted()
      entry.status = afterHash == historyHash ? .unchanged : .imported
      entry.after = afterHash
      entry.kept = sourceWins ? "source" : "history"
      entry.conflicts = result.conflicts.count
      entry.conflictLines = result.conflicts.prefix(HubEntry.maximumLines).map {
        "\($0.subject): \($0.field): history \($0.base), source \($0.incoming); kept \($0.kept == .incoming ? "source" : "history")"
      }
      entry.added.trackers = result.plan.trackersNew
      entry.added.records = result.plan.recordsNew
      entry.added.entries = result.plan.entriesNew
      entry.added.tasks = result.plan.tasksNew
      entry.added.categories = result.plan.categoriesNew
      entry.present = result.plan.recordsPresent + result.plan.entriesPresent
      if afterHash != historyHash {
        dataset = result.dataset
        historyBytes = bytes
        historyHash = afterHash
      }
      newest = max(newest, unit.modified)
      entries.append(entry)
    }

    var report = HubRunReport(run: entries.isEmpty ? 0 : runNumber, entries: entries, historyChanged: historyHash != current.hash)
    report.deferred = deferred
    if !entries.isEmpty {
      if historyHash != current.hash { try store.put(historyBytes) }
      let record = HubRunRecord(run: runNumber, time: time, before: current.hash, after: historyHash, entries: entries)
      try HubJournal.write(record, store: store)
      if historyHash != current.hash {
        do {
          try HubFiles.write(historyBytes, to: store.historyPath, beforeRename: { HubFault.at(.writingHistory) })
        } catch {
          unlink(HubJournal.path(of: runNumber, store: store))
          throw error
        }
      }
    }
    report.outputs = try outputs.regenerate(config: config, hub: self, history: historyBytes, hash: historyHash)
    return report
  }

  /// A diagnostic as one journal line: `file:line:column: severity: message [code]`.
  static func line(_ d: Diagnostic) -> String {
    "\(d.location.place): \(d.severity.rawValue): \(d.message) [\(d.code)]" + (d.note.map { " (\($0))" } ?? "")
  }

  static func line(_ error: CodecError) -> String {
    error.description.replacingOccurrences(of: "\n  note: ", with: " — note: ")
  }
}
