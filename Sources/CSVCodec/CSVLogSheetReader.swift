import CSVCore
import TrackerCodec
import TrackerModel

/// Reads a log table: one row per completed day, columns chosen by a ``CSVLogMap``.
///
/// Trackers are made from the names met, in order of first appearance, with ids derived from
/// the name (``CSVStableID``). Each is a habit planned every day — a log says when something
/// was done, not when it was planned — with a palette emoji and colour chosen from the name;
/// both are reported once as `defaulted-field`. A tracker's category is the category cell of
/// its first row, else `default-category`.
///
/// Rows failing the `done` filter are left out by request. A row without a tracker or a day is
/// a `missing-cell` warning and is skipped; a day that does not parse is a `type-error` and the
/// row is skipped. An amount that does not parse is a `type-error` too, but the day was done:
/// the record is kept without it, and the text in its `extras["csv"]`. A note is the cell (an
/// empty cell none, `""` the empty text). Other columns are kept per record in `extras["csv"]`.
final class CSVLogSheetReader: CSVSheetReading {
  private struct Pending {
    var name: String
    var date: String
    var category: String?
    var amount: Double?
    var note: String?
    var row: Int32
    var extras: [JSONMember]
  }

  private let header: CSVSheetHeader
  private let file: String?
  private let options: CSVOptions
  private let trackerColumn: Int
  private let dateColumn: Int
  private let categoryColumn: Int?
  private let amountColumn: Int?
  private let noteColumn: Int?
  private let done: (column: Int, value: String)?
  private var extraColumns: [Int] = []
  private var pending: [Pending] = []
  private var locator: CSVTableLocator
  private(set) var diagnostics: [Diagnostic] = []

  /// - Throws: ``CodecError`` `.malformedInput` naming a mapped column the header lacks.
  init(header: CSVSheetHeader, map: CSVLogMap, file: String?, options: CSVOptions) throws {
    self.header = header
    self.file = file
    self.options = options
    func column(_ key: String, _ label: String) throws -> Int {
      guard let i = header.index(of: label) else {
        throw CodecError(.malformedInput, "the log table has no column \"\(label)\" (map \(key)=\(label)) [missing-label]",
                         location: SourceLocation(file: file, line: 1, column: 1, row: 1),
                         note: "the header has: " + header.labels.joined(separator: ", "))
      }
      return i
    }
    trackerColumn = try column("tracker", map.tracker)
    dateColumn = try column("date", map.date)
    categoryColumn = try map.category.map { try column("category", $0) }
    amountColumn = try map.amount.map { try column("amount", $0) }
    noteColumn = try map.note.map { try column("note", $0) }
    done = try map.done.map { (try column("done", $0.column), $0.value) }
    let used = Set([trackerColumn, dateColumn] + [categoryColumn, amountColumn, noteColumn, done?.column].compactMap { $0 })
    for i in header.labels.indices where !used.contains(i) {
      extraColumns.append(i)
      if header.extraKeys[i] == header.labels[i] {
        diagnostics.append(Diagnostic(
          code: CSVProblem.unknownColumn.code, severity: .warning,
          message: "column \"\(header.labels[i])\" is not mapped; its cells are kept in each record's extras[\"csv\"]",
          location: header.location(of: i, file: file)))
      }
    }
    diagnostics += header.diagnostics
    var slots = [trackerColumn, dateColumn]
    var recordFields = ["trackerId": 0, "date": 1]
    let categorySlot = categoryColumn == nil ? nil : 2
    if let categoryColumn { slots.append(categoryColumn) }
    if let amountColumn {
      recordFields["amount"] = slots.count
      slots.append(amountColumn)
    }
    if let noteColumn {
      recordFields["note"] = slots.count
      slots.append(noteColumn)
    }
    locator = CSVTableLocator(file: file, labels: header.labels, slots: slots)
    var trackerFields = ["name": 0, "id": 0]
    trackerFields["categoryId"] = categorySlot
    locator.collections["trackers"] = .init(fields: trackerFields)
    locator.collections["records"] = .init(fields: recordFields)
    var categoryFields: [String: Int] = [:]
    categoryFields["title"] = categorySlot
    locator.collections["categories"] = .init(fields: categoryFields)
  }

  var fileName: String? { file }
  func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  func row(_ view: CSVRowView) throws {
    if view.isBlank {
      blank(line: view.line, record: view.record)
      return
    }
    if let done, view.cell(done.column) != done.value {
      return
    }
    let ragged = header.raggedness(view, file: file)
    let name = view.cell(trackerColumn), date = view.cell(dateColumn)
    guard let name, let date else {
      let column = name == nil ? trackerColumn : dateColumn
      var location = column < view.count ? view.location(ofField: column, file: file)
        : SourceLocation(file: file, line: view.line, column: 1, row: view.record)
      location.field = header.labels[column]
      diagnostics.append(CSVProblem.missingCell.diagnostic(
        // An error: the row is left out, so a conversion must not end in success unasked.
        "row \(view.record) has no \(header.labels[column]); the row is skipped", severity: .error, at: location,
        note: "cells of the row: " + (0..<view.count).map { view.string($0) }.joined(separator: " | ")))
      return
    }
    if let ragged { diagnostics.append(ragged) }
    var extras: [JSONMember] = []
    for i in extraColumns where view.cell(i) != nil {
      extras.append(JSONMember(header.extraKey(i), .string(view.string(i))))
    }
    for i in header.labels.count..<max(header.labels.count, view.count) where view.cell(i) != nil {
      extras.append(JSONMember(header.extraKey(i), .string(view.string(i))))
    }
    var amount: Double?
    if let text = view.cell(amountColumn), let i = amountColumn {
      amount = CSVCell.number(cell: String(text.trimmingSpaces), decimalComma: true)
      if amount == nil {
        var location = view.location(ofField: i, file: file)
        location.field = header.labels[i]
        diagnostics.append(Diagnostic(
          code: CSVProblem.typeError.code, severity: .error,
          message: "\(header.labels[i]) \"\(text)\" is not a number (5.5 or 5,5); the record is kept without it, the text in extras[\"csv\"]",
          location: location))
        extras.append(JSONMember(header.labels[i], .string(text)))
      }
    }
    // An empty note is written in quotes: `""` is "", an empty cell none.
    var note: String?
    if let i = noteColumn, i < view.count, !view.isEmpty(i) || view.isQuoted(i) { note = view.string(i) }
    let stored = locator.store(view)
    pending.append(Pending(name: name, date: date, category: view.cell(categoryColumn), amount: amount, note: note,
                           row: stored, extras: extras))
  }

