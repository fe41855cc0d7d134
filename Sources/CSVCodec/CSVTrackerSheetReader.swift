import CSVCore
import TrackerCodec
import TrackerModel

/// Reads a trackers table: one row per tracker, the columns of the package's `trackers.csv`
/// (`id,kind,name,categoryId,emoji,color,schedule,date,pinned,createdOn`, and
/// `archived,description,goalTarget,goalDirection,goalUnit,goalPeriod,frequencyTimes,frequencyDays`), with
/// a `category` column of titles allowed instead of or besides `categoryId`.
///
/// Only `name` is required. An empty cell is an absent value; an empty text in quotes (`""`)
/// is the empty text, as the writer writes it. An empty `id` is derived from the name
/// (``CSVStableID``), so the same file gives the same ids; an empty `kind` is `habit` when the
/// row has a schedule, else `event`. Categories are made in order of first appearance; without
/// any category cell, the `default-category` title is used. A cell that does not parse is a
/// `type-error`; its text is kept in the tracker's `extras["csv"]` under the column label (all
/// the cells of a goal or frequency that could not be made). Unknown columns go there too.
final class CSVTrackerSheetReader: CSVSheetReading {
  /// The model keys a trackers table has columns for, in the order the writer writes them.
  static let columns = ["id", "kind", "name", "categoryId", "category", "emoji", "color", "schedule",
                        "date", "pinned", "createdOn"]
  /// The columns of what habit apps share, written only when some tracker needs them.
  static let optionalColumns = ["archived", "description", "goalTarget", "goalDirection", "goalUnit", "goalPeriod",
                                "frequencyTimes", "frequencyDays"]
  /// Every column label the reader takes as its own, folded (``CSVSheetHeader/fold(_:)``).
  private static let ownColumns = Set((columns + optionalColumns).map(CSVSheetHeader.fold))

  /// Whether a column labelled `label` is one of the table's own (ignoring case and
  /// surrounding spaces, as the reader finds them).
  static func isOwnColumn(_ label: String) -> Bool { ownColumns.contains(CSVSheetHeader.fold(label)) }

  private let header: CSVSheetHeader
  private let file: String?
  private let options: CSVOptions
  private var slot: [String: Int] = [:]  // model key → header column
  private var extraColumns: [Int] = []
  private var categories: [TrackerCategory] = []
  private var categoryByID: [String: Int] = [:]
  private var categoryByTitle: [String: Int] = [:]
  private var untitledCategories = 0
  private var trackers: [Tracker] = []
  private var nameCount: [String: Int] = [:]
  private var locator: CSVTableLocator
  private(set) var diagnostics: [Diagnostic] = []

  /// - Throws: ``CodecError`` `.malformedInput` when there is no `name` column.
  init(header: CSVSheetHeader, file: String?, options: CSVOptions) throws {
    self.header = header
    self.file = file
    self.options = options
    for key in Self.columns + Self.optionalColumns {
      if let i = header.index(of: key) { slot[key] = i }
    }
    guard slot["name"] != nil else {
      throw CodecError(.malformedInput, "the trackers table has no name column [missing-label]",
                       location: SourceLocation(file: file, line: 1, column: 1, row: 1),
                       note: "a trackers table needs at least a 'name' column; for a log table pass --option map=tracker=COLUMN,date=COLUMN")
    }
    let known = Set(slot.values)
    for i in header.labels.indices where !known.contains(i) {
      extraColumns.append(i)
      if header.extraKeys[i] == header.labels[i] {
        diagnostics.append(Diagnostic(
          code: CSVProblem.unknownColumn.code, severity: .warning,
          message: "unknown column \"\(header.labels[i])\"; its cells are kept in extras[\"csv\"]",
          location: header.location(of: i, file: file)))
      }
    }
    locator = CSVTableLocator(file: file, labels: header.labels, slots: Array(header.labels.indices))
    locator.collections["trackers"] = .init(fields: slot)
    var categoryFields: [String: Int] = [:]
    categoryFields["title"] = slot["category"] ?? slot["categoryId"]
    categoryFields["id"] = slot["categoryId"] ?? slot["category"]
    locator.collections["categories"] = .init(fields: categoryFields)
    diagnostics += header.diagnostics
  }

