import TrackerCodec
import TrackerModel

/// The cell syntax of the canonical package (documented in `docs/csv-format.md`).
///
/// One rule carries "absent" apart from "empty" without quoting tricks spreadsheets lose: where
/// a value may be absent (or has a default), the empty cell means absent, and a cell of only
/// backslashes stands for one backslash fewer, so `\` is the empty text (or empty list) and
/// `\\` is one backslash. Every other cell is its value, byte for byte.
enum CSVCell {
  /// nil → empty cell; text of only backslashes (the empty text included) gains one.
  static func optional(_ value: String?) -> String {
    guard let value else { return "" }
    return isBackslashes(value) ? value + "\\" : value
  }

  /// Inverse of ``optional(_:)-(String?)``.
  static func optional(cell: String) -> String? {
    if cell.isEmpty { return nil }
    return isBackslashes(cell) ? String(cell.dropLast()) : cell
  }

  private static func isBackslashes(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 == UInt8(ascii: "\\") }
  }

  /// Weekdays separated by single spaces; nil → empty cell, [] → `\`.
  static func schedule(_ days: [Weekday]?) -> String {
    guard let days else { return "" }
    return days.isEmpty ? "\\" : days.map(\.rawValue).joined(separator: " ")
  }

  /// Inverse of ``schedule(_:)``; `nil` inside `.some` when a name is not a weekday.
  static func schedule(cell: String) -> [Weekday]?? {
    if cell.isEmpty { return .some(nil) }
    if cell == "\\" { return .some([]) }
    var days: [Weekday] = []
    for name in cell.split(separator: " ", omittingEmptySubsequences: false) {
      guard let day = Weekday(rawValue: String(name)) else { return nil }
      days.append(day)
    }
    return .some(days)
  }

  /// Local times separated by single spaces; [] → empty cell.
  static func times(_ values: [LocalDateTime]) -> String {
    values.map(\.description).joined(separator: " ")
  }

  /// Inverse of ``times(_:)``; `nil` when an item is not `YYYY-MM-DDTHH:MM`.
  static func times(cell: String) -> [LocalDateTime]? {
    if cell.isEmpty { return [] }
    var values: [LocalDateTime] = []
    for item in cell.split(separator: " ", omittingEmptySubsequences: false) {
      guard let value = LocalDateTime(item) else { return nil }
      values.append(value)
    }
    return values
  }

  /// A compact JSON array of these values (objects of strings); [] → empty cell.
  private static func jsonArray(_ values: [JSONValue]) -> String {
    guard !values.isEmpty else { return "" }
    // compact(_:) fails only on a number literal that is not JSON; these hold strings.
    return (try? JSONText.compact(.array(values))) ?? ""
  }

  /// Inverse of ``jsonArray(_:)``: the elements, or a message when the cell is not a JSON array.
  private static func jsonArray(cell: String) -> Result<[JSONValue], CellError> {
    if cell.isEmpty { return .success([]) }
    let value: JSONValue
    do { value = try JSONText.parse(cell) } catch { return .failure(CellError("not JSON: \(error.message) at byte \(error.offset + 1)")) }
    guard case .array(let elements) = value else { return .failure(CellError("expected a JSON array")) }
    return .success(elements)
  }

  /// A JSON array of `{"name", "uri"}` objects; [] → empty cell.
  static func attachments(_ values: [TaskAttachment]) -> String {
    jsonArray(values.map { .object([JSONMember("name", .string($0.name)), JSONMember("uri", .string($0.uri))]) })
  }

  /// Inverse of ``attachments(_:)``; a message when the cell is not such an array.
  static func attachments(cell: String) -> Result<[TaskAttachment], CellError> {
    jsonArray(cell: cell).flatMap(attachments(elements:))
  }

  /// The attachments of a cell's JSON array elements.
  private static func attachments(elements: [JSONValue]) -> Result<[TaskAttachment], CellError> {
    var result: [TaskAttachment] = []
    for (i, element) in elements.enumerated() {
      guard case .object(let members) = element, members.count == 2,
            let name = element["name"]?.stringValue, let uri = element["uri"]?.stringValue else {
        return .failure(CellError("attachment \(i + 1) is not an object of exactly \"name\" and \"uri\" strings"))
      }
      result.append(TaskAttachment(name: name, uri: uri))
    }
    return .success(result)
  }

  /// Reminders as a JSON array of `{"time", "days"}` objects (`days` only when given), the
  /// canonical JSON's shape; [] → empty cell. The time is free text in the model (kept as
  /// written), which a list of words could not carry.
  static func reminders(_ values: [TrackerReminder]) -> String {
    jsonArray(values.map { reminder in
      var members = [JSONMember("time", .string(reminder.time))]
      if let days = reminder.days { members.append(JSONMember("days", .array(days.map { .string($0.rawValue) }))) }
      return .object(members)
    })
  }

  /// Inverse of ``reminders(_:)``; a message when the cell is not such an array.
  static func reminders(cell: String) -> Result<[TrackerReminder], CellError> {
    jsonArray(cell: cell).flatMap(reminders(elements:))
  }

  /// The reminders of a cell's JSON array elements.
  private static func reminders(elements: [JSONValue]) -> Result<[TrackerReminder], CellError> {
    var result: [TrackerReminder] = []
    for (i, element) in elements.enumerated() {
      guard case .object(let members) = element, let time = element["time"]?.stringValue,
            members.allSatisfy({ $0.key == "time" || $0.key == "days" }) else {
        return .failure(CellError("reminder \(i + 1) is not an object of a \"time\" string and optional \"days\""))
      }
      var days: [Weekday]?
      if let list = element["days"] {
        guard case .array(let names) = list else {
          return .failure(CellError("the days of reminder \(i + 1) are not an array"))
        }
        days = []
        for name in names {
          guard let day = name.stringValue.flatMap(Weekday.init(rawValue:)) else {
            return .failure(CellError("reminder \(i + 1) has a day that is not mon tue wed thu fri sat sun"))
          }
          days?.append(day)
        }
      }
      result.append(TrackerReminder(time: time, days: days))
    }
    return .success(result)
  }

  /// `true` or `false`.
  static func bool(_ value: Bool) -> String { value ? "true" : "false" }

  /// Empty → `nil` (the caller's default); `true`/`false` in any case; `.none` inside for others.
  static func bool(cell: String) -> Bool?? {
    if cell.isEmpty { return .some(nil) }
    switch cell.lowercased() {
    case "true": return .some(true)
    case "false": return .some(false)
    default: return nil
    }
  }

  /// A decimal integer with an optional `-`, nothing else.
  static func integer(cell: String) -> Int? {
    let utf8 = cell.utf8
    let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(cell)
  }

  /// An amount or a goal's target: a whole number without a fraction (`6`), else Swift's
  /// shortest form that reads back to the same value (`5.5`, `1e-07`). The caller refuses a
  /// value that is not finite.
  static func number(_ value: Double) -> String { value.amountText }

  /// Inverse of ``number(_:)``: an optional sign, digits with at most one `.`, an optional
  /// exponent (`1e-07`, `1E+20`), nothing else (no spaces, `nan`, `inf` or hex); `nil` for
  /// anything else or a value out of range. With `decimalComma` a `,` may stand for the `.`
  /// (`5,5`, as a spreadsheet in Russian writes it).
  static func number(cell: String, decimalComma: Bool = false) -> Double? {
    var digits = 0, point = false, exponent = false, exponentDigits = 0, comma = false
    var previous: UInt8 = 0
    for b in cell.utf8 {
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if exponent { exponentDigits += 1 } else { digits += 1 }
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        // A sign leads the number or its exponent.
        guard previous == 0 || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return nil }
      case UInt8(ascii: "."), UInt8(ascii: ","):
        guard !point, !exponent, b == UInt8(ascii: ".") || decimalComma else { return nil }
        point = true
        comma = b == UInt8(ascii: ",")
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        guard !exponent, digits > 0 else { return nil }
        exponent = true
      default:
        return nil
      }
      previous = b
    }
    guard digits > 0, !exponent || exponentDigits > 0,
          let value = Double(comma ? cell.replacing(",", with: ".") : cell), value.isFinite else { return nil }
    return value
  }

  /// An entity's extras as one JSON object, namespaces sorted; none → empty cell.
  static func extras(_ extras: Extras) throws(JSONText.Failure) -> String {
    guard !extras.isEmpty else { return "" }
    return try JSONText.compact(.object(extras.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) }))
  }

  /// Inverse of ``extras(_:)``.
  static func extras(cell: String) -> Result<Extras, CellError> {
    if cell.isEmpty { return .success([:]) }
    let value: JSONValue
    do { value = try JSONText.parse(cell) } catch { return .failure(CellError("not JSON: \(error.message) at byte \(error.offset + 1)")) }
    guard case .object(let members) = value else { return .failure(CellError("expected a JSON object")) }
    return .success(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
  }

  /// Why a cell could not be read.
  struct CellError: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }
}
