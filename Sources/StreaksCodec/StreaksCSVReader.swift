import CSVCore
import TrackerCodec
import TrackerModel

/// Reads Streaks' CSV export into a ``StreaksExport``: one row per task and day, columns found
/// by their header label (letter case and padding ignored), never by position — no source
/// establishes their order.
///
/// Read: `task_id`, `title` (one of them is needed), `entry_type` and `entry_date` (needed), and
/// where present `entry_timestamp`, `entry_timezone`, `quantity`, `notes`, `icon` and `page`.
/// Any other column is kept with the row's day, by its label.
struct StreaksCSVReader {
  /// Columns detection needs (``StreaksSniffer``).
  static let detectedLabels: Set<String> = ["task_id", "entry_type", "entry_date"]
  /// Columns of the task rather than of the day.
  static let taskLabels = ["task_id", "title", "icon", "page"]
  /// Every column the reader maps.
  static let knownLabels: Set<String> = ["task_id", "title", "entry_type", "entry_date", "entry_timestamp", "entry_timezone",
                                         "quantity", "notes", "icon", "page"]

  let file: String
  private var export = StreaksExport()
  private var taskOf: [String: Int] = [:]
  private var labels: [String] = []
  private var columns: [String: Int] = [:]
  private var unknown = StreaksUnknownTypes()
  private var unread: [JSONValue] = []

  init(file: String) {
    self.file = file
  }

  /// The export.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` from the parser (`unclosed-quote`,
  ///   `stray-quote`, `encoding-error`) and for a header without `entry_type`, `entry_date` or
  ///   both of `task_id` and `title` (`missing-label`), with file, line and column.
  mutating func read(_ bytes: UnsafeRawBufferPointer) throws -> StreaksExport {
    let parser = try CSVParser(dialect: CSVDialect(), file: file)
    try parser.parse(bytes) { view in
      if view.record == 1 { try header(view) } else { row(view) }
    }
    guard !labels.isEmpty else {
      throw CSVProblem.missingLabel.error("the file is empty; a Streaks export starts with a header naming task_id, title, entry_type and entry_date",
                                         at: SourceLocation(file: file, line: 1, column: 1))
    }
    export.warnings.insert(contentsOf: parser.warnings, at: 0)
    export.warnings.append(contentsOf: unknown.warnings("entry_type"))
    if !unread.isEmpty { export.kept.append(JSONMember("unread", .array(unread))) }
    return export
  }

  private mutating func header(_ view: CSVRowView) throws {
    // Each label once: a second `notes` is kept as `notes 2`.
    var seen: [String: Int] = [:]
    labels = (0..<view.count).map { i in
      let label = view.string(i).trimmingBlanks
      let key = label.lowercased()
      let n = seen[key, default: 0] + 1
      seen[key] = n
      return n == 1 ? label : "\(label) \(n)"
    }
    for (i, label) in labels.enumerated() where Self.knownLabels.contains(label.lowercased()) && columns[label.lowercased()] == nil {
      columns[label.lowercased()] = i
    }
    let note = "a Streaks export has the columns task_id, title, entry_type and entry_date (in any order), often entry_timestamp, entry_timezone, quantity, notes, icon and page"
    for required in ["entry_type", "entry_date"] where columns[required] == nil {
      throw CSVProblem.missingLabel.error("the header has no column \(required)", at: view.location(ofField: 0, file: file), note: note)
    }
    if columns["task_id"] == nil && columns["title"] == nil {
      throw CSVProblem.missingLabel.error("the header has neither task_id nor title, so no row can be given its task",
                                          at: view.location(ofField: 0, file: file), note: note)
    }
  }

  private mutating func row(_ view: CSVRowView) {
    if view.isBlank { return }
    func cell(_ label: String) -> String {
      guard let i = columns[label], i < view.count else { return "" }
      return view.string(i)
    }
    func location(_ label: String) -> SourceLocation {
      var location = view.location(ofField: min(columns[label] ?? 0, max(view.count - 1, 0)), file: file)
      location.field = label
      return location
    }
    let id = cell("task_id").trimmingBlanks, title = cell("title")

    // The day first: a row without one counts nowhere, and is kept whole.
    let dateText = cell("entry_date")
    guard let day = StreaksDay.parse(dateText) else {
      var members = [JSONMember("row", .number(String(view.record)))]
      for (i, label) in labels.enumerated() where i < view.count && !view.isEmpty(i) {
        members.append(JSONMember(label.isEmpty ? "column\(i + 1)" : label, .string(view.string(i))))
      }
      unread.append(.object(members))
      export.warnings.append(Diagnostic(
        code: StreaksCodec.badDate.code, severity: .warning,
        message: "entry_date \(dateText.debugDescription) is not a day (YYYYMMDD); the row counts no day and is kept in extras[\"streaks\"].unread",
        location: location("entry_date")))
      return
    }

    let key = id.isEmpty ? "title:" + title : id
    let index: Int
    if let known = taskOf[key] {
      index = known
    } else {
      index = export.tasks.count
      taskOf[key] = index
      var task = StreaksExport.Task(id: id, title: title, location: view.location(ofField: 0, file: file))
      for label in ["icon", "page"] {
        let value = cell(label)
        if !value.isEmpty { task.kept.append(JSONMember(label, Self.value(value))) }
      }
      export.tasks.append(task)
    }

    var kept: [JSONMember] = []
    let word = cell("entry_type")
    let type = StreaksEntryType(word: word)
    kept.append(JSONMember("type", .string(word)))
    if type == nil { unknown.add(word.debugDescription, at: location("entry_type")) }
    for (label, key) in [("entry_timestamp", "timestamp"), ("entry_timezone", "timezone")] {
      let value = cell(label)
      if !value.isEmpty { kept.append(JSONMember(key, .string(value))) }
    }
    // A quantity of 0 says nothing (the one sample seen had 0.0 on every row).
    let quantity = cell("quantity").trimmingBlanks
    if !quantity.isEmpty, Double(quantity) != 0 { kept.append(JSONMember("quantity", Self.value(quantity))) }
    // A task's columns that differ from its first row's stay with the day.
    let task = export.tasks[index]
    if columns["task_id"] != nil, title != task.title { kept.append(JSONMember("title", .string(title))) }
    for label in ["icon", "page"] {
      let value = cell(label)
      if !value.isEmpty, task.kept.first(where: { $0.key == label })?.value != Self.value(value) {
        kept.append(JSONMember(label, Self.value(value)))
      }
    }
    for (i, label) in labels.enumerated() where !Self.knownLabels.contains(label.lowercased()) && i < view.count && !view.isEmpty(i) {
      kept.append(JSONMember(label.isEmpty ? "column\(i + 1)" : label, .string(view.string(i))))
    }
    // Cells past the header are kept too, by their column.
    for i in labels.count..<max(labels.count, view.count) where !view.isEmpty(i) {
      kept.append(JSONMember("column\(i + 1)", .string(view.string(i))))
    }
    let note = cell("notes")
    let plain = type == .completedManually && kept.count == 1
    export.tasks[index].marks.append(StreaksExport.Mark(day: day, type: type, note: note.isEmpty ? nil : note, kept: kept, plain: plain))
  }

  /// A cell as a JSON number when it is one (`page`, `quantity`), else as text.
  static func value(_ text: String) -> JSONValue {
    JSONText.isNumber(text) ? .number(text) : .string(text)
  }
}