  var fileName: String? { file }
  func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  func row(_ view: CSVRowView) throws {
    if view.isBlank {
      blank(line: view.line, record: view.record)
      return
    }
    if let ragged = header.raggedness(view, file: file) { diagnostics.append(ragged) }
    let stored = locator.store(view)
    var extras: [JSONMember] = []
    for i in extraColumns where view.cell(i) != nil {
      extras.append(JSONMember(header.extraKey(i), .string(view.string(i))))
    }
    for i in header.labels.count..<max(header.labels.count, view.count) where view.cell(i) != nil {
      extras.append(JSONMember(header.extraKey(i), .string(view.string(i))))
    }

    var rowErrors: [Diagnostic] = []
    // `expected` completes "is not ...", unless `problem` says it all ("is given without ...").
    func typeError(_ key: String, _ expected: String, problem: String? = nil) {
      guard let i = slot[key], let text = view.cell(i) else { return }
      var location = view.location(ofField: i, file: file)
      location.field = header.labels[i]
      rowErrors.append(Diagnostic(
        code: CSVProblem.typeError.code, severity: .error,
        message: "\(header.labels[i]) \"\(text)\" \(problem ?? "is not " + expected); kept in extras[\"csv\"]",
        location: location))
      extras.append(JSONMember(header.labels[i], .string(text)))
    }

    let name = view.cell(slot["name"]) ?? ""
    let occurrence = nameCount[name, default: 0]
    nameCount[name] = occurrence + 1
    let id = view.cell(slot["id"]) ?? CSVStableID.tracker(name: name, occurrence: occurrence)

    var schedule: [Weekday]?
    if let text = view.cell(slot["schedule"]) {
      let days = CSVWeekdays.parse(text)
      if let days { schedule = days } else { typeError("schedule", "weekdays separated by spaces (mon wed fri)") }
    }
    var kind: TrackerKind = schedule == nil ? .event : .habit
    if let text = view.cell(slot["kind"]) {
      if let parsed = TrackerKind(rawValue: String(text.trimmingSpaces).lowercased()) {
        kind = parsed
      } else {
        typeError("kind", "habit or event")
      }
    }
    func day(_ key: String) -> LocalDate? {
      guard let text = view.cell(slot[key]) else { return nil }
      if let date = (options.dateFormat ?? .iso).parse(text) { return date }
      typeError(key, "a day written \(options.dateFormat ?? .iso)")
      return nil
    }
    let date = day("date")
    let createdOn = day("createdOn")
    var pinned = false
    if let text = view.cell(slot["pinned"]) {
      if let value = CSVBoolean.parse(text) { pinned = value } else { typeError("pinned", "true or false") }
    }

    // An empty text is written in quotes: `""` is "", an empty cell absent.
    func text(_ key: String) -> String? {
      guard let i = slot[key], i < view.count else { return nil }
      return view.isEmpty(i) && !view.isQuoted(i) ? nil : view.string(i)
    }
    let (categoryCell, categoryTitle) = (view.cell(slot["categoryId"]), view.cell(slot["category"]))
    let categoryId = category(id: categoryCell, title: categoryTitle, row: stored)
    var tracker = Tracker(id: id, kind: kind, name: name, categoryId: categoryId,
                          emoji: text("emoji"), color: text("color"),
                          schedule: schedule, date: date, pinned: pinned, createdOn: createdOn)
    if let text = view.cell(slot["archived"]) {
      if let value = CSVBoolean.parse(text) { tracker.archived = value } else { typeError("archived", "true or false") }
    }
    // A row without categoryId and category is put in `default-category`: made up, not the person's.
    if categoryCell == nil && categoryTitle == nil { tracker.invented = [.category] }
    tracker.description = text("description")
    func keep(_ key: String) {
      if let i = slot[key], let text = view.cell(i) { extras.append(JSONMember(header.labels[i], .string(text))) }
    }
    readGoal(view, into: &tracker, text: text, typeError: typeError, keep: keep)
    func whole(_ key: String) -> Int? {
      guard let text = view.cell(slot[key]) else { return nil }
      if let value = CSVCell.integer(cell: String(text.trimmingSpaces)) { return value }
      typeError(key, "a whole number")
      return nil
    }
    let times = whole("frequencyTimes"), days = whole("frequencyDays")
    if let times, let days {
      tracker.frequency = TrackerFrequency(times: times, days: days)
    } else {
      // No frequency: a half that was read goes to extras too, with an error when the other
      // half is missing (a bad other half has its own).
      for (key, value, other) in [("frequencyTimes", times, "frequencyDays"), ("frequencyDays", days, "frequencyTimes")]
      where value != nil {
        if view.cell(slot[other]) == nil {
          typeError(key, "", problem: "is given without \(other)")
        } else {
          keep(key)
        }
      }
    }
    if !extras.isEmpty { tracker.extras["csv"] = .object(extras) }
    // In the order of the cells, whatever order the fields were parsed in.
    diagnostics += rowErrors.sorted {
      ($0.location.line ?? 0, $0.location.column ?? 0) < ($1.location.line ?? 0, $1.location.column ?? 0)
    }
    trackers.append(tracker)
    locator.add("trackers", row: stored)
  }

