/// What a one-shot command leaves for the end of the process instead of freeing: a merge's or
/// a diff's datasets are millions of records, each freed one by one at the end of the command's
/// scope (5 % of a merge's time, bench/RESULTS.md) just before the process exits and the kernel
/// takes back all its memory at once. Only for commands that end the process when they return;
/// never for `serve`, `hub` or `mcp`, which run many jobs.
enum ProcessEnd {
  nonisolated(unsafe) private static var kept: [Any] = []

  /// Keeps `value` alive until the process ends.
  static func keep(_ value: Any) { kept.append(value) }
}
