/// The language of the texts the agenda and the statistics show: the app ships in Russian;
/// English is for users who asked for it.
public enum AgendaLocale: String, CaseIterable, Hashable, Sendable {
  /// Russian, the app's own texts.
  case ru
  /// English.
  case en

  /// The title of the pinned group: «Закрепленные» / "Pinned".
  public var pinnedTitle: String {
    switch self {
    case .ru: return "Закрепленные"
    case .en: return "Pinned"
    }
  }

  /// The card's day counter: «1 день», «2 дня», «5 дней» / "1 day", "5 days".
  ///
  /// Russian picks the form by ``RussianPlural``; English is singular only for exactly 1.
  public func dayCount(_ count: Int) -> String {
    switch self {
    case .ru:
      return "\(count) " + RussianPlural(count).choose(one: "день", few: "дня", many: "дней")
    case .en:
      return count == 1 ? "1 day" : "\(count) days"
    }
  }
}
