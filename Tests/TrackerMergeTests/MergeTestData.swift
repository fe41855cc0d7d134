import TrackerModel

/// Small datasets whose differences are known, for the diff and merge tests.
enum MergeTestData {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// Two categories, three habits (Water measurable), a week of days, a skip and a task.
  static let base = TrackerDataset(
    categories: [TrackerCategory(id: "c-health", title: "Health"), TrackerCategory(id: "c-home", title: "Home")],
    trackers: [
      Tracker(id: "t-water", kind: .habit, name: "Drink water", categoryId: "c-health", emoji: "💧", color: "#0077FF",
              schedule: Weekday.allCases, goal: TrackerGoal(target: 8, unit: "glass")),
      Tracker(id: "t-run", kind: .habit, name: "Run", categoryId: "c-health", emoji: "🏃", color: "#FF3300",
              schedule: [.mon, .wed, .fri]),
      Tracker(id: "t-plants", kind: .habit, name: "Water the plants", categoryId: "c-home", emoji: "🪴", color: "#33CC33",
              schedule: [.sun]),
    ],
    records: [
      TrackerRecord(trackerId: "t-water", date: day("2026-03-02"), amount: 8),
      TrackerRecord(trackerId: "t-water", date: day("2026-03-03"), amount: 9, note: "hot day"),
      TrackerRecord(trackerId: "t-run", date: day("2026-03-02")),
      TrackerRecord(trackerId: "t-run", date: day("2026-03-04")),
      TrackerRecord(trackerId: "t-plants", date: day("2026-03-01")),
    ],
    entries: [TrackerEntry(trackerId: "t-run", date: day("2026-03-06"), skipped: true)],
    tasks: [PlanTask(id: "task-1", title: "Call mum", description: "Sunday call", color: "#FFAA00",
                     start: LocalDateTime("2026-03-08T18:00"))])
}
