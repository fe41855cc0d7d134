/// Which stub the main screen shows instead of cards.
public enum AgendaPlaceholder: String, CaseIterable, Hashable, Sendable {
  /// Nothing is planned on the day at all (the star picture): «Что будем отслеживать?».
  /// The app also hides its filter button then.
  case nothingPlanned
  /// Trackers are planned on the day, but the filter and search leave none: «Ничего не найдено».
  case nothingFound

  /// The stub's text in `locale`.
  public func text(_ locale: AgendaLocale) -> String {
    switch (self, locale) {
    case (.nothingPlanned, .ru): return "Что будем отслеживать?"
    case (.nothingPlanned, .en): return "What shall we track?"
    case (.nothingFound, .ru): return "Ничего не найдено"
    case (.nothingFound, .en): return "Nothing found"
    }
  }
}
