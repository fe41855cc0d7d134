/// Which columns of a log table hold what: the `map` option,
/// `tracker=COLUMN,date=COLUMN[,category=COLUMN][,amount=COLUMN][,note=COLUMN][,done=COLUMN:VALUE]`.
struct CSVLogMap: Sendable {
  /// The column with the tracker's name.
  var tracker: String
  /// The column with the day it was done.
  var date: String
  /// The column with the category title, if any.
  var category: String?
  /// The column with the amount done that day, if any.
  var amount: String?
  /// The column with the day's note, if any.
  var note: String?
  /// Keep only rows whose `column` holds `value` (`Status:Done`).
  var done: (column: String, value: String)?

  /// The map the log writer uses: `tracker`, `date`, `category`, `amount`, `note` columns.
  static let standard = CSVLogMap(tracker: "tracker", date: "date", category: "category", amount: "amount", note: "note",
                                  done: nil)

  /// The ``standard`` map for a header without `map`: `category` when the header has it
  /// (ignoring case), `amount` and `note` only under exactly those labels, as the writer
  /// writes them (a `Note` column of another app's log stays an unknown column, kept in extras).
  static func standard(for header: CSVSheetHeader) -> CSVLogMap {
    var map = standard
    if header.index(of: "category") == nil { map.category = nil }
    if !header.labels.contains("amount") { map.amount = nil }
    if !header.labels.contains("note") { map.note = nil }
    return map
  }

  init(tracker: String, date: String, category: String?, amount: String? = nil, note: String? = nil,
       done: (column: String, value: String)?) {
    self.tracker = tracker
    self.date = date
    self.category = category
    self.amount = amount
    self.note = note
    self.done = done
  }

  /// Parses the option's value.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for an unknown key, a missing `tracker`
  ///   or `date`, or `done` without `:VALUE`.
  init(option text: String) throws {
    var tracker: String?, date: String?, category: String?, amount: String?, note: String?
    var done: (column: String, value: String)?
    for item in text.split(separator: ",", omittingEmptySubsequences: true) {
      guard let equals = item.firstIndex(of: "=") else {
        throw CSVOptions.invalid("map", "'\(item)' is not KEY=COLUMN")
      }
      let key = item[..<equals].trimmingSpaces.lowercased()
      let value = String(item[item.index(after: equals)...].trimmingSpaces)
      switch key {
      case "tracker", "name": tracker = value
      case "date", "day": date = value
      case "category": category = value
      case "amount", "value": amount = value
      case "note", "comment": note = value
      case "done":
        guard let colon = value.firstIndex(of: ":") else {
          throw CSVOptions.invalid("map", "done takes COLUMN:VALUE, as in done=Status:Done")
        }
        done = (String(value[..<colon]), String(value[value.index(after: colon)...]))
      default:
        throw CSVOptions.invalid("map", "unknown key '\(key)'; the keys are tracker, date, category, amount, note, done")
      }
    }
    guard let tracker, !tracker.isEmpty else { throw CSVOptions.invalid("map", "tracker=COLUMN is required") }
    guard let date, !date.isEmpty else { throw CSVOptions.invalid("map", "date=COLUMN is required") }
    self.init(tracker: tracker, date: date, category: category, amount: amount, note: note, done: done)
  }
}

extension StringProtocol {
  /// Without leading and trailing ASCII spaces.
  var trimmingSpaces: Substring {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return text
  }
}
