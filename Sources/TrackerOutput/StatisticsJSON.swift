import TrackerPort

/// The `stats --json` object (`trackport stats --json`, `trackport mcp`'s `statistics` tool).
public enum StatisticsJSON {
  /// `{"trackersCompleted", "perfectDays", "bestPeriod", "average"}`; the average as
  /// ``TrackerStatistics/formattedAverage`` writes it, a number with two decimals.
  public static func object(_ stats: TrackerStatistics) -> String {
    JSONOutput.object([
      ("trackersCompleted", String(stats.trackersCompleted)), ("perfectDays", String(stats.perfectDays)),
      ("bestPeriod", String(stats.bestPeriod)), ("average", stats.formattedAverage),
    ])
  }
}
