import TrackerCodec
import TrackerModel

/// Reads a `.streaks` backup (JSON) into a ``StreaksExport``, as one third-party Node reader
/// describes it (docs/streaks.md): top level `app`, `categories[{id, t}]` and `tasks[{id, t,
/// tf, st, i, cat, n, log[{d, t, p}]}]`.
///
/// Tolerant where that one description may be wrong or incomplete: ids may be strings or
/// numbers, `d` a number or a string of eight digits, `n` a boolean or 0/1; members it does not
/// name are kept as they are. A value of a type the mapping cannot use (a title that is a
/// number, a log that is not an array) is an error at its pointer.
struct StreaksBackupReader {
  /// Top-level members the mapping reads.
  static let topKeys: Set<String> = ["app", "categories", "tasks"]
  /// Task members the mapping reads; the rest (`ftpd`, `e`, …) is kept.
  static let taskKeys: Set<String> = ["id", "t", "tf", "st", "i", "cat", "n", "log"]
  /// Log members the mapping reads.
  static let logKeys: Set<String> = ["d", "t", "p"]

  let document: ForeignJSON
  private var export = StreaksExport()
  private var unknown = StreaksUnknownTypes()
  private var unread: [JSONValue] = []

  init(document: ForeignJSON) {
    self.document = document
  }

  /// The export.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at the pointer (line and column) of a top level
  ///   that is no object or has no `tasks`, and of a value of the wrong type.
  mutating func read() throws -> StreaksExport {
    let top = document.top
    guard case .object = top.value else { throw top.mismatch("an object (a Streaks backup)") }
    if let app = top.member("app") { export.kept.append(JSONMember("app", app.value)) }
    for (key, value) in try top.members() where !Self.topKeys.contains(key) {
      export.kept.append(JSONMember(key, value.value))
    }
    for category in try top.member("categories")?.elements() ?? [] {
      let id = try Self.id(category.required("id"))
      let title = try category.member("t")?.string() ?? ""
      var kept: [JSONMember] = []
      for (key, value) in try category.members() where key != "id" && key != "t" { kept.append(JSONMember(key, value.value)) }
      export.categories.append(StreaksExport.Category(id: id, title: title, kept: kept))
    }
    for task in try top.required("tasks").elements() {
      try readTask(task)
    }
    export.warnings.append(contentsOf: unknown.warnings("log type"))
    if !unread.isEmpty { export.kept.append(JSONMember("unread", .array(unread))) }
    return export
  }

  private mutating func readTask(_ item: ForeignJSONValue) throws {
    guard case .object = item.value else { throw item.mismatch("an object (a Streaks task)") }
    let id = try item.member("id").map(Self.id) ?? ""
    let title = try item.member("t")?.string() ?? ""
    var task = StreaksExport.Task(id: id, title: title, location: location(item.pointer))
    if let formatted = item.member("tf") {
      // The formatted title (with its goal, says the Node reader): kept when it differs.
      if try formatted.string() != title { task.kept.append(JSONMember("tf", formatted.value)) }
    }
    if let status = item.member("st") {
      switch try status.string() {
      case "A": task.archived = true
      case "N": break
      case let other:
        task.kept.append(JSONMember("st", status.value))
        export.warnings.append(Diagnostic(code: StreaksCodec.unexpected.code, severity: .warning,
                                          message: "task \(title.debugDescription) has the status \(other.debugDescription), which no description names (\"A\" archived, \"N\" normal); read as not archived, kept in extras[\"streaks\"]",
                                          location: location(status.pointer)))
      }
    }
    if let icon = item.member("i") { task.kept.append(JSONMember("icon", icon.value)) }
    for category in try item.member("cat")?.elements() ?? [] { task.categories.append(try Self.id(category)) }
    if let negative = item.member("n") { task.negative = try negative.bool(integers: true) }
    for (key, value) in try item.members() where !Self.taskKeys.contains(key) {
      task.kept.append(JSONMember(key, value.value))
    }
    for line in try item.member("log")?.elements() ?? [] {
      if let mark = try readMark(line, task: title) { task.marks.append(mark) }
    }
    export.tasks.append(task)
  }

  /// A log line; `nil` (kept in `unread`, warned) when its day cannot be read.
  private mutating func readMark(_ line: ForeignJSONValue, task: String) throws -> StreaksExport.Mark? {
    guard case .object = line.value else { throw line.mismatch("an object (a log line {d, t, p})") }
    var day: LocalDate?
    let dayValue = line.member("d")
    switch dayValue?.value {
    case .number?: day = StreaksDay.parse(try dayValue!.int())
    case .string(let text)?: day = StreaksDay.parse(text)
    case nil: day = nil
    default: throw dayValue!.mismatch("a day YYYYMMDD (a number)")
    }
    guard let day else {
      unread.append(.object([JSONMember("task", .string(task)), JSONMember("pointer", .string(line.pointer)), JSONMember("line", line.value)]))
      export.warnings.append(Diagnostic(
        code: StreaksCodec.badDate.code, severity: .warning,
        message: "the log line's day \(dayValue.map { ForeignJSONValue.describe($0.value) } ?? "(missing)") is not a day (YYYYMMDD); it counts no day and is kept in extras[\"streaks\"].unread",
        location: location(dayValue?.pointer ?? line.pointer)))
      return nil
    }
    var kept: [JSONMember] = []
    var type: StreaksEntryType?
    if let code = line.member("t") {
      let number = try code.int()
      type = StreaksEntryType(code: number)
      kept.append(JSONMember("code", .number(String(number))))
      if let type { kept.append(JSONMember("type", .string(type.rawValue))) } else { unknown.add(String(number), at: location(code.pointer)) }
    } else {
      unknown.add("(none)", at: location(line.pointer))
    }
    if let progress = line.member("p") {
      if case .number(let text) = progress.value, Double(text) == 0 {} else { kept.append(JSONMember("progress", progress.value)) }
    }
    for (key, value) in try line.members() where !Self.logKeys.contains(key) {
      kept.append(JSONMember(key, value.value))
    }
    let plain = type == .completedManually && kept.count == 2
    return StreaksExport.Mark(day: day, type: type, note: nil, kept: kept, plain: plain)
  }

  /// An id: a string, or a whole number written as one.
  static func id(_ value: ForeignJSONValue) throws -> String {
    if case .string(let text) = value.value { return text }
    guard case .number = value.value else { throw value.mismatch("an id (a string or a number)") }
    return String(try value.int())
  }

  private func location(_ pointer: String) -> SourceLocation {
    SourceLocation(file: document.fileName, pointer: pointer)
  }
}
