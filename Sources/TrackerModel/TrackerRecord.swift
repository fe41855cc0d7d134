/// One completion: the tracker was marked done on that day.
public struct TrackerRecord: Hashable, Sendable {
  /// The `id` of a ``Tracker``.
  public var trackerId: String
  /// The day it was marked done, with no time of day: the app records days, not instants.
  public var date: LocalDate
  /// Source-specific data the model cannot say; see ``Extras``. Empty for almost every record.
  public var extras: Extras

  /// A completion of `trackerId` on `date`; the tracker need not exist (rule
  /// `record-unknown-tracker`).
  public init(trackerId: String, date: LocalDate, extras: Extras = [:]) {
    self.trackerId = trackerId
    self.date = date
    self.extras = extras
  }
}
