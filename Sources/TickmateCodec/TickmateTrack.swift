import TrackerModel

/// One Tickmate track with its ticks, as the database holds them.
struct TickmateTrack {
  var id: Int64
  var name: String
  var description: String
  var icon: String
  var enabled: Bool
  var multipleEntriesPerDay: Bool
  /// `tracks.color` (version 14): a 24-bit RGB integer, 0 = not set; `nil` before 14.
  var color: Int?
  /// `tracks."order"` (version 11 on).
  var order: Int?
  /// The names of its groups, in `track2groups` order (version 13 on).
  var groups: [String] = []
  var ticks: [TickmateTick] = []
  var location: SourceLocation
}

/// One row of `ticks`: its day (the month already 1-based) and, when `has_time_info` is set,
/// its wall-clock time.
struct TickmateTick {
  var date: LocalDate
  var time: (hour: Int, minute: Int, second: Int)?
}
