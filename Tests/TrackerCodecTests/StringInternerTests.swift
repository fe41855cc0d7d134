import Testing
import TrackerCodec
import TrackerModel

@Suite struct StringInternerTests {
  private func intern(_ interner: inout StringInterner, _ text: String) -> String {
    Array(text.utf8).withUnsafeBytes { interner.intern($0) }
  }

  /// Ids that differ only in their last byte, their length or a middle word hash apart; every
  /// one comes back as its own text, after the table has grown many times.
  @Test func nearIdsStayApartThroughGrowth() {
    var interner = StringInterner()
    var ids: [String] = []
    for n in 0..<5_000 {
      ids.append("tracker-\(n)")
      ids.append("tracker-\(n)x")
      ids.append(String(repeating: "0", count: n % 40) + "\(n)")
    }
    ids.append("")
    ids.append("a")
    for _ in 0..<2 {
      for id in ids { #expect(intern(&interner, id) == id) }
    }
  }

  @Test func ofUnicodeTextsEachComesBackWhole() {
    var interner = StringInterner()
    let texts = ["Спорт", "Спорт!", "é", "e\u{301}", "😀 habit", "😀 habiT", String(repeating: "ж", count: 50)]
    for text in texts + texts.reversed() { #expect(intern(&interner, text) == text) }
  }

  @Test func pastItsLimitItStillGivesTheRightText() {
    var interner = StringInterner()
    for n in 0..<(StringInterner.maximumEntries + 100) {
      let id = "id-\(n)"
      #expect(intern(&interner, id) == id)
    }
    #expect(intern(&interner, "id-3") == "id-3")
  }
}

@Suite struct LastDayTests {
  private func date(_ memo: inout LastDay, _ text: String) -> LocalDate? {
    Array(text.utf8).withUnsafeBytes { memo.date($0) }
  }

  @Test func repeatsAndChangesReadAsLocalDateReads() {
    var memo = LastDay()
    let texts = ["2025-01-01", "2025-01-01", "2025-01-02", "2025-01-01", "2024-02-29", "2023-02-29",
                 "2023-02-29", "2025-1-01", "2025-01-01x", "", "2025-01-01", "9999-12-31", "0000-01-01"]
    for text in texts {
      let expected = Array(text.utf8).withUnsafeBytes { LocalDate(utf8: $0) }
      #expect(date(&memo, text) == expected, "\(text)")
    }
  }

  @Test func aBadDayAfterAGoodOneIsNotTakenForIt() {
    var memo = LastDay()
    #expect(date(&memo, "2025-03-01") != nil)
    #expect(date(&memo, "2025-03-32") == nil)
    #expect(date(&memo, "2025-03-01") == LocalDate(year: 2025, month: 3, day: 1))
  }
}
