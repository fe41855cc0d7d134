import TrackerModel

/// The report's texts in the agenda's and the statistics' languages; the statistics' four
/// labels, the pinned title and the day plurals come from ``TrackerModel`` as `stats` and
/// `agenda` print them.
public struct ReportLabels: Sendable {
  public let locale: AgendaLocale

  public init(_ locale: AgendaLocale) { self.locale = locale }

  private func pick(_ en: String, _ ru: String) -> String { locale == .ru ? ru : en }

  /// Best period, perfect days, trackers completed, average — the statistics screen's order.
  public var statistics: [String] { TrackerStatistics.labels(locale) }
  public var pinned: String { locale.pinnedTitle }
  public func days(_ n: Int) -> String { locale.dayCount(n) }

  public var title: String { pick("Habit report", "Отчёт о привычках") }
  public var statisticsHeading: String { pick("Statistics", "Статистика") }
  public var allHabits: String { pick("All habits", "Все привычки") }
  public var allHabitsNote: String {
    pick("Share of the day's planned trackers that are done.", "Доля выполненных из запланированных на день трекеров.")
  }
  public var tasks: String { pick("Tasks", "Задачи") }
  public var category: String { pick("Category", "Категория") }
  public var open: String { pick("Open", "Открыто") }
  public var doneTasks: String { pick("Done", "Выполнено") }
  public var tracker: String { pick("Tracker", "Трекер") }
  public var currentStreak: String { pick("Current streak", "Текущая серия") }
  public var bestStreak: String { pick("Best streak", "Лучшая серия") }
  public var total: String { pick("Done in total", "Всего выполнено") }
  public var today: String { pick("today", "сегодня") }
  public var event: String { pick("Event", "Событие") }
  public var plannedOn: String { pick("planned on", "запланировано на") }
  public var completedOn: String { pick("done on", "выполнено") }
  public var notCompleted: String { pick("not done yet", "ещё не выполнено") }
  public var archived: String { pick("archived", "в архиве") }
  public var less: String { pick("less", "меньше") }
  public var more: String { pick("more", "больше") }
  public var nothingPlanned: String { pick("nothing planned", "ничего не запланировано") }
  public var generatedBy: String { pick("Made by trackport", "Создано trackport") }
  /// The page's note when the dataset's history ends before today.
  public func dataEnds(_ day: LocalDate) -> String {
    pick("The data ends on \(day); nothing after it counts as missed.",
         "Данные заканчиваются \(day); дни после этого не считаются пропущенными.")
  }
  public func rateWindow(_ days: Int) -> String {
    locale == .ru ? "За " + locale.dayCount(days) : "Last \(days) days"
  }
  public func shown(_ shown: Int, of total: Int) -> String {
    locale == .ru
      ? "Показаны \(shown) самых активных трекеров из \(total); --all показывает все."
      : "Showing the \(shown) busiest of \(total) trackers; --all shows every one."
  }

  /// The word for a day's state, as cell titles and the legend say it.
  public func state(_ state: ReportDayState) -> String {
    switch state {
    case .done: pick("done", "выполнено")
    case .missed: pick("missed", "не выполнено")
    case .skipped: pick("skipped", "пропуск")
    case .notPlanned: pick("not planned", "не запланировано")
    case .upcoming: pick("upcoming", "впереди")
    case .covered: pick("done by frequency", "выполнено по частоте")
    case .pending: pick("in progress", "в процессе")
    case .noData: pick("no data", "нет данных")
    }
  }

  /// The title of a task category: the app's Russian one, or its English counterpart; an
  /// unknown value as written.
  public func taskCategory(_ raw: String) -> String {
    guard let category = TaskCategory(rawValue: raw) else { return raw }
    if locale == .ru { return category.russianTitle }
    switch category {
    case .urgent: return "Urgent"
    case .notUrgent: return "Not urgent"
    case .optional: return "Optional"
    case .other: return "Other"
    case .none: return "No category"
    }
  }

  /// Short month names, January first.
  public var months: [String] {
    locale == .ru
      ? ["Янв", "Фев", "Мар", "Апр", "Май", "Июн", "Июл", "Авг", "Сен", "Окт", "Ноя", "Дек"]
      : ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  }

  public func weekday(_ day: Weekday) -> String { locale == .ru ? day.shortRussianName : day.shortEnglishName }
}
