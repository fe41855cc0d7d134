import CSVCore
import TrackerCodec
import TrackerModel

/// Turns the records of a HabitBull CSV file into a dataset, the way Loop's importer reads it.
///
/// - One habit per `HabitName`, in order of first appearance, with an id derived from the
///   name (``CSVStableID``, so a log table of the same names gives the same ids), a palette
///   emoji and colour chosen from the name, and an every-day schedule: HabitBull has none, and
///   Loop imports every habit as daily. Reported once as `defaulted-field`.
/// - Its category is the first row's `HabitCategory` (empty: `default-category`); Loop
///   ignores the column, TrackerPort keeps it. Its description is the first row's
///   `HabitDescription`.
/// - A day whose `Value` is positive is a completion (1 is Loop's check, a larger value an
///   amount of a numerical habit); 0, a negative value or an unreadable one is not. A habit
///   with a Value above 1 is measurable, as in Loop: its Values are amounts (the records' and
///   entries' `amount`), and its goal "at least 1" says that a positive amount is done
///   (`defaulted-field`). A day not done becomes an entry when it has an amount (0 or
///   negative, of a measurable habit) or a comment; the others (a 0 of a yes/no habit with no
///   comment, an unreadable value) are kept in the tracker's `extras["habitbull"].notDone`.
///   A cell the writer would not write again from the model (`+5`, `007`, `abc`) is kept in
///   the record's or entry's `extras["habitbull"].value`. Values other than 1 are reported
///   as `numeric-value`, so writing back gives the same rows.
/// - `CommentText` is the note of the day's record or entry. A day given twice keeps the
///   last row, as Loop does (`duplicate-day`).
final class HabitBullReader {
  /// A day of a habit, as its last row gives it.
  private struct Day {
    var habit: Int
    var date: LocalDate
    var value: String
    var number: Int32?
    var comment: String
    var row: Int32
  }

  private struct Habit {
    var name: String
    var description: String
    var category: String
    var row: Int32
    /// The category cell was empty: `category` is the default one.
    var defaultCategory = false
  }

  /// Thrown by a month-first reading that meets a slashed date that is a day only
  /// day-first, before anything proved the file month-first: the file is read again day-first.
  struct DayFirstEvidence: Error {
    /// The cell's text and where it is.
    var text: String
    var location: SourceLocation
  }

  private let file: String
  private let options: HabitBullOptions
  /// How slashed dates are read; day-first only after ``DayFirstEvidence``.
  private let order: HabitBullDate.Order
  private let evidence: DayFirstEvidence?
  /// Told the bytes and rows of every chunk parsed, for a progress display.
  var progress: ProgressMeter?
  /// The first slashed date that is a day only month-first, and the first read differently
  /// either way (`03/04/2016`): they decide the `date-order` findings.
  private var monthFirstProof: (text: String, location: SourceLocation)?
  private var firstAmbiguous: (text: String, location: SourceLocation)?
  private var columns: [HabitBullColumn: Int] = [:]
  private var labels: [String] = []
  private var habits: [Habit] = []
  private var habitByName: [String: Int] = [:]
  private var days: [Day] = []
  private var dayByKey: [DayKey: Int] = [:]
  private var locator: CSVTableLocator?
  /// The locator slot of the `Value` column.
  private var valueSlot: Int?
  private(set) var diagnostics: [Diagnostic] = []

  private struct DayKey: Hashable {
    var habit: Int
    var day: Int
  }

  /// A reader of `file`; `dayFirst` (after a month-first reading threw it) reads slashed
  /// dates day-first.
  init(file: String, options: HabitBullOptions, dayFirst: DayFirstEvidence? = nil) {
    self.file = file
    self.options = options
    self.order = dayFirst == nil ? .monthFirst : .dayFirst
    self.evidence = dayFirst
  }

