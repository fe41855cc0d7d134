/// The main screen's four filters; raw values are the command-line spellings.
public enum AgendaFilter: String, CaseIterable, Hashable, Sendable {
  /// «Все трекеры»: every tracker planned on the selected day.
  case all
  /// «Трекеры на сегодня»: the selected day becomes today, then as `all`.
  case today
  /// «Завершенные»: the trackers planned on the day that have a record on it.
  case completed
  /// «Не завершенные»: the trackers planned on the day with no record on it and not skipped —
  /// what is still to do. A skipped tracker is neither done nor missed, so it shows under
  /// neither this filter nor ``completed``, only under ``all`` and ``today``. Unplanned trackers
  /// never show, although one public implementation (Azonaz) lists them under this filter.
  case notCompleted = "not-completed"

  /// Whether a planned tracker passes the filter, given whether it is done or skipped on the
  /// day (never both: a record wins over a skip).
  func admits(done: Bool, skipped: Bool) -> Bool {
    switch self {
    case .all, .today: return true
    case .completed: return done
    case .notCompleted: return !done && !skipped
    }
  }
}
