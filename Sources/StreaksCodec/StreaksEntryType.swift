/// What a Streaks log line says about a day: the CSV's `entry_type` words and the backup's
/// `t` numbers (docs/streaks.md lists the source of each).
///
/// The CSV names come from the third-party readers of the export; the backup's numbers only
/// from one Node reader, whose comments guess at them. Both spellings of one meaning (the CSV's
/// `skipped_auto` and `skipped_manually`, the backup's 4) stay apart: the word or number read is
/// kept with the day.
enum StreaksEntryType: String, CaseIterable, Sendable {
  case completedManually = "completed_manually"
  case completedAuto = "completed_auto"
  case completedManuallyPartial = "completed_manually_partial"
  case missedAuto = "missed_auto"
  case missedManually = "missed_manually"
  case missedAutoPartial = "missed_auto_partial"
  case skippedAuto = "skipped_auto"
  case skippedManually = "skipped_manually"
  /// Backup code 4: skipped, automatically or by hand (the Node reader does not say which).
  case skipped
  /// Backup code 5: missed, automatically or by hand.
  case missed
  /// Backup code 7: a timer session, progress towards the day's goal.
  case timerSession = "timer_session"
  /// Backup code 9: a sync from Apple Health, which the Node reader ignores.
  case healthSync = "health_sync"

  /// What the day becomes in the model.
  enum Outcome: Sendable {
    /// A completed day: a record.
    case completed
    /// A skipped day: an entry with `skipped`.
    case skipped
    /// Anything else (missed, partial, progress): kept in extras, never a completion.
    case kept
  }

  /// Completed (by hand or automatically) is a record, skipped an entry, the rest is kept.
  /// `completed_manually_partial` is not a completion: its name says the goal was not reached.
  var outcome: Outcome {
    switch self {
    case .completedManually, .completedAuto: .completed
    case .skippedAuto, .skippedManually, .skipped: .skipped
    default: .kept
    }
  }

  /// The backup's log type codes, as the Node reader's comments name them.
  static let codes: [Int: StreaksEntryType] = [
    1: .completedManually, 2: .completedAuto, 4: .skipped, 5: .missed, 7: .timerSession, 9: .healthSync,
    11: .completedManuallyPartial, 15: .missedAutoPartial,
  ]

  /// The type of a backup code; `nil` for a code no description names.
  init?(code: Int) {
    guard let known = Self.codes[code] else { return nil }
    self = known
  }

  /// The type of a CSV `entry_type` (spaces around it and letter case ignored); `nil` for a
  /// word no description names.
  init?(word: String) {
    self.init(rawValue: word.trimmingBlanks.lowercased())
  }

  /// The CSV's words: what an `entry_type` may be (the backup-only names are not among them).
  static let words: [StreaksEntryType] = [
    .completedManually, .completedAuto, .completedManuallyPartial, .missedAuto, .missedManually, .missedAutoPartial,
    .skippedAuto, .skippedManually,
  ]
}

extension String {
  /// Without spaces and tabs at either end (a cell's padding; line breaks are data).
  var trimmingBlanks: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