  /// Reads the file's bytes.
  ///
  /// - Throws: ``CodecError`` `.malformedInput`: from the parser (`unclosed-quote`,
  ///   `stray-quote`, `encoding-error`), for an empty file or a header without `HabitName`,
  ///   `CalendarDate` or `Value` (`missing-label`), a row without a name, day or value
  ///   (`missing-cell`) and a day in no format read, or slashed dates in both orders
  ///   (`type-error`); ``DayFirstEvidence`` from a month-first reader of a day-first file.
  func read(_ bytes: UnsafeRawBufferPointer) throws -> (TrackerDataset, CSVTableLocator) {
    let parser = try CSVParser(dialect: CSVDialect(encoding: options.encoding), file: file)
    parser.progress = progress
    try parser.parse(bytes, blankLine: { blank in
      self.diagnostics.append(CSVProblem.blankRow.diagnostic(
        "empty line; skipped", severity: .warning,
        at: SourceLocation(file: self.file, line: blank.line, column: 1, row: blank.nextRecord)))
    }) { view in
      if view.record == 1 { try header(view) } else { try row(view) }
    }
    diagnostics.insert(contentsOf: parser.warnings, at: 0)
    // The locator is taken after `finish()`, which tells it which rows became which items.
    let dataset = finish()
    guard let locator else {
      throw CSVProblem.missingLabel.error(
        "the file is empty; a HabitBull export starts with the header " + HabitBullColumn.headerLine,
        at: SourceLocation(file: file, line: 1, column: 1))
    }
    return (dataset, locator)
  }

  private func header(_ view: CSVRowView) throws {
    labels = (0..<view.count).map { view.string($0) }
    for column in HabitBullColumn.allCases {
      if let i = labels.firstIndex(of: column.label) {
        columns[column] = i
      } else if column.isRequired {
        throw CSVProblem.missingLabel.error(
          "the header has no column \(column.label)", at: view.location(ofField: 0, file: file),
          note: "a HabitBull export starts with " + HabitBullColumn.headerLine)
      }
    }
    let slots = HabitBullColumn.allCases.compactMap { columns[$0] }
    var locator = CSVTableLocator(file: file, labels: labels, slots: slots)
    func slot(_ column: HabitBullColumn) -> Int? { columns[column].flatMap { slots.firstIndex(of: $0) } }
    var trackerFields = ["name": 0, "id": 0]
    trackerFields["categoryId"] = slot(.habitCategory)
    trackerFields["description"] = slot(.habitDescription)
    locator.collections["trackers"] = .init(fields: trackerFields)
    var dayFields = ["trackerId": 0, "date": slot(.calendarDate) ?? 0]
    dayFields["amount"] = slot(.value)
    dayFields["note"] = slot(.commentText)
    locator.collections["records"] = .init(fields: dayFields)
    locator.collections["entries"] = .init(fields: dayFields)
    valueSlot = slot(.value)
    var categoryFields: [String: Int] = [:]
    categoryFields["title"] = slot(.habitCategory)
    locator.collections["categories"] = .init(fields: categoryFields)
    self.locator = locator
  }

