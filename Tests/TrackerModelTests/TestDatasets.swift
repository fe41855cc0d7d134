import TrackerModel

/// Shorthands for hand-built datasets: days as `YYYY-MM-DD` literals that must be valid.
func day(_ text: String) -> LocalDate {
  guard let date = LocalDate(text) else { fatalError("bad test day \(text)") }
  return date
}

func habit(_ id: String, _ schedule: [Weekday], name: String? = nil, category: String = "c1",
           pinned: Bool = false, createdOn: String? = nil) -> Tracker {
  Tracker(id: id, kind: .habit, name: name ?? id, categoryId: category, emoji: "🌺", color: "#33CF69",
          schedule: schedule, pinned: pinned, createdOn: createdOn.map(day))
}

func event(_ id: String, on date: String? = nil, name: String? = nil, category: String = "c1",
           pinned: Bool = false, createdOn: String? = nil) -> Tracker {
  Tracker(id: id, kind: .event, name: name ?? id, categoryId: category, emoji: "😇", color: "#FD4C49",
          date: date.map(day), pinned: pinned, createdOn: createdOn.map(day))
}

/// Records written as `(trackerId, "YYYY-MM-DD")` pairs.
func records(_ pairs: [(String, String)]) -> [TrackerRecord] {
  pairs.map { TrackerRecord(trackerId: $0.0, date: day($0.1)) }
}

let everyDay = Weekday.allCases
