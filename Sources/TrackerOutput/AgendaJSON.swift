import TrackerPort

/// The `agenda --json` document (`trackport agenda --json`, `trackport mcp`'s `agenda` tool):
/// the day, the filter, and the groups as the app's main screen shows them.
public enum AgendaJSON {
  /// `{"date", "filter", "groups": [{"title", "pinned", "trackers": [...]}]}`, each tracker
  /// `{"id", "name", "emoji", "color", "done", ["skipped", "amount", "unit",] "completedDays"}`.
  public static func document(_ agenda: Agenda) -> String {
    let groups = agenda.groups.map { group in
      let items = group.trackers.map { item in
        JSONOutput.object([
          ("id", JSONOutput.quote(item.id)), ("name", JSONOutput.quote(item.name)),
          ("emoji", JSONOutput.value(item.emoji)), ("color", JSONOutput.value(item.color)),
          ("done", JSONOutput.value(item.done)),
        ] + dayMembers(item) + [("completedDays", String(item.completedDays))])
      }
      return "{\"title\": \(JSONOutput.quote(group.title)), \"pinned\": \(JSONOutput.value(group.pinned)), "
        + "\"trackers\": \(JSONOutput.arrayOfLines(items, indent: "    "))}"
    }
    return "{\n  \"date\": \(JSONOutput.quote(agenda.date.description)),\n  \"filter\": \(JSONOutput.quote(agenda.filter.rawValue)),\n"
      + "  \"groups\": \(JSONOutput.arrayOfLines(groups))\n}\n"
  }

  /// `skipped`, `amount` and `unit`, each only when the card has it, so a dataset without
  /// entries or amounts prints what it always did.
  static func dayMembers(_ item: AgendaItem) -> [(String, String)] {
    var members: [(String, String)] = []
    if item.skipped { members.append(("skipped", "true")) }
    if let amount = item.amount {
      members.append(("amount", JSONOutput.value(amount)))
      if let unit = item.unit { members.append(("unit", JSONOutput.quote(unit))) }
    }
    return members
  }
}