  private func row(_ view: CSVRowView) throws {
    if view.isBlank {
      diagnostics.append(CSVProblem.blankRow.diagnostic(
        "row \(view.record) has only empty cells; skipped", severity: .warning,
        at: SourceLocation(file: file, line: view.line, column: 1, row: view.record)))
      return
    }
    if view.count > labels.count {
      // An error: the cells are left out (as Loop leaves them), so a conversion does not end
      // in success unasked (--skip-bad-rows).
      let extra = (labels.count..<view.count).map { view.string($0) }.joined(separator: " | ")
      diagnostics.append(CSVProblem.extraCell.diagnostic(
        "row \(view.record) has \(view.count) cells, the header \(labels.count); the extra cells are left out, as Loop leaves them",
        severity: .error, at: view.location(ofField: labels.count, file: file),
        note: "left out: \(extra); a comma inside a cell needs the cell in quotes"))
    }
    func cell(_ column: HabitBullColumn) throws -> String {
      guard let i = columns[column] else { return "" }
      guard i < view.count else {
        guard !column.isRequired else {
          var at = view.location(ofField: view.count - 1, file: file)
          at.field = column.label
          throw CSVProblem.missingCell.error("row \(view.record) has no \(column.label) cell (\(view.count) of \(labels.count) cells)", at: at)
        }
        var at = SourceLocation(file: file, line: view.line, column: 1, row: view.record)
        at.field = column.label
        diagnostics.append(CSVProblem.missingCell.diagnostic(
          "row \(view.record) has no \(column.label) cell; read as empty", severity: .warning, at: at))
        return ""
      }
      return view.string(i)
    }
    func location(_ column: HabitBullColumn) -> SourceLocation {
      var at = view.location(ofField: columns[column] ?? 0, file: file)
      at.field = column.label
      return at
    }
    let name = try cell(.habitName)
    guard !name.isEmpty else {
      throw CSVProblem.missingCell.error("row \(view.record) has an empty HabitName", at: location(.habitName))
    }
    let dateText = try cell(.calendarDate)
    let date = try day(dateText, view.field(columns[.calendarDate] ?? 0), at: location(.calendarDate))
    let value = try cell(.value)
    let number = columns[.value].flatMap { HabitBullValue.parse(view.field($0)) }
    if number == nil {
      diagnostics.append(Diagnostic(
        code: HabitBullCodec.numericValue.code, severity: .warning,
        message: "Value \"\(value)\" is not a 32-bit integer; Loop reads it as 0, so the day is not done",
        location: location(.value), note: "the cell is kept in extras[\"habitbull\"] and written back as it is"))
    }
    let habit: Int
    if let known = habitByName[name] {
      habit = known
    } else {
      habit = habits.count
      let category = try cell(.habitCategory)
      habits.append(Habit(name: name, description: try cell(.habitDescription),
                          category: category.isEmpty ? options.defaultCategory : category, row: Int32(days.count),
                          defaultCategory: category.isEmpty))
      habitByName[name] = habit
    }
    let day = Day(habit: habit, date: date, value: value, number: number, comment: try cell(.commentText),
                  row: Int32(days.count))
    let key = DayKey(habit: habit, day: date.dayNumber)
    if let earlier = dayByKey[key] {
      diagnostics.append(Diagnostic(
        code: HabitBullCodec.duplicateDay.code, severity: .warning,
        message: "\"\(name)\" has \(date) on an earlier row too; this row replaces it, as in Loop",
        location: location(.calendarDate)))
      days[earlier].value = day.value
      days[earlier].number = day.number
      days[earlier].comment = day.comment
      return
    }
    dayByKey[key] = days.count
    days.append(day)
    _ = locator?.store(view)
  }

  /// The day of a `CalendarDate` cell, noting what it says of the order of slashed dates.
  private func day(_ text: String, _ bytes: UnsafeRawBufferPointer, at location: SourceLocation) throws -> LocalDate {
    let (reading, slash) = HabitBullDate.read(bytes, order: order, format: options.dateFormat)
    switch slash {
    case .provesMonthFirst where monthFirstProof == nil: monthFirstProof = (text, location)
    case .ambiguous where firstAmbiguous == nil: firstAmbiguous = (text, location)
    default: break
    }
    switch reading {
    case .day(let date):
      return date
    case .otherOrder:
      if order == .monthFirst {
        guard let proof = monthFirstProof else { throw DayFirstEvidence(text: text, location: location) }
        throw CSVProblem.typeError.error(
          "CalendarDate \"\(text)\" is a day only read day-first, but \"\(proof.text)\" (row \(proof.location.row ?? 0)) only month-first",
          at: location, note: "the file mixes the two orders; pass --date-format with the one it should be read in")
      }
      let first = evidence.map { " (row \($0.location.row ?? 0))" } ?? ""
      throw CSVProblem.typeError.error(
        "CalendarDate \"\(text)\" is a day only read month-first, but \"\(evidence?.text ?? "")\"\(first) only day-first",
        at: location, note: "the file mixes the two orders; pass --date-format with the one it should be read in")
    case .invalid:
      let formats = options.dateFormat.map { "\($0) or yyyy-MM-dd" }
        ?? "yyyy-MM-dd, M/d/yyyy, M/d/yy, d/M/yyyy, d/M/yy, d.M.yyyy or d.M.yy"
      throw CSVProblem.typeError.error(
        "CalendarDate \"\(text)\" is not a day written \(formats)", at: location,
        note: options.dateFormat == nil
          ? "slashed dates are read month-first unless one is a day only day-first; --date-format (DD/MM/YYYY, DD/MM/YY, ...) says how they are written"
          : "--date-format says how CalendarDate is written; yyyy-MM-dd is read too, when the pattern does not read a cell")
    }
  }