  /// The goal of a row: a `goalTarget` number, a `goalDirection` (`atLeast`, default, or
  /// `atMost`; any case, `at least`, `>=`, `<=`), a `goalUnit` and a `goalPeriod` (`week`,
  /// `month`, `10d`; any case; empty: a day). When the goal cannot be made
  /// (a bad cell, or no target), the row's goal cells all go to extras: a bad one with a
  /// `type-error`, the others with `keep`.
  private func readGoal(_ view: CSVRowView, into tracker: inout Tracker, text: (String) -> String?,
                        typeError: (String, String, String?) -> Void, keep: (String) -> Void) {
    guard let targetText = view.cell(slot["goalTarget"]) else {
      typeError("goalDirection", "", "is given without a goalTarget")
      typeError("goalUnit", "", "is given without a goalTarget")
      typeError("goalPeriod", "", "is given without a goalTarget")
      return
    }
    var period: TrackerGoal.Period? = .day
    if let text = view.cell(slot["goalPeriod"]) {
      period = TrackerGoal.Period(text: CSVSheetHeader.fold(text))
      if period == nil { typeError("goalPeriod", "week, month or a number of days such as 10d", nil) }
    }
    var direction: TrackerGoal.Direction? = .atLeast
    if let text = view.cell(slot["goalDirection"]) {
      switch CSVSheetHeader.fold(text) {
      case "atleast", "at least", ">=": direction = .atLeast
      case "atmost", "at most", "<=": direction = .atMost
      default:
        direction = nil
        typeError("goalDirection", "atLeast or atMost", nil)
      }
    }
    let target = CSVCell.number(cell: String(targetText.trimmingSpaces), decimalComma: true)
    if target == nil { typeError("goalTarget", "a number (5.5 or 5,5)", nil) }
    guard let target, let direction, let period else {
      if target != nil { keep("goalTarget") }
      if direction != nil { keep("goalDirection") }
      if period != nil { keep("goalPeriod") }
      keep("goalUnit")
      return
    }
    tracker.goal = TrackerGoal(target: target, direction: direction, unit: text("goalUnit"), period: period)
  }

  /// The id of the row's category, made on first appearance.
  private func category(id: String?, title: String?, row: Int32) -> String {
    if let id {
      if let k = categoryByID[id] { return categories[k].id }
      if title == nil { untitledCategories += 1 }
      return make(id: id, title: title ?? id, row: row)
    }
    let title = title ?? options.defaultCategory
    if let k = categoryByTitle[title] { return categories[k].id }
    return make(id: CSVStableID.category(title: title), title: title, row: row)
  }

  private func make(id: String, title: String, row: Int32) -> String {
    categoryByID[id] = categories.count
    if categoryByTitle[title] == nil { categoryByTitle[title] = categories.count }
    categories.append(TrackerCategory(id: id, title: title))
    locator.add("categories", row: row)
    return id
  }

  func finish() throws -> (TrackerDataset, CSVTableLocator) {
    if untitledCategories > 0 {
      diagnostics.append(Diagnostic(
        code: CSVSheetCodes.defaultedField.code, severity: .warning,
        message: "\(untitledCategories) categor\(untitledCategories == 1 ? "y has" : "ies have") only an id; the id is used as the title",
        location: SourceLocation(file: file, pointer: "/categories"), note: "add a 'category' column with titles"))
    }
    return (TrackerDataset(categories: categories, trackers: trackers), locator)
  }
}
