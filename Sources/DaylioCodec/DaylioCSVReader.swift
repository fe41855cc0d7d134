import Foundation
import CSVCore
import TrackerCodec
import TrackerModel

/// Reads Daylio's CSV export (`full_date,date,weekday,time,mood,activities,note_title,note`;
/// newer versions add `scales` and perhaps more: columns are found by name) into a
/// ``DaylioDiary``: activities by their trimmed names, in order of first appearance.
///
/// `date`, `weekday` and `time` are written in the phone's language and are not read: the day
/// is `full_date` (`YYYY-MM-DD`), and every column but `full_date`, `mood`, `activities`,
/// `note_title` and `note` is kept in the entry as written.
struct DaylioCSVReader {
  /// The header's start, which detection looks for.
  static let headerStart = "full_date,date,weekday,time,mood"
  static let separator = "|"

  let file: String
  private var diary = DaylioDiary()
  private var activityOf: [String: Int] = [:]
  private var labels: [String] = []
  private var columns: [String: Int] = [:]

  init(file: String) {
    self.file = file
  }

  /// Whether `head` starts with Daylio's header (after a byte order mark, quoted or not).
  static func sniff(_ head: [UInt8]) -> Bool {
    var bytes = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
    bytes.removeAll { $0 == UInt8(ascii: "\"") }
    return bytes.starts(with: Array(headerStart.utf8))
  }

  /// The diary.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` from the parser (`unclosed-quote`,
  ///   `stray-quote`, `encoding-error`) and for a header without `full_date` or `activities`
  ///   (`missing-label`), with file, line and column.
  mutating func read(_ bytes: UnsafeRawBufferPointer) throws -> DaylioDiary {
    let parser = try CSVParser(dialect: CSVDialect(), file: file)
    try parser.parse(bytes) { view in
      if view.record == 1 { try header(view) } else { row(view) }
    }
    guard !labels.isEmpty else {
      throw CSVProblem.missingLabel.error("the file is empty; a Daylio export starts with the header " + Self.headerStart + ",activities,…",
                                         at: SourceLocation(file: file, line: 1, column: 1))
    }
    diary.warnings.insert(contentsOf: parser.warnings, at: 0)
    return diary
  }

  private mutating func header(_ view: CSVRowView) throws {
    // Each label once: a second `scales` is kept as `scales 2`.
    var seen: [String: Int] = [:]
    labels = (0..<view.count).map { i in
      let label = view.string(i).trimmingCharacters(in: .whitespacesAndNewlines)
      let n = seen[label, default: 0] + 1
      seen[label] = n
      return n == 1 ? label : "\(label) \(n)"
    }
    for (i, label) in labels.enumerated() where columns[label] == nil { columns[label] = i }
    for required in ["full_date", "activities"] where columns[required] == nil {
      throw CSVProblem.missingLabel.error("the header has no column \(required)", at: view.location(ofField: 0, file: file),
                                          note: "a Daylio export starts with " + Self.headerStart + ",activities,note_title,note")
    }
  }

  private mutating func row(_ view: CSVRowView) {
    if view.isBlank { return }
    func cell(_ label: String) -> String {
      guard let i = columns[label], i < view.count else { return "" }
      return view.string(i)
    }
    var entry = DaylioDiary.Entry(date: nil, time: cell("time"), mood: cell("mood").trimmingCharacters(in: .whitespacesAndNewlines), noteTitle: cell("note_title"),
                                  note: cell("note"), activities: [])
    let day = cell("full_date").trimmingCharacters(in: .whitespacesAndNewlines)
    if let date = LocalDate(day) {
      entry.date = date
    } else {
      var location = view.location(ofField: columns["full_date"]!, file: file)
      location.field = "full_date"
      entry.kept.append(JSONMember("full_date", .string(cell("full_date"))))
      diary.warnings.append(Diagnostic(code: DaylioCodec.badDate.code, severity: .warning,
                                       message: "full_date \(day.debugDescription) is not a YYYY-MM-DD day; the row is kept, its activities count no day",
                                       location: location))
    }
    for part in cell("activities").split(separator: Self.separator, omittingEmptySubsequences: true) {
      let name = String(part).trimmingCharacters(in: .whitespacesAndNewlines)
      guard !name.isEmpty else { continue }
      let activity: Int
      if let known = activityOf[name] {
        activity = known
      } else {
        activity = diary.activities.count
        activityOf[name] = activity
        diary.activities.append(DaylioDiary.Activity(id: nil, name: name))
      }
      if !entry.activities.contains(activity) { entry.activities.append(activity) }
    }
    for (i, label) in labels.enumerated() where !Self.mapped.contains(label) && i < view.count {
      entry.kept.append(JSONMember(label.isEmpty ? "column\(i + 1)" : label, .string(view.string(i))))
    }
    // Cells past the header are kept too, by their column.
    for i in labels.count..<max(labels.count, view.count) {
      entry.kept.append(JSONMember("column\(i + 1)", .string(view.string(i))))
    }
    diary.entries.append(entry)
  }

  /// Columns read into ``DaylioDiary/Entry``'s own fields (`full_date` too: the entry's day).
  private static let mapped: Set<String> = ["full_date", "time", "mood", "activities", "note_title", "note"]
}
