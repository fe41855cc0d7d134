import Testing
import TrackerModel

/// The days a dataset's marks span, as inspect, convert --dry-run and /api/inspect show them.
@Suite struct MarkedDaysTests {
  func day(_ text: String) -> LocalDate { LocalDate(text)! }

  @Test func recordsAndEntriesTogetherWhateverTheirOrder() {
    let dataset = TrackerDataset(
      records: [TrackerRecord(trackerId: "a", date: day("2026-03-02")), TrackerRecord(trackerId: "b", date: day("2026-01-15"))],
      entries: [TrackerEntry(trackerId: "a", date: day("2026-04-30"), skipped: true),
                TrackerEntry(trackerId: "gone", date: day("2025-12-31"), note: "before the rest")])
    #expect(dataset.markedDays == day("2025-12-31")...day("2026-04-30"))
  }

  @Test func oneKindAloneOrNone() {
    #expect(TrackerDataset(entries: [TrackerEntry(trackerId: "a", date: day("2026-02-01"))]).markedDays
            == day("2026-02-01")...day("2026-02-01"))
    #expect(TrackerDataset(records: [TrackerRecord(trackerId: "a", date: day("2026-05-05")),
                                     TrackerRecord(trackerId: "a", date: day("2026-05-04"))]).markedDays
            == day("2026-05-04")...day("2026-05-05"))
    #expect(TrackerDataset().markedDays == nil)
  }
}
