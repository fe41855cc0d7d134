import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

/// Amounts and goal targets: JSON numbers that read back as the same `Double`.
@Suite struct JSONCodecAmountTests {
  struct Written: Sendable, CustomTestStringConvertible {
    var value: Double
    var text: String
    var testDescription: String { text }
  }

  /// A whole number without a fraction; anything else in the shortest form that reads back the
  /// same, with the exponent as JSON texts write it (Swift's `description` says `1e+21`, `1e-07`).
  static let written: [Written] = [
    Written(value: 6, text: "6"),
    Written(value: -0.0, text: "-0"),
    Written(value: 0, text: "0"),
    Written(value: -7, text: "-7"),
    Written(value: 6.25, text: "6.25"),
    Written(value: 0.1, text: "0.1"),
    Written(value: 1.0 / 3, text: "0.3333333333333333"),
    Written(value: 1e21, text: "1e21"),
    Written(value: 1e-7, text: "1e-7"),
    Written(value: 1e-5, text: "1e-5"),
    Written(value: 0.0001, text: "0.0001"),
    Written(value: 1e15, text: "1000000000000000"),
    Written(value: 9_007_199_254_740_992, text: "9007199254740992"),
    Written(value: 1e16, text: "1e16"),
    Written(value: 123_456_789.125, text: "123456789.125"),
    Written(value: .leastNonzeroMagnitude, text: "5e-324"),
    Written(value: -1e-300, text: "-1e-300"),
    Written(value: .greatestFiniteMagnitude, text: "1.7976931348623157e308"),
    Written(value: -.greatestFiniteMagnitude, text: "-1.7976931348623157e308"),
  ]

  @Test(arguments: written)
  func amountsAreWrittenShortAndReadBackExactly(_ w: Written) throws {
    let dataset = TrackerDataset(
      trackers: [Tracker(id: "t", kind: .habit, name: "n", categoryId: "c", emoji: nil, color: nil,
                         goal: TrackerGoal(target: w.value))],
      records: [TrackerRecord(trackerId: "t", date: LocalDate(dayNumber: 0), amount: w.value)],
      entries: [TrackerEntry(trackerId: "t", date: LocalDate(dayNumber: 1), amount: w.value)])
    let bytes = try Harness.encode(dataset)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#""goal": { "target": \#(w.text), "direction": "atLeast" }"#))
    #expect(text.contains(#""date": "1970-01-01", "amount": \#(w.text) }"#))
    #expect(text.contains(#""date": "1970-01-02", "amount": \#(w.text) }"#))
    let (back, _) = try Harness.decode(bytes)
    #expect(back.records[0].amount?.bitPattern == w.value.bitPattern)
    #expect(back.entries[0].amount?.bitPattern == w.value.bitPattern)
    #expect(back.trackers[0].goal?.target.bitPattern == w.value.bitPattern)
  }

  /// Random finite doubles of every magnitude come back bit for bit, and what is written is
  /// what Swift itself reads as that number.
  @Test func randomDoublesComeBackBitForBit() throws {
    var rng = SplitMix64(seed: 12)
    var values: [Double] = []
    while values.count < 3000 {
      let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
      if value.isFinite { values.append(value) }
    }
    values += (0..<500).map { _ in Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) / 100 }
    let records = values.enumerated().map { i, value in
      TrackerRecord(trackerId: "t", date: LocalDate(dayNumber: i), amount: value)
    }
    let bytes = try Harness.encode(TrackerDataset(records: records))
    let (back, _) = try Harness.decode(bytes)
    let wrong = zip(back.records, values).filter { $0.0.amount?.bitPattern != $0.1.bitPattern }
    #expect(wrong.isEmpty, "\(wrong.prefix(5).map { "\($0.0.amount ?? .nan) ≠ \($0.1)" })")
    #expect(!String(decoding: bytes, as: UTF8.self).contains(".0 }"))
  }

  /// Any JSON number syntax reads as its value.
  @Test(arguments: [("1E+2", 100.0), ("2.50", 2.5), ("-0.0", -0.0), ("0e0", 0.0), ("1e-400", 0.0),
                    ("12345678901234567890", 12_345_678_901_234_567_890.0), ("1.7976931348623158e308", .greatestFiniteMagnitude)])
  func anyNumberSyntaxIsRead(_ literal: String, _ value: Double) throws {
    let (dataset, _) = try Harness.decode(
      #"{"trackport": 2, "records": [{"trackerId": "t", "date": "2026-01-05", "amount": \#(literal)}]}"#)
    #expect(dataset.records[0].amount?.bitPattern == value.bitPattern)
  }

  /// JSON has no infinity or NaN: such an amount or target is refused when writing, at its
  /// place, rather than written as something that reads back differently.
  @Test func nonFiniteAmountsAreRefusedOnWriting() throws {
    let tracker = Tracker(id: "t", kind: .habit, name: "n", categoryId: "c", emoji: nil, color: nil)
    let cases: [(TrackerDataset, String)] = [
      (TrackerDataset(records: [TrackerRecord(trackerId: "t", date: LocalDate(dayNumber: 0)),
                                TrackerRecord(trackerId: "t", date: LocalDate(dayNumber: 1), amount: .infinity)]),
       "/records/1/amount"),
      (TrackerDataset(entries: [TrackerEntry(trackerId: "t", date: LocalDate(dayNumber: 0), amount: -.infinity)]),
       "/entries/0/amount"),
      (TrackerDataset(trackers: [tracker, { var t = tracker; t.goal = TrackerGoal(target: .nan); return t }()]),
       "/trackers/1/goal/target"),
    ]
    for (dataset, pointer) in cases {
      let error = try #require(throws: CodecError.self) { try Harness.encode(dataset) }
      #expect(error.kind == .unsupportedOperation)
      #expect(error.location.pointer == pointer)
      #expect(error.message.hasSuffix("cannot be written as a JSON number (JSON has no infinity or NaN)"))
    }
  }
}
