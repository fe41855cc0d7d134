/// One completion: the tracker was marked done on that day.
public struct TrackerRecord: Hashable, Sendable {
  /// The `id` of a ``Tracker``.
  public var trackerId: String
  /// The day it was marked done, with no time of day: the app records days, not instants.
  public var date: LocalDate
  /// The amount done that day, for a habit with a ``TrackerGoal``: it meets the goal (a day
  /// below it is a ``TrackerEntry``; rule `amount-below-goal`).
  public var amount: Double?
  /// The user's note for that day.
  public var note: String?
  /// Source-specific data the model cannot say; see ``Extras``. Empty for almost every record.
  public var extras: Extras

  /// A completion of `trackerId` on `date`; the tracker need not exist (rule
  /// `record-unknown-tracker`).
  public init(trackerId: String, date: LocalDate, amount: Double? = nil, note: String? = nil,
              extras: Extras = [:]) {
    self.trackerId = trackerId
    self.date = date
    self.amount = amount
    self.note = note
    self.extras = extras
  }
}
