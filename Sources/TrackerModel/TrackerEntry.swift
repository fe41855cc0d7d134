/// A day's mark that is not a completion: a day skipped (neither done nor missed), or an
/// amount or a note on a day the habit was not done (an amount below its goal).
///
/// Entries live apart from ``TrackerDataset/records``, which hold completions only, so nothing
/// that counts records (statistics, the agenda, the validator, every writer) can count an entry
/// as done. A skipped day is not planned: the statistics leave it out (docs/statistics.md).
public struct TrackerEntry: Hashable, Sendable {
  /// The `id` of a ``Tracker``.
  public var trackerId: String
  /// The day the entry is for.
  public var date: LocalDate
  /// The day was skipped (Loop's SKIP, Table Habit's and Habo's skip): neither done nor missed.
  public var skipped: Bool
  /// The amount done that day, for a habit with a ``TrackerGoal``; below the goal, or it would
  /// be a record.
  public var amount: Double?
  /// The user's note for that day.
  public var note: String?
  /// Source-specific data the model cannot say; see ``Extras``.
  public var extras: Extras

  /// An entry of `trackerId` on `date`; the tracker need not exist (rule
  /// `entry-unknown-tracker`).
  public init(trackerId: String, date: LocalDate, skipped: Bool = false, amount: Double? = nil,
              note: String? = nil, extras: Extras = [:]) {
    self.trackerId = trackerId
    self.date = date
    self.skipped = skipped
    self.amount = amount
    self.note = note
    self.extras = extras
  }
}
