import TrackerOutput
import TrackerPort
import TrackerReport

extension MCPToolbox {
  /// The most days the per-habit streaks are counted over (the report's ten years and a bit).
  static let maximumStreakDays = 3_660

  /// `statistics`: the four numbers over a range, overall and per habit (paged), with streaks.
  func statistics(_ loaded: MCPLoadedDataset, _ args: MCPArguments) throws(MCPToolError) -> String {
    let d = loaded.dataset
    let only = try args.string("habit").map { name throws(MCPToolError) in try Self.tracker(name, in: d) }
    let range = try Self.range(args, loaded)
    let records = { (r: Int) in range.map { $0.contains(d.records[r].date) } ?? false }
    let entries = { (e: Int) in range.map { $0.contains(d.entries[e].date) } ?? false }
    // The dataset within the range, and per tracker its records and entries there.
    var byTracker: [Int: (records: [TrackerRecord], entries: [TrackerEntry])] = [:]
    for r in d.records.indices where records(r) {
      byTracker[loaded.index.recordTracker[r], default: ([], [])].records.append(d.records[r])
    }
    for e in d.entries.indices where entries(e) {
      byTracker[loaded.index.entryTracker[e], default: ([], [])].entries.append(d.entries[e])
    }
    func restricted(_ trackers: [Int]) -> TrackerDataset {
      var out = d
      out.trackers = trackers.map { d.trackers[$0] }
      out.records = trackers.flatMap { byTracker[$0]?.records ?? [] }
      out.entries = trackers.flatMap { byTracker[$0]?.entries ?? [] }
      return out
    }
    let shown = only.map { [$0] } ?? Array(d.trackers.indices)
    let overall = TrackerStatistics(restricted(shown))
    var report: [Int: ReportTracker] = [:]
    if let range, range.lowerBound.days(to: range.upperBound) < Self.maximumStreakDays {
      let made = TrackerReport(dataset: d, range: range, today: try now(args), index: loaded.index)
      for group in made.groups { for t in group.trackers { report[t.position] = t } }
    }
    let page = try MCPPage(shown, cursor: args.string("cursor"), limit: args.int("limit"), stamp: loaded.stamp, limits: limits) { i in
      let t = d.trackers[i]
      let figures = report[i]
      return JSONOutput.object([
        ("id", JSONOutput.quote(t.id)), ("name", JSONOutput.quote(t.name)),
        ("statistics", StatisticsJSON.object(TrackerStatistics(restricted([i])))),
        ("doneDays", String(Set((byTracker[i]?.records ?? []).map(\.date)).count)),
        ("currentStreak", JSONOutput.value(figures?.currentStreak)), ("bestStreak", JSONOutput.value(figures?.bestStreak)),
      ])
    }
    return Self.document([
      ("dataset", JSONOutput.quote(loaded.source.name)),
      ("from", JSONOutput.value(range?.lowerBound.description)), ("until", JSONOutput.value(range?.upperBound.description)),
      ("overall", StatisticsJSON.object(overall)),
    ] + page.members("habits"))
  }

  /// `agenda`: `trackport agenda --json` for the day.
  func agenda(_ loaded: MCPLoadedDataset, _ args: MCPArguments) throws(MCPToolError) -> String {
    let now = try now(args)
    let agenda = Agenda(dataset: loaded.dataset, date: try args.day("date") ?? now, filter: try args.choice("filter", default: AgendaFilter.all),
                        search: try args.string("search") ?? "", today: now, locale: .en)
    return AgendaJSON.document(agenda)
  }
}
