/// One completion: the tracker was marked done on that day.
///
/// The amount and the note live in one shared box that exists only when either is set, so a
/// record without them is as small as before they existed (40 bytes, not 64): a big dataset is
/// mostly records, and every reader, writer and the validator move them.
public struct TrackerRecord: Hashable, Sendable {
  /// The `id` of a ``Tracker``.
  public var trackerId: String
  /// The day it was marked done, with no time of day: the app records days, not instants.
  public var date: LocalDate
  /// Source-specific data the model cannot say; see ``Extras``. Empty for almost every record.
  public var extras: Extras
  /// The amount and the note; `nil` when both are absent.
  private var details: Details?

  /// The amount done that day, for a habit with a ``TrackerGoal``: it meets the goal (a day
  /// below it is a ``TrackerEntry``; rule `amount-below-goal`).
  public var amount: Double? {
    get { details?.amount }
    set { setDetails(amount: newValue, note: note) }
  }

  /// The user's note for that day.
  public var note: String? {
    get { details?.note }
    set { setDetails(amount: amount, note: newValue) }
  }

  /// A completion of `trackerId` on `date`; the tracker need not exist (rule
  /// `record-unknown-tracker`).
  public init(trackerId: String, date: LocalDate, amount: Double? = nil, note: String? = nil,
              extras: Extras = [:]) {
    self.trackerId = trackerId
    self.date = date
    self.extras = extras
    if amount != nil || note != nil { details = Details(amount: amount, note: note) }
  }

  private mutating func setDetails(amount: Double?, note: String?) {
    details = amount == nil && note == nil ? nil : Details(amount: amount, note: note)
  }

  /// Immutable, so copies of a record share it safely; a change makes a new one.
  private final class Details: Hashable, Sendable {
    let amount: Double?
    let note: String?

    init(amount: Double?, note: String?) {
      self.amount = amount
      self.note = note
    }

    static func == (a: Details, b: Details) -> Bool { a.amount == b.amount && a.note == b.note }

    func hash(into hasher: inout Hasher) {
      hasher.combine(amount)
      hasher.combine(note)
    }
  }
}
