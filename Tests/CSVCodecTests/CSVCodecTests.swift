import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
@testable import CSVCodec
@testable import CSVCore

@Suite struct CSVCodecTests {
  let dataset = TrackerDataset(
    categories: [TrackerCategory(id: "C1", title: "Home"), TrackerCategory(id: "C2", title: "Empty")],
    trackers: [
      Tracker(id: "T1", kind: .habit, name: "=HYPERLINK(\"x\")", categoryId: "C1", emoji: "🌺", color: "#33CF69",
              schedule: [.mon]),
      Tracker(id: "T2", kind: .event, name: "@mention", categoryId: "C1", emoji: "😇", color: "#FD4C49", pinned: true),
    ],
    records: [TrackerRecord(trackerId: "T1", date: LocalDate(year: 2026, month: 1, day: 5) ?? LocalDate(dayNumber: 0))])

  @Test func formulaCellsWarnWithoutSpreadsheetSafe() throws {
    let (text, context) = try encodeCSV(dataset, options: ["to-shape": "trackers"])
    #expect(text.contains("\r\nT1,habit,\"=HYPERLINK(\"\"x\"\")\",C1,"))
    let warnings = context.diagnostics.filter { $0.code == "formula-cells" }
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.hasPrefix("2 cells start") == true)
    #expect(warnings.first?.severity == .warning)
  }

  @Test func spreadsheetSafeNeutralisesAndDoesNotWarn() throws {
    let (text, context) = try encodeCSV(dataset, options: ["to-shape": "trackers", "spreadsheet-safe": "true"])
    #expect(text.contains(",\"'=HYPERLINK(\"\"x\"\")\","))
    #expect(text.contains(",'@mention,"))
    #expect(!context.diagnostics.contains { $0.code == "formula-cells" })
  }

  @Test func trackersTableReportsLossesFieldByField() throws {
    let options = ["to-shape": "trackers", "spreadsheet-safe": "true"]
    let losses = CSVCodec().losses(writing: dataset, to: CodecOutput(path: "out.csv"), options: options)
    #expect(losses.allSatisfy { $0.code == "dropped-field" && $0.location.file == "out.csv" })
    #expect(losses.map { $0.location.pointer ?? "" } == ["/records", "/categories[without trackers]"])
    // Losses are told before writing (so --fail-on-loss can refuse), not by the writer.
    let (_, context) = try encodeCSV(dataset, options: options)
    #expect(!context.diagnostics.contains { $0.code == "dropped-field" })
  }

  @Test func logTableReportsLossesFieldByField() throws {
    let (text, _) = try encodeCSV(dataset, options: ["to-shape": "log"])
    #expect(text == "tracker,category,date\r\n\"=HYPERLINK(\"\"x\"\")\",Home,2026-01-05\r\n")
    let losses = CSVCodec().losses(writing: dataset, to: CodecOutput(path: "out.csv"), options: ["to-shape": "log"])
      .map { $0.location.pointer ?? "" }
    #expect(losses.contains("/trackers[without records]"))
    #expect(losses.contains("/trackers.id"))
    #expect(losses.contains("/trackers.schedule"))
    #expect(!losses.contains("/trackers.pinned"), "the pinned tracker has no records, so it is counted whole")
  }

  @Test func aPackageLosesNothing() {
    #expect(CSVCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/pkg"), options: [:]).isEmpty)
  }

  @Test func defaultShapeByOutputAndRecords() {
    #expect(CSVCodec.defaultShape(for: CodecOutput(path: "/tmp/a.csv"), dataset: dataset) == .log)
    #expect(CSVCodec.defaultShape(for: CodecOutput(path: "/tmp/a.csv"), dataset: TrackerDataset()) == .trackers)
    #expect(CSVCodec.defaultShape(for: CodecOutput(path: "/tmp/out"), dataset: dataset) == .package)
    #expect(CSVCodec.defaultShape(for: CodecOutput(path: "/tmp/out.zip"), dataset: dataset) == .package)
  }

  @Test func fileRoundTripThroughPaths() throws {
    let folder = try temporaryFolder("csvfiles")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("trackers.csv").path
    let trackersOnly = TrackerDataset(categories: [dataset.categories[0]], trackers: dataset.trackers)
    var context = CodecContext(fileName: path)
    try CSVCodec().encode(trackersOnly, to: CodecOutput(path: path), context: &context)
    var readContext = CodecContext(fileName: path)
    let back = try CSVCodec().decode(CodecInput(path: path), context: &readContext)
    #expect(back == trackersOnly)
  }

  @Test func aPackageCannotGoToMemory() throws {
    var context = CodecContext(fileName: "out", options: ["to-shape": "package"])
    #expect(throws: CodecError.self) {
      try CSVCodec().encode(dataset, to: CodecOutput(.memory(MemoryOutput())), context: &context)
    }
  }

  @Test func sniffing() {
    let codec = CSVCodec()
    #expect(codec.sniff(Array("name,schedule\nRead,mon\n".utf8)))
    #expect(codec.sniff(Array("\u{FEFF}Привычка;Дата\r\n".utf8)))
    #expect(codec.sniff(Array("a\tb\n".utf8)))
    #expect(!codec.sniff(Array("{\"trackport\": 1}".utf8)))
    #expect(!codec.sniff(Array("just one field\n".utf8)))
    #expect(!codec.sniff([0xC8, 0xEC, 0xFF, 0x3B, 0xC4, 0x0A]))
    #expect(codec.sniff(Array("a,b\nПри".utf8).dropLast()), "a sequence cut at the end of the head is fine")
    #expect(codec.sniffPackage(["datapackage.json", "records.csv", "trackers.csv"]))
    // The registry hands over the entries of the package's root (or its one top folder):
    // a package further down is never the input's.
    #expect(!codec.sniffPackage(["export/", "export/datapackage.json", "export/trackers.csv"]))
    #expect(!codec.sniffPackage(["trackers.csv"]), "a package needs its datapackage.json beside its tables")
    #expect(!codec.sniffPackage(["Habits.csv", "Checkmarks.csv"]))
  }

  @Test func badOptionsAreUsageErrors() {
    for options in [["shape": "table"], ["map": "tracker=A"], ["date-format": "YYYYMMDD"], ["delimiter": "x"], ["encoding": "koi8"]] {
      #expect(throws: CodecError.self, "\(options)") { try decodeCSV("a,b\n", options: options) }
    }
  }

  @Test func descriptorListsCodes() {
    let codes = Set(CSVCodec.descriptor.diagnostics.map(\.code))
    for code in ["missing-cell", "extra-cell", "blank-row", "duplicate-label", "missing-label", "type-error",
                 "unknown-column", "formula-cells", "encoding-error", "dropped-field", "defaulted-field"] {
      #expect(codes.contains(code), "\(code)")
    }
    #expect(CSVCodec.descriptor.id == "csv")
    #expect(CSVCodec.descriptor.sniffedExtensions == ["csv", "zip"])
  }
}
