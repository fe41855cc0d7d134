/// One tracker card on a day's agenda.
public struct AgendaItem: Hashable, Sendable {
  /// The tracker's `id`.
  public var id: String
  /// The tracker's name as written, untrimmed; the search compares it folded.
  public var name: String
  /// `nil` when the tracker has none (rule `emoji-missing`).
  public var emoji: String?
  /// `#RRGGBB` as the dataset wrote it; `nil` when the tracker has none.
  public var color: String?
  /// Whether the tracker has a record on the agenda's day (the card's check mark).
  public var done: Bool
  /// Whether an entry marks the day skipped and no record marks it done: neither done nor
  /// missed (the card shows `[-]`).
  public var skipped: Bool
  /// The amount of the day: the record's, else the entry's (an amount below the goal); `nil`
  /// when neither has one.
  public var amount: Double?
  /// The unit of ``amount``: the tracker's goal's unit, when it names one.
  public var unit: String?
  /// The number of distinct days with a record, over all time — the card's counter, not limited
  /// to days before the agenda's day.
  public var completedDays: Int

  /// A card as given; ``Agenda`` fills it from the tracker and the ``DatasetIndex``. `skipped`,
  /// `amount` and `unit` default to a card without them, as for a dataset of format version 1.
  public init(id: String, name: String, emoji: String?, color: String?, done: Bool,
              skipped: Bool = false, amount: Double? = nil, unit: String? = nil, completedDays: Int) {
    self.id = id
    self.name = name
    self.emoji = emoji
    self.color = color
    self.done = done
    self.skipped = skipped
    self.amount = amount
    self.unit = unit
    self.completedDays = completedDays
  }

  /// The card's counter text: «5 дней» / "5 days".
  public func completedDaysText(_ locale: AgendaLocale) -> String { locale.dayCount(completedDays) }
}
