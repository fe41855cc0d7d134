/// The main screen's four filters; raw values are the command-line spellings.
public enum AgendaFilter: String, CaseIterable, Hashable, Sendable {
  /// «Все трекеры»: every tracker planned on the selected day.
  case all
  /// «Трекеры на сегодня»: the selected day becomes today, then as `all`.
  case today
  /// «Завершенные»: the trackers planned on the day that have a record on it.
  case completed
  /// «Не завершенные»: the trackers planned on the day with no record on it. Unplanned trackers
  /// never show, although one public implementation (Azonaz) lists them under this filter.
  case notCompleted = "not-completed"

  /// Whether a planned tracker passes the filter, given whether it is done on the day.
  func admits(done: Bool) -> Bool {
    switch self {
    case .all, .today: return true
    case .completed: return done
    case .notCompleted: return !done
    }
  }
}
