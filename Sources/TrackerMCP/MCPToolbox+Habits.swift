import TrackerOutput
import TrackerPort

extension MCPToolbox {
  /// `list_habits`: every tracker with what it is and how much it holds.
  func listHabits(_ loaded: MCPLoadedDataset, _ args: MCPArguments) throws(MCPToolError) -> String {
    let d = loaded.dataset
    let index = loaded.index
    let archived = try args.bool("include_archived", default: true)
    let shown = d.trackers.indices.filter { archived || !d.trackers[$0].archived }
    let page = try MCPPage(shown, cursor: args.string("cursor"), limit: args.int("limit"), stamp: loaded.stamp, limits: limits) { i in
      let t = d.trackers[i]
      let category = index.categoryPosition[t.categoryId].map { d.categories[$0].title }
      return JSONOutput.object([
        ("id", JSONOutput.quote(t.id)), ("name", JSONOutput.quote(t.name)), ("kind", JSONOutput.quote(t.kind.rawValue)),
        ("category", JSONOutput.value(category)),
        ("schedule", t.schedule.map { JSONOutput.array($0.map { JSONOutput.quote($0.rawValue) }) } ?? "null"),
        ("frequency", t.frequency.map { JSONOutput.object([("times", String($0.times)), ("days", String($0.days))]) } ?? "null"),
        ("goal", t.goal.map(Self.goal) ?? "null"),
        ("archived", JSONOutput.value(t.archived)), ("pinned", JSONOutput.value(t.pinned)),
        ("eventDate", JSONOutput.value(t.date?.description)),
        ("firstDay", JSONOutput.value(index.firstCompletion[i]?.description)),
        ("lastDay", JSONOutput.value(index.lastMarked[i]?.description)),
        ("doneDays", String(index.completedDays[i].count)), ("records", String(index.recordCounts[i])),
        ("entries", String(index.entryCounts[i])),
      ])
    }
    return Self.document([("dataset", JSONOutput.quote(loaded.source.name))] + page.members("habits"))
  }

  /// `{"target", "direction", "unit", "period"}`.
  static func goal(_ goal: TrackerGoal) -> String {
    JSONOutput.object([("target", JSONOutput.value(goal.target)), ("direction", JSONOutput.quote(goal.direction.rawValue)),
                       ("unit", JSONOutput.value(goal.unit)), ("period", JSONOutput.quote(goal.period.text))])
  }

  /// `habit_history`: one habit's marked days in a range, oldest first.
  func habitHistory(_ loaded: MCPLoadedDataset, _ args: MCPArguments) throws(MCPToolError) -> String {
    let d = loaded.dataset
    let i = try Self.tracker(args.required("habit"), in: d)
    let range = try Self.range(args, loaded)
    struct Day { var done = false; var skipped = false; var amount: Double?; var note: String? }
    var days: [Int: Day] = [:]
    if let range {
      for (r, record) in d.records.enumerated() where loaded.index.recordTracker[r] == i && range.contains(record.date) {
        var day = days[record.date.dayNumber, default: Day()]
        day.done = true
        day.amount = day.amount ?? record.amount
        day.note = day.note ?? record.note
        days[record.date.dayNumber] = day
      }
      for (e, entry) in d.entries.enumerated() where loaded.index.entryTracker[e] == i && range.contains(entry.date) {
        var day = days[entry.date.dayNumber, default: Day()]
        day.skipped = day.skipped || (entry.skipped && !day.done)
        day.amount = day.amount ?? entry.amount
        day.note = day.note ?? entry.note
        days[entry.date.dayNumber] = day
      }
    }
    let order = days.keys.sorted()
    let page = try MCPPage(order, cursor: args.string("cursor"), limit: args.int("limit"), stamp: loaded.stamp, limits: limits) { n in
      let day = days[n] ?? Day()
      return JSONOutput.object([
        ("date", JSONOutput.quote(LocalDate(dayNumber: n).description)), ("done", JSONOutput.value(day.done)),
        ("skipped", JSONOutput.value(day.skipped)), ("amount", JSONOutput.value(day.amount)), ("note", JSONOutput.value(day.note)),
      ])
    }
    let t = d.trackers[i]
    return Self.document([
      ("dataset", JSONOutput.quote(loaded.source.name)),
      ("habit", JSONOutput.object([("id", JSONOutput.quote(t.id)), ("name", JSONOutput.quote(t.name)),
                                   ("unit", JSONOutput.value(t.goal?.unit))])),
      ("from", JSONOutput.value(range?.lowerBound.description)), ("until", JSONOutput.value(range?.upperBound.description)),
    ] + page.members("days"))
  }
}
