import CSVCore
import TrackerCodec
import TrackerModel

/// Reads Habitica's `history.csv` (`Task Name,Task ID,Task Type,Date,Value`, habitica.md §1.1)
/// into an export of habits and dailies: one task per `Task ID` in order of first appearance,
/// named by its first row; one entry per row. Dates are UTC without a marker
/// (`2020-03-08 11:59:07`), as Habitica's server writes them.
///
/// A row with a missing cell, a task type other than `habit`/`daily`, a date or value that
/// does not parse is skipped with a warning at its cell; a broken quote or bytes that are not
/// UTF-8 stop the reading (located error).
struct HabiticaCSVReader {
  static let header = ["Task Name", "Task ID", "Task Type", "Date", "Value"]
  static let headerLine = header.joined(separator: ",")

  let fileName: String
  private(set) var warnings: [Diagnostic] = []

  init(fileName: String) {
    self.fileName = fileName
  }

  /// - Throws: ``CodecError`` `.malformedInput` for a file whose header is not Habitica's, and
  ///   from the CSV parser.
  mutating func read(_ bytes: UnsafeRawBufferPointer, progress: ProgressMeter?) throws -> HabiticaExport {
    let parser = try CSVParser(file: fileName)
    parser.progress = progress
    var tasks: [HabiticaTask] = []
    var index: [String: Int] = [:]
    var sawHeader = false
    let file = fileName
    var warnings: [Diagnostic] = []
    func skip(_ view: CSVRowView, _ field: Int, _ message: String) {
      warnings.append(Diagnostic(code: HabiticaCodec.skippedEntry.code, severity: .warning,
                                 message: "row \(view.record): " + message + "; skipped",
                                 location: view.location(ofField: min(field, max(view.count - 1, 0)), file: file)))
    }
    try parser.parse(bytes) { view in
      if !sawHeader {
        sawHeader = true
        let labels = (0..<view.count).map { view.string($0) }
        guard labels == Self.header else {
          throw CSVProblem.missingLabel.error(
            "not a Habitica history.csv: the header is not " + Self.headerLine, at: view.location(ofField: 0, file: file),
            note: "Habitica's history.csv (Settings › Site Data › Export Data) starts with " + Self.headerLine)
        }
        return
      }
      if view.isBlank { return }
      guard view.count >= 5 else { return skip(view, view.count, "it has \(view.count) of the 5 cells") }
      let type = view.string(2)
      guard type == "habit" || type == "daily" else {
        return skip(view, 2, "the task type \(String(type.prefix(24)).debugDescription) is neither habit nor daily")
      }
      let id = view.string(1)
      guard !id.isEmpty else { return skip(view, 1, "the task has no id") }
      guard let date = Self.milliseconds(view.field(3)) else {
        return skip(view, 3, "the date \(String(view.string(3).prefix(24)).debugDescription) is not YYYY-MM-DD HH:MM:SS")
      }
      guard let value = Double(view.string(4)), value.isFinite else {
        return skip(view, 4, "the value \(String(view.string(4).prefix(24)).debugDescription) is not a number")
      }
      let slot: Int
      if let known = index[id] {
        slot = known
      } else {
        slot = tasks.count
        index[id] = slot
        tasks.append(HabiticaTask(kind: type == "habit" ? .habit : .daily, id: id, text: view.string(0), notes: "",
                                  tags: [], pointer: ""))
      }
      tasks[slot].history.append(HabiticaEntry(date: date, value: value, completed: nil, scoredUp: nil, scoredDown: nil,
                                               order: tasks[slot].history.count))
    }
    guard sawHeader else {
      throw CSVProblem.missingLabel.error("the file is empty; Habitica's history.csv starts with " + Self.headerLine,
                                          at: SourceLocation(file: file, line: 1, column: 1))
    }
    self.warnings = warnings
    var export = HabiticaExport()
    export.tasks = tasks
    return export
  }

  /// `YYYY-MM-DD HH:MM:SS` (UTC) as milliseconds; `nil` for anything else.
  static func milliseconds(_ b: UnsafeRawBufferPointer) -> Int64? {
    guard b.count == 19, b[10] == UInt8(ascii: " ") else { return nil }
    // The same text with a `Z`: UTC.
    var text = Array(b)
    text.append(UInt8(ascii: "Z"))
    return text.withUnsafeBytes { HabiticaInstant.milliseconds(iso: $0) }
  }
}