  /// A `date-order` warning saying which way slashed dates were read, when that was a choice:
  /// day-first because of a date, or month-first with dates that read differently day-first.
  private func reportDateOrder() {
    guard options.dateFormat == nil else { return }
    if let evidence {
      diagnostics.append(Diagnostic(
        code: HabitBullCodec.dateOrder.code, severity: .warning,
        message: "slashed dates were read day-first (\(HabitBullDate.shape(of: evidence.text, dayFirst: true))): \"\(evidence.text)\" is a day only that way",
        location: evidence.location,
        note: "Loop on a phone with a month-first locale reads such files wrongly; --date-format \(HabitBullDate.pattern(of: evidence.text, dayFirst: false)) reads month-first"))
    } else if monthFirstProof == nil, let ambiguous = firstAmbiguous {
      diagnostics.append(Diagnostic(
        code: HabitBullCodec.dateOrder.code, severity: .warning,
        message: "slashed dates such as \"\(ambiguous.text)\" were read month-first (\(HabitBullDate.shape(of: ambiguous.text, dayFirst: false))), as Loop reads them on a US phone; no date in the file is a day only one way",
        location: ambiguous.location,
        note: "if they are day-first, read the file with --date-format \(HabitBullDate.pattern(of: ambiguous.text, dayFirst: true))"))
    }
  }

  private func finish() -> TrackerDataset {
    // A Value above 1 makes a habit measurable, as in Loop's importer.
    var measurable = [Bool](repeating: false, count: habits.count)
    for day in days where (day.number ?? 0) > 1 { measurable[day.habit] = true }
    let ids = habits.map { CSVStableID.tracker(name: $0.name) }
    var categories: [TrackerCategory] = []
    var categoryIds: Set<String> = []
    var trackers: [Tracker] = []
    var notDone = [[JSONValue]](repeating: [], count: habits.count)
    var counts = [DayCounts](repeating: DayCounts(), count: habits.count)
    var records: [TrackerRecord] = []
    var entries: [TrackerEntry] = []
    var trackerRows: [Int32] = [], categoryRows: [Int32] = [], recordRows: [Int32] = [], entryRows: [Int32] = []
    for day in days {
      let trackerId = ids[day.habit]
      let note = day.comment.isEmpty ? nil : day.comment
      if day.value != "1", counts[day.habit].firstOdd == nil { counts[day.habit].firstOdd = day.row }
      // The cell is kept only where the writer would not write it again from the model.
      func extras(canonical: String) -> Extras {
        day.value == canonical ? [:] : ["habitbull": .object([JSONMember("value", HabitBullValue.json(day.value))])]
      }
      if let number = day.number, HabitBullValue.isDone(number) {
        let amount = measurable[day.habit] ? Double(number) : nil
        records.append(TrackerRecord(trackerId: trackerId, date: day.date, amount: amount, note: note,
                                     extras: extras(canonical: amount == nil ? "1" : String(number))))
        recordRows.append(day.row)
        if day.value != "1" { counts[day.habit].amounts += 1 }
      } else if let amount = measurable[day.habit] ? day.number.map(Double.init) : nil {
        entries.append(TrackerEntry(trackerId: trackerId, date: day.date, amount: amount, note: note,
                                    extras: extras(canonical: day.number.map { String($0) } ?? "0")))
        entryRows.append(day.row)
        counts[day.habit].entries += 1
      } else if note != nil {
        entries.append(TrackerEntry(trackerId: trackerId, date: day.date, note: note, extras: extras(canonical: "0")))
        entryRows.append(day.row)
        counts[day.habit].entries += 1
      } else {
        notDone[day.habit].append(.object([JSONMember("date", .string(day.date.description)),
                                           JSONMember("value", HabitBullValue.json(day.value))]))
      }
    }
    for (i, habit) in habits.enumerated() {
      let categoryId = CSVStableID.category(title: habit.category)
      if categoryIds.insert(categoryId).inserted {
        categories.append(TrackerCategory(id: categoryId, title: habit.category))
        categoryRows.append(habit.row)
      }
      let palette = PaletteEmoji.stableChoice(for: habit.name)
      var tracker = Tracker(id: ids[i], kind: .habit, name: habit.name,
                            categoryId: categoryId, emoji: palette.emoji.rawValue, color: palette.color.rawValue,
                            schedule: Weekday.allCases, description: habit.description.isEmpty ? nil : habit.description,
                            goal: measurable[i] ? HabitBullReader.goal : nil,
                            extras: notDone[i].isEmpty ? [:] : ["habitbull": .object([JSONMember("notDone", .array(notDone[i]))])])
      // HabitBull's export has no emoji, colours or weekdays (nor a category, when the cell is empty).
      tracker.invented = habit.defaultCategory ? [.category, .emoji, .color, .schedule] : [.emoji, .color, .schedule]
      trackers.append(tracker)
      trackerRows.append(habit.row)
      reportValues(of: i, measurable: measurable[i], counts: counts[i], notDone: notDone[i].count)
    }
    locator?.collections["trackers"]?.rows = trackerRows
    locator?.collections["categories"]?.rows = categoryRows
    locator?.collections["records"]?.rows = recordRows
    locator?.collections["entries"]?.rows = entryRows
    reportDefaults(habits: habits.count, measurable: measurable.count { $0 })
    reportDateOrder()
    return TrackerDataset(categories: categories, trackers: trackers, records: records, entries: entries)
  }

