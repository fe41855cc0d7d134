import Foundation

/// The journal: every run's record in order, read from `store/journal/`.
///
/// A run writes its record before it renames the new history into place, so after a crash the
/// last record may name an `after` the history never reached: ``load(_:)`` removes such a
/// record (the run did not happen), and the history and journal are again the before.
struct HubJournal {
  private(set) var runs: [HubRunRecord] = []

  /// Every entry, in order.
  var entries: [HubEntry] { runs.flatMap(\.entries) }
  /// Content hashes already taken (refused and undone ones too): such a file is not read again.
  private(set) var known: Set<String> = []
  /// Entry numbers taken back by an undo.
  private(set) var undone: Set<Int> = []

  var lastNumber: Int { runs.last?.entries.last?.number ?? 0 }
  var lastRun: Int { runs.last?.run ?? 0 }
  /// The newest modification time of any file imported: `prefer = "newer"` compares with it.
  var newestImport: Double { entries.compactMap { $0.isReplayable ? $0.modified : nil }.max() ?? -.infinity }

  /// Reads the journal of `store`, first removing a record whose history was never committed
  /// (`historyHash` is the hash of the history file now).
  static func load(_ store: HubStore, historyHash: String, repair: Bool) throws -> HubJournal {
    var journal = HubJournal()
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: store.journalPath)) ?? [])
      .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    let decoder = JSONDecoder()
    for (i, name) in names.enumerated() {
      let path = store.journalPath + "/" + name
      guard let bytes = try HubFiles.read(path) else { continue }
      let record: HubRunRecord
      do {
        record = try decoder.decode(HubRunRecord.self, from: Data(bytes))
      } catch {
        throw HubError(.damaged, "\(path): cannot read the journal record: \(error)")
      }
      if i == names.count - 1, record.after != historyHash {
        // The run died between this record and its commit (or after a commit that a later
        // run... cannot exist: records are written in order). Only the before may stand.
        guard record.before == historyHash else {
          throw HubError(.damaged, "\(path): the history matches neither the last run's before nor its after",
                         note: "history.trackport.json was changed by hand? restore it, or remove \(path)")
        }
        if repair { unlink(path) }
        continue
      }
      journal.append(record)
    }
    return journal
  }

  mutating func append(_ record: HubRunRecord) {
    runs.append(record)
    for entry in record.entries {
      if entry.status == .undo, let n = entry.undoes { undone.insert(n) } else { known.insert(entry.hash) }
    }
  }

  /// Writes `record` as the next journal file.
  static func write(_ record: HubRunRecord, store: HubStore) throws {
    try HubFiles.makeFolder(store.journalPath)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do { data = try encoder.encode(record) } catch { throw HubError(.io, "cannot encode the journal record: \(error)") }
    try HubFiles.write(Array(data) + [0x0a], to: path(of: record.run, store: store))
  }

  static func path(of run: Int, store: HubStore) -> String {
    let digits = String(run)
    return store.journalPath + "/" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".json"
  }
}
