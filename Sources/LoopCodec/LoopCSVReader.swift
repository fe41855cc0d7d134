import TrackerCodec
import TrackerModel

/// Reads Loop's CSV export (a `.zip` or its unpacked folder): `Habits.csv` for the habits and
/// each habit's `NNN Name/Checkmarks.csv` for its days.
///
/// Every header generation is read by column name: v2.3.1 and later (`Type`, `Archived?`, and
/// `Date,Value,Notes` checkmarks), v2.0–2.3.0 (`NumRepetitions`, `Interval`, headerless
/// checkmarks) and v1.x (no `Question`: its `Description` is what Loop now calls the
/// question). Checkmark folders are matched to habits by their `NNN` number, which is the
/// habit's `Position`; the rest of the folder name is a sanitised name and is not used. The
/// root `Checkmarks.csv` and `Scores.csv` are ignored: their names are not escaped.
struct LoopCSVReader {
  let input: CodecInput

  /// The habits of the export, in `Position` order.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for a package without `Habits.csv`, a header
  ///   without `Position` or `Name`, a bad position, frequency, date or value (with the file,
  ///   line and column name), and from CSVCore's parser for a broken quote or bytes that are
  ///   not UTF-8 (`unclosed-quote`, `stray-quote`, `encoding-error`, with line and column);
  ///   `.cannotReadInput` from the package.
  func read() throws -> [LoopHabit] {
    let root = try input.packageRoot()
    let rootEntries = try input.packageEntries(root)
    guard rootEntries.contains(LoopCSVReader.habitsFile) else {
      // Never searched for below the root: folders one level down are only named.
      let below = rootEntries.filter { $0.hasSuffix("/") && ((try? input.packageEntries(root + $0)) ?? []).contains(LoopCSVReader.habitsFile) }
      throw CodecError(.malformedInput, "not a Loop CSV export: no Habits.csv at its root" + (root.isEmpty ? "" : " or in \(root)"),
                       location: SourceLocation(file: input.displayName),
                       note: below.isEmpty ? "a Loop export holds Habits.csv and one 'NNN Name/Checkmarks.csv' per habit"
                         : "Habits.csv is only below the root, in " + below.map { root + $0 }.joined(separator: " and ")
                           + (below.count == 1 ? ": give that folder itself" : ": give one of those folders itself") + "; a package is never searched for below its root")
    }
    let members = try input.members()
    let habitsPath = root + LoopCSVReader.habitsFile
    let table = try self.table(habitsPath)
    guard let header = table.rows.first else {
      throw CodecError(.malformedInput, "Habits.csv is empty", location: SourceLocation(file: table.file, line: 1))
    }
    let columns = Columns(header.cells)
    guard columns.position != nil, columns.name != nil else {
      throw CodecError(.malformedInput, "Habits.csv has no Position or Name column",
                       location: SourceLocation(file: table.file, line: header.line),
                       note: "expected a header like Position,Name,Type,Question,... (or Position,Name,Description,NumRepetitions,...)")
    }
    let checkmarks = LoopCSVReader.checkmarkMembers(members, root: root)
    var habits: [LoopHabit] = []
    for row in table.rows.dropFirst() {
      var habit = try columns.habit(row, file: table.file)
      if let path = checkmarks[habit.position] {
        habit.entries = try entries(path, numerical: habit.numerical)
      }
      habits.append(habit)
    }
    return habits.sorted { $0.position < $1.position }
  }

  /// The habits' file, at the package root (``CodecInput/packageRoot()``: the input's root, or
  /// its one top folder, as in an archive of a folder).
  static let habitsFile = "Habits.csv"

  /// `NNN Name/Checkmarks.csv` members under `root`, by `NNN`.
  static func checkmarkMembers(_ members: [String], root: String) -> [Int: String] {
    var result: [Int: String] = [:]
    for member in members where member.hasPrefix(root) && member.hasSuffix("/Checkmarks.csv") {
      let parts = member.dropFirst(root.count).split(separator: "/")
      guard parts.count == 2, let number = position(ofFolder: parts[0]) else { continue }
      result[number] = member
    }
    return result
  }

