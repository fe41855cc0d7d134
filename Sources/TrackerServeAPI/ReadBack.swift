import TrackerPort

/// A conversion's output read again by the format that wrote it, and compared with what was
/// converted: the server's check that what it hands out holds what it says (docs/serve.md,
/// "Read-back check"). A count may only differ where the conversion reported a loss that
/// explains it (a `dropped-field` of entries explains fewer notes, not fewer days).
struct ReadBack {
  /// What the output reads back as.
  var dataset: TrackerDataset
  /// ``dataset`` counted.
  var tally: DatasetTally
  /// The kinds whose count differs from the converted dataset's with no reported loss to
  /// explain it: each with the count converted and the count read back.
  var mismatches: [(kind: DatasetTally.Kind, converted: Int, readBack: Int)]

  /// Reads `output` (a file or a folder) with `writer`, given the part of `options` it declares
  /// for reading, and compares it with `converted`, the dataset written, whose conversion
  /// reported `losses`.
  init(output: String, writer: any TrackerCodec, options: [String: String], converted: TrackerDataset,
       losses: [Diagnostic]) throws {
    let read = try DatasetFile.load(CodecInput(path: output), reader: writer, options: options).dataset
    let tally = DatasetTally(read), expected = DatasetTally(converted)
    let lost = Set(losses.compactMap(\.lostField))
    dataset = read
    self.tally = tally
    mismatches = DatasetTally.Kind.allCases.compactMap { kind in
      guard expected[kind] != tally[kind], lost.isDisjoint(with: Self.explaining(kind)) else { return nil }
      return (kind, expected[kind], tally[kind])
    }
  }

  /// The losses that may change a kind's count.
  static func explaining(_ kind: DatasetTally.Kind) -> Set<ModelField> {
    let trackers: Set<ModelField> = [.events, .archivedTrackers, .trackersWithoutRecords, .trackersWithoutDays,
                                     .repeatedTrackerNames]
    let days = trackers.union([.records, .eventRecords])
    switch kind {
    case .habits: return trackers
    case .days: return days
    case .amounts: return days.union([.recordAmounts, .entryAmounts, .entries, .trackerGoal, .trackerGoalPeriod])
    case .notes: return days.union([.recordNotes, .entryNotes, .entries])
    case .skips: return days.union([.skippedEntries, .entries])
    }
  }

  /// The message of a 422 `read-back-mismatch`: what was converted and what came back.
  func mismatchMessage(writer: String) -> String {
    "the \(writer) file, read again, does not hold what was converted: "
      + mismatches.map { "\($0.converted) \($0.kind.rawValue) converted, \($0.readBack) read back" }.joined(separator: "; ")
      + "; nothing was sent"
  }
}

extension Diagnostic {
  /// The model field a `dropped-field` loss names in its pointer (`/trackers.createdOn`).
  var lostField: ModelField? {
    guard code == LossReport.droppedField.code, let pointer = location.pointer, pointer.hasPrefix("/") else { return nil }
    return ModelField(rawValue: String(pointer.dropFirst()))
  }
}
