import TrackerModel

/// A goal's `repeat_type` and `repeat_value` as the model plans habits.
///
/// Daylio's backups show two types (`docs/daylio.md`): 1, on weekdays, whose value is a mask of
/// seven bits (127: every day), and 2, a number of times a week. The model plans on weekdays,
/// but which bit is which weekday is documented nowhere, so only the mask of all seven days is a
/// schedule; any other mask, like a number of times a week, becomes a frequency of that many
/// days in 7 beside an every-day schedule (`lossy-frequency`), the raw values kept in extras.
struct DaylioGoalRepeat {
  /// The frequency, or `nil` for every day.
  let frequency: TrackerFrequency?
  /// Why the goal is not planned as Daylio plans it, for the `lossy-frequency` warning; `nil`
  /// when the model says the same.
  let lossy: String?

  init(type: Int, value: Int) {
    switch type {
    case 1:
      let days = (value & 0x7F).nonzeroBitCount
      if days == 7 {
        (frequency, lossy) = (nil, nil)
      } else if days == 0 {
        (frequency, lossy) = (nil, "is planned on no weekday (repeat_value \(value)); it is planned every day")
      } else {
        frequency = TrackerFrequency(times: days, days: 7)
        lossy = "is planned on \(days) weekday(s) (repeat_value \(value)), which a backup does not name; it is planned \(days) in 7 days"
      }
    case 2:
      if value >= 7 {
        (frequency, lossy) = (nil, nil)
      } else if value <= 0 {
        (frequency, lossy) = (nil, "is planned \(value) time(s) a week; it is planned every day")
      } else {
        frequency = TrackerFrequency(times: value, days: 7)
        lossy = "is planned \(value) time(s) a week (any days of the week); it is planned \(value) in 7 days"
      }
    default:
      (frequency, lossy) = (nil, "has repeat_type \(type), which TrackerPort does not know; it is planned every day")
    }
  }
}