  /// The `NNN` of a habit folder (`001 Meditate`, or `001` when the name sanitised to nothing).
  static func position(ofFolder name: Substring) -> Int? {
    let digits = name.prefix { $0.isASCII && $0.isNumber }
    guard digits.count >= 3, digits.count == name.count || name.dropFirst(digits.count).first == " " else { return nil }
    return Int(digits)
  }

  private func table(_ member: String) throws -> LoopCSVTable {
    let file = try input.member(member)
    return try file.withBytes { try LoopCSVTable($0, file: file.displayName) }
  }

  /// A habit's days: `Date,Value,Notes` with a header (v2.3.1+), or `date,int` without one.
  private func entries(_ member: String, numerical: Bool) throws -> [LoopEntry] {
    let table = try table(member)
    var rows = table.rows[...]
    if let first = rows.first, first.cells.first == "Date" { rows = rows.dropFirst() }
    var entries: [LoopEntry] = []
    entries.reserveCapacity(rows.count)
    for row in rows {
      guard let date = LocalDate(row.cells[0]) else {
        throw CodecError(.malformedInput, "bad date \"\(row.cells[0])\" (expected YYYY-MM-DD)",
                         location: SourceLocation(file: table.file, line: row.line, column: row.columns[0], field: "Date"))
      }
      let cell = row.cells.count > 1 ? row.cells[1] : ""
      guard let value = LoopEntry.value(ofCell: cell) else {
        throw CodecError(.malformedInput, "bad checkmark value \"\(cell)\"",
                         location: SourceLocation(file: table.file, line: row.line,
                                                  column: row.columns.count > 1 ? row.columns[1] : row.cells[0].unicodeScalars.count + 2, field: "Value"),
                         note: "expected YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN or an integer")
      }
      let notes = row.cells.count > 2 && !row.cells[2].isEmpty ? row.cells[2] : nil
      entries.append(LoopEntry(date: date, value: value, notes: notes))
    }
    return entries
  }
}

extension LoopCSVReader {
  /// The columns of `Habits.csv`, found by name in any header generation.
  struct Columns {
    let names: [String]
    var position: Int? { index("Position") }
    var name: Int? { index("Name") }

    init(_ names: [String]) { self.names = names }

    func index(_ name: String) -> Int? { names.firstIndex(of: name) }

    /// The habit of one row (its entries are read separately).
    func habit(_ row: LoopCSVTable.Row, file: String) throws -> LoopHabit {
      func cell(_ column: String) -> String? {
        guard let i = index(column), i < row.cells.count else { return nil }
        return row.cells[i]
      }
      func int(_ columns: String...) throws -> Int? {
        guard let column = columns.first(where: { index($0) != nil }), let text = cell(column), !text.isEmpty else { return nil }
        guard let value = Int(text) else {
          throw CodecError(.malformedInput, "\(column) \"\(text)\" is not a whole number",
                           location: SourceLocation(file: file, line: row.line, field: column))
        }
        return value
      }
      guard let position = try int("Position") else {
        throw CodecError(.malformedInput, "a habit row has no Position", location: SourceLocation(file: file, line: row.line, field: "Position"))
      }
      var habit = LoopHabit(position: position, name: cell("Name") ?? "")
      habit.location = SourceLocation(file: file, line: row.line)
      // v1.x had no question: its Description is what migration 23 made the question.
      if index("Question") != nil {
        habit.question = cell("Question") ?? ""
        habit.description = cell("Description") ?? ""
      } else {
        habit.question = cell("Description") ?? ""
      }
      if let num = try int("FrequencyNumerator", "NumRepetitions"), let den = try int("FrequencyDenominator", "Interval") {
        habit.frequency = LoopFrequency(numerator: num, denominator: den)
      }
      if let color = cell("Color"), !color.isEmpty { habit.colorHex = color }
      habit.numerical = cell("Type") == "NUMERICAL"
      habit.unit = cell("Unit") ?? ""
      habit.targetType = cell("Target Type") == "AT_MOST" ? 1 : 0
      if let text = cell("Target Value"), !text.isEmpty {
        guard let value = Double(text), value.isFinite else {
          throw CodecError(.malformedInput, "Target Value \"\(text)\" is not a number",
                           location: SourceLocation(file: file, line: row.line, field: "Target Value"))
        }
        habit.targetValue = value
      }
      habit.archived = cell("Archived?") == "true"
      return habit
    }
  }
}