  /// The goal of a measurable habit: HabitBull exports none, and a positive Value is a done
  /// day, which for whole numbers is "at least 1".
  static let goal = TrackerGoal(target: 1, direction: .atLeast)

  /// What became of a habit's days that are not a plain check (Value 1).
  private struct DayCounts {
    /// The first such day's row.
    var firstOdd: Int32?
    /// Done days whose Value is not 1.
    var amounts = 0
    /// Days not done that became entries.
    var entries = 0
  }

  /// One `numeric-value` per habit with a Value other than 1, at the first such cell.
  private func reportValues(of habit: Int, measurable: Bool, counts: DayCounts, notDone: Int) {
    guard let first = counts.firstOdd, let locator else { return }
    var parts: [String] = []
    if measurable {
      parts.append("measurable (a Value above 1, as Loop reads it): its Values are amounts, \(counts.amounts) done day(s) with one other than 1")
    } else if counts.amounts > 0 {
      parts.append("\(counts.amounts) done day(s) hold a Value other than 1")
    }
    if counts.entries > 0 { parts.append("\(counts.entries) day(s) not done with \(measurable ? "an amount or " : "")a comment became entries") }
    if notDone > 0 { parts.append("\(notDone) day(s) not done (Value 0, negative or unreadable) with nothing else are kept in extras[\"habitbull\"].notDone") }
    diagnostics.append(Diagnostic(
      code: HabitBullCodec.numericValue.code, severity: .warning,
      message: "\"\(habits[habit].name)\": " + parts.joined(separator: "; "),
      location: locator.location(row: Int(first), slot: valueSlot, pointer: "/trackers/\(habit)"),
      note: "a positive Value is a done day; writing HabitBull again puts every Value back as it was"))
  }

  private func reportDefaults(habits: Int, measurable: Int) {
    if habits > 0 {
      diagnostics.append(Diagnostic(
        code: HabitBullCodec.defaultedField.code, severity: .warning,
        message: "\(habits) habit(s) got a palette emoji and colour chosen from the name, and an every-day schedule",
        location: SourceLocation(file: file, pointer: "/trackers"),
        note: "HabitBull exports no schedule; Loop imports every HabitBull habit as daily too"))
    }
    if measurable > 0 {
      diagnostics.append(Diagnostic(
        code: HabitBullCodec.defaultedField.code, severity: .warning,
        message: "\(measurable) measurable habit(s) got the goal \"at least 1\"",
        location: SourceLocation(file: file, pointer: "/trackers"),
        note: "HabitBull exports no goal; a positive Value is a done day, as in Loop"))
    }
  }
}
