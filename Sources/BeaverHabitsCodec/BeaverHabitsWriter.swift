import TrackerCodec
import TrackerModel

/// A dataset as a beaverhabits export: every habit planned (``BeaverHabitsHabitPlan``), events
/// left out, archived habits left out unless asked for, and the export's bytes as the app's `json.dumps` writes them (one line, `", "` and
/// `": "` between items, every character beyond ASCII escaped as `\uXXXX`).
struct BeaverHabitsWriter {
  /// The plan of every habit written, with its index in the dataset's trackers.
  let plans: [(index: Int, plan: BeaverHabitsHabitPlan)]
  /// The `exported_at` a beaverhabits file read into the dataset had.
  let keptExportedAt: String?
  /// The e-mail address a beaverhabits file read into the dataset had (never written from here).
  let keptEmail: String?
  /// Top-level keys of the read file the model has no place for (`order`, `order_by`, …).
  let keptMembers: [JSONMember]
  /// Whether the dataset's own `extras["beaverhabits"]` held what cannot be written back.
  let datasetExtrasIgnored: Bool
  /// The ids of the habits written (for what of the records and entries is lost).
  let writtenIDs: Set<String>
  /// The ids of the archived habits left out (none with `includeArchived`).
  let archivedIDs: Set<String>

  /// The plans of `dataset`'s habits; archived ones only when `includeArchived` (the app's own
  /// export holds only active habits, `views.py:121`, and its import would add an archived
  /// habit again on every import, `storage/dict.py:312-318`).
  init(dataset: TrackerDataset, defaultTitle: String, includeArchived: Bool = false) {
    let titles = Dictionary(dataset.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    let records = Dictionary(grouping: dataset.records, by: \.trackerId)
    let entries = Dictionary(grouping: dataset.entries, by: \.trackerId)
    var written = Set<String>(), archived = Set<String>()
    var plans: [(Int, BeaverHabitsHabitPlan)] = []
    for (index, tracker) in dataset.trackers.enumerated() where tracker.kind == .habit {
      if tracker.archived, !includeArchived {
        archived.insert(tracker.id)
        continue
      }
      // A repeated id is written again, with the records only once (they belong to the first).
      let first = written.insert(tracker.id).inserted
      plans.append((index, BeaverHabitsHabitPlan(
        tracker: tracker, categoryTitle: titles[tracker.categoryId], defaultTitle: defaultTitle,
        records: first ? records[tracker.id] ?? [] : [], entries: first ? entries[tracker.id] ?? [] : [])))
    }
    self.plans = plans
    writtenIDs = written
    archivedIDs = archived.subtracting(written)
    var exportedAt: String?, email: String?, members: [JSONMember] = [], ignored = false
    if let kept = dataset.extras[BeaverHabitsReader.namespace] {
      if case .object(let all) = kept {
        for member in all {
          switch (member.key, member.value) {
          case ("exportedAt", .string(let text)): exportedAt = text
          case ("userEmail", .string(let text)): email = text
          case ("members", .object(let others)):
            members = others.filter { !["user_email", "exported_at", "habits"].contains($0.key) }
            if members.count != others.count { ignored = true }
          default: ignored = true
          }
        }
      } else {
        ignored = true
      }
    }
    keptExportedAt = exportedAt
    keptEmail = email
    keptMembers = members
    datasetExtrasIgnored = ignored
  }

  /// The export's bytes.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` when kept extras hold a number that is
  ///   not a JSON number (a hand-edited dataset).
  func bytes(email: String?, exportedAt: String) throws -> [UInt8] {
    var top: [JSONMember] = []
    if let email { top.append(JSONMember("user_email", .string(email))) }
    top.append(JSONMember("exported_at", .string(exportedAt)))
    top.append(JSONMember("habits", .array(plans.map { .object($0.plan.habit) })))
    top += keptMembers
    var out: [UInt8] = []
    out.reserveCapacity(1 << 16)
    try Self.write(.object(top), to: &out)
    return out
  }

  /// `value` as Python's `json.dumps` with its defaults writes it.
  static func write(_ value: JSONValue, to out: inout [UInt8]) throws {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let text):
      guard JSONText.isNumber(text) else {
        throw CodecError(.unsupportedOperation, "extras[\"beaverhabits\"] hold \(text.debugDescription), which is not a JSON number")
      }
      out.append(contentsOf: text.utf8)
    case .string(let text): appendASCII(text, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(contentsOf: ", ".utf8) }
        try write(item, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (i, member) in members.enumerated() {
        if i > 0 { out.append(contentsOf: ", ".utf8) }
        appendASCII(member.key, to: &out)
        out.append(contentsOf: ": ".utf8)
        try write(member.value, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// A quoted string with `"`, `\`, control characters and everything beyond ASCII escaped
  /// (`ensure_ascii`), scalars above U+FFFF as surrogate pairs.
  static func appendASCII(_ text: String, to out: inout [UInt8]) {
    func unit(_ u: UInt16) {
      out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), hex[Int(u >> 12)], hex[Int((u >> 8) & 0xF)],
                              hex[Int((u >> 4) & 0xF)], hex[Int(u & 0xF)]])
    }
    out.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case 0x5C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0x20..<0x7F: out.append(UInt8(scalar.value))
      default:
        if let units = UTF16.encode(scalar) { for u in units { unit(u) } }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
