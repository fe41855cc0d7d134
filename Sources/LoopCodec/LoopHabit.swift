import TrackerModel

/// One habit as Loop stores it, read from a CSV export or a database, before it becomes a
/// tracker; and what the writer puts back.
struct LoopHabit: Sendable {
  /// Loop's order (0-based in a database, 1-based `Position` in a CSV export).
  var position: Int
  var name: String
  /// The question Loop asks ("Did you meditate this morning?").
  var question = ""
  var description = ""
  var frequency = LoopFrequency.daily
  /// `#RRGGBB`, as the source had it (a database index is resolved through ``LoopPalette``).
  var colorHex: String?
  var archived = false
  /// A measurable habit (Loop's `NUMERICAL` type): values are ×1000 integers.
  var numerical = false
  var unit = ""
  /// Whether `extras["loop"]` made this habit measurable (`"type": "NUMERICAL"`): a file written
  /// before format version 3 kept a target per week or month there, with completions by the
  /// per-day rule; such a habit has no model ``goal`` and is written back as it was kept.
  var measurableInExtras = false
  /// 0 at least, 1 at most.
  var targetType = 0
  var targetValue = 0.0

  /// The model's goal of a measurable habit whose frequency is once per period (Loop's edit
  /// screen: a target per day 1/1, per week 1/7, per month 1/30; any 1/n is `n` days); `nil`
  /// for a yes/no habit and for a measurable one with another frequency (kept in extras).
  var goal: TrackerGoal? {
    guard numerical, !measurableInExtras, frequency.numerator == 1, frequency.denominator >= 1 else { return nil }
    return TrackerGoal(target: targetValue, direction: targetType == 1 ? .atMost : .atLeast,
                       unit: unit.isEmpty ? nil : unit, period: TrackerGoal.Period(nominalDays: frequency.denominator))
  }
  var reminderHour: Int?
  var reminderMinute: Int?
  /// A ``LoopWeekdays`` mask; `nil` when the source has none (a CSV export).
  var reminderDays: Int?
  /// 32 lower-case hex digits (database version 24 and later).
  var uuid: String?
  /// Entries by day, as stored: 2 checked, 1 auto, 0 no, 3 skip, -1 unknown, or ×1000 values.
  var entries: [LoopEntry] = []
  /// Where the habit was read, for diagnostics.
  var location = SourceLocation()
}

/// One day of a habit: Loop's `Entry`.
struct LoopEntry: Hashable, Sendable {
  var date: LocalDate
  /// Loop's value: ``LoopEntry/yesManual`` and friends, or a measurable value ×1000.
  var value: Int
  var notes: String?

  static let yesManual = 2
  static let yesAuto = 1
  static let no = 0
  static let skip = 3
  static let unknown = -1

  /// Loop's words for its entry values (`Entry.formattedValue`).
  static let words: [(word: String, value: Int)] = [
    ("YES_MANUAL", yesManual), ("YES_AUTO", yesAuto), ("NO", no), ("SKIP", skip), ("UNKNOWN", unknown),
  ]

  /// The value of a CSV cell: a word or an integer; `nil` for anything else.
  static func value(ofCell text: String) -> Int? {
    if let match = words.first(where: { $0.word == text }) { return match.value }
    return Int(text)
  }

  /// Whether a stored value is an amount (×1000) of a measurable habit — the model's amount
  /// when its target is per day, else kept in `extras.loop.values`: any value of one but `SKIP`
  /// (3) and `UNKNOWN` (-1, or below), which Loop stores for measurable habits too. Never for a
  /// yes/no habit.
  static func isValue(_ value: Int, numerical: Bool) -> Bool {
    numerical && value >= 0 && value != skip
  }

  /// The word for a yes/no value, or `nil` for a number.
  static func word(for value: Int) -> String? {
    words.first(where: { $0.value == value })?.word
  }

  /// Milliseconds at 00:00 UTC of a day, as Loop stores it.
  static func timestamp(_ date: LocalDate) -> Int64 { Int64(date.dayNumber) * dayLength }

  /// The day of a Loop timestamp (rounded down to its UTC day).
  static func date(timestamp: Int64) -> LocalDate? {
    let (q, r) = timestamp.quotientAndRemainder(dividingBy: dayLength)
    return LocalDate(checkedDayNumber: Int(r < 0 ? q - 1 : q))
  }

  /// Loop's `DAY_LENGTH`.
  static let dayLength: Int64 = 86_400_000
}