  /// - Throws: ``CodecError`` `.malformedInput` when no `date-format` was given and the days
  ///   fit several formats (`01/02/2026`).
  func finish() throws -> (TrackerDataset, CSVTableLocator) {
    let format = try dateFormat()
    var categories: [TrackerCategory] = []
    var categoryByTitle: [String: String] = [:]
    var trackers: [Tracker] = []
    var trackerByName: [String: String] = [:]
    var records: [TrackerRecord] = []
    records.reserveCapacity(pending.count)
    var trackerRows: [Int32] = [], categoryRows: [Int32] = [], recordRows: [Int32] = []
    for item in pending {
      guard let date = format.parse(item.date) else {
        let row = Int(item.row)
        let location = locator.location(row: row, slot: 1, pointer: "")
        diagnostics.append(Diagnostic(
          code: CSVProblem.typeError.code, severity: .error,
          message: "\(header.labels[dateColumn]) \"\(item.date)\" is not a day written \(format); the row is skipped",
          location: SourceLocation(file: file, line: location.line, column: location.column, row: location.row,
                                   field: location.field),
          note: options.dateFormat == nil ? CSVLogSheetReader.dateFormatHint(item.date) : nil))
        continue
      }
      let trackerId: String
      if let known = trackerByName[item.name] {
        trackerId = known
      } else {
        let title = item.category ?? options.defaultCategory
        let categoryId: String
        if let known = categoryByTitle[title] {
          categoryId = known
        } else {
          categoryId = CSVStableID.category(title: title)
          categoryByTitle[title] = categoryId
          categories.append(TrackerCategory(id: categoryId, title: title))
          categoryRows.append(item.row)
        }
        trackerId = CSVStableID.tracker(name: item.name)
        trackerByName[item.name] = trackerId
        let palette = CSVStableID.palette(for: item.name)
        var tracker = Tracker(id: trackerId, kind: .habit, name: item.name, categoryId: categoryId,
                              emoji: palette.emoji, color: palette.color, schedule: Weekday.allCases)
        // A log has no emoji, colours or weekdays, and maybe no category: made up, marked so.
        tracker.invented = item.category == nil ? [.category, .emoji, .color, .schedule] : [.emoji, .color, .schedule]
        trackers.append(tracker)
        trackerRows.append(item.row)
      }
      records.append(TrackerRecord(trackerId: trackerId, date: date, amount: item.amount, note: item.note,
                                   extras: item.extras.isEmpty ? [:] : ["csv": .object(item.extras)]))
      recordRows.append(item.row)
    }
    pending = []
    locator.collections["trackers"]?.rows = trackerRows
    locator.collections["categories"]?.rows = categoryRows
    locator.collections["records"]?.rows = recordRows
    if !trackers.isEmpty {
      let n = trackers.count
      diagnostics.append(Diagnostic(
        code: CSVSheetCodes.defaultedField.code, severity: .warning,
        message: "\(n) tracker\(n == 1 ? "" : "s") got a palette emoji and colour chosen from the name, and an every-day schedule",
        location: SourceLocation(file: file, pointer: "/trackers"),
        note: "a log table says when a habit was done, not how it looks or when it is planned"))
    }
    return (TrackerDataset(categories: categories, trackers: trackers, records: records), locator)
  }

  /// What to pass for a day no detected format reads: a two-digit-year format when one reads
  /// it (`01.02.26`), else how to write a pattern.
  static func dateFormatHint(_ value: String) -> String {
    if let fit = CSVDateFormat.shortYearCandidates.first(where: { $0.parse(value) != nil }) {
      return "pass --date-format \(fit.pattern) (a two-digit year is read as 2000-2099)"
    }
    return "pass --date-format PATTERN (YYYY or YY, MM, DD and separators, as in DD.MM.YYYY)"
  }

  private func dateFormat() throws -> CSVDateFormat {
    if let format = options.dateFormat { return format }
    switch CSVDateFormat.detect(pending.lazy.map(\.date)) {
    case .found(let format): return format
    case .none(let best): return best
    case .ambiguous(let formats):
      throw CodecError(.malformedInput, "the days fit several formats: " + formats.map(\.pattern).joined(separator: ", "),
                       location: SourceLocation(file: file, line: header.lines[dateColumn], column: header.columns[dateColumn],
                                                row: 1, field: header.labels[dateColumn]),
                       note: "pass --date-format \(formats[0].pattern) (or the one meant)")
    }
  }
}
