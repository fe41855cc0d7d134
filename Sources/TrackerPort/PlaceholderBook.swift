import TrackerModel

/// What each personal text and id of one dataset became while ``DatasetAnonymizer`` worked: the
/// same original gives the same replacement everywhere (a name and the extras that repeat it, a
/// category's id and the marks that name it), and replacements are numbered per label in the
/// order they are met, so the same dataset always gives the same result.
struct PlaceholderBook {
  /// The id spaces of the model; extras are matched against them in this order.
  enum IDSpace: String, CaseIterable {
    case tracker, category, task
    /// UUIDs met only in extras (a store's UUID).
    case other = "id"
  }

  /// Days added to every day, instant and epoch time stamp.
  let shiftDays: Int
  /// Original text → its placeholder.
  private var texts: [String: String] = [:]
  /// How many placeholders each label (`Habit`, `Note`) and id space has given.
  private var counts: [String: Int] = [:]
  /// Original id → new id, per space.
  private var ids: [IDSpace: [String: String]] = [:]
  /// A UUID's 32 upper-case hex digits → those of its replacement, whatever its space.
  private var uuids: [String: String] = [:]
  /// The replaced texts of three characters or more, lower-cased: a code word that contains
  /// one is replaced too (``containsPersonal(_:)``). A set: a dataset with a note per record
  /// adds one per note, and keeping them sorted cost a search and a move each.
  private var personal: Set<String> = []
  /// Each string of extras already scrubbed, with what it became.
  var scrubbed: [String: String] = [:]

  init(shiftDays: Int) {
    self.shiftDays = shiftDays
  }

  // MARK: - Ids

  /// The replacement of the id `original` in `space`, made on first sight: a UUID (with or
  /// without dashes, in either case) gives a UUID derived from its number in the dataset,
  /// written as the original was; an id of digits only stays (a counter, which other parts of a
  /// format may repeat as a number); any other id becomes `tracker-3`. An empty id stays empty.
  mutating func id(_ original: String, _ space: IDSpace) -> String {
    if original.isEmpty { return original }
    if let known = ids[space]?[original] { return known }
    let made: String
    if let digits = Self.uuidDigits(original) {
      made = Self.styled(uuid(digits, space), like: original)
    } else if original.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      made = original
    } else {
      made = "\(space.rawValue)-\(next("id:" + space.rawValue))"
    }
    ids[space, default: [:]][original] = made
    return made
  }

  /// The replacement of a string of extras that is an id: one of the model's (exactly as
  /// written), or any UUID (matched by its digits, so Loop's undashed lower-case `uuid` follows
  /// the tracker's dashed upper-case id). `nil` for a string that is no id.
  mutating func knownID(_ text: String) -> String? {
    for space in IDSpace.allCases {
      if let known = ids[space]?[text] { return known }
    }
    guard let digits = Self.uuidDigits(text) else { return nil }
    return Self.styled(uuid(digits, .other), like: text)
  }

  private mutating func uuid(_ digits: String, _ space: IDSpace) -> String {
    if let known = uuids[digits] { return known }
    let made = Self.uuidDigits(StableID.uuid("\(next("uuid:" + space.rawValue)):\(space.rawValue):trackport-anonymize")) ?? digits
    uuids[digits] = made
    return made
  }

  /// The 32 hex digits of a UUID written `8-4-4-4-12` or undashed, upper-cased; `nil` otherwise.
  static func uuidDigits(_ text: String) -> String? {
    let utf8 = Array(text.utf8)
    let dashed = utf8.count == 36
    guard dashed || utf8.count == 32 else { return nil }
    var digits: [UInt8] = []
    for (i, byte) in utf8.enumerated() {
      if dashed, [8, 13, 18, 23].contains(i) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      switch byte {
      case 0x30...0x39, 0x41...0x46: digits.append(byte)
      case 0x61...0x66: digits.append(byte - 0x20)
      default: return nil
      }
    }
    return String(decoding: digits, as: UTF8.self)
  }

  /// `digits` written as `original` is: dashed or not, lower-case when it has a lower-case digit.
  private static func styled(_ digits: String, like original: String) -> String {
    let text = original.count == 36 ? StableID.dashed(digits) : digits
    return original.utf8.contains(where: { (0x61...0x66).contains($0) }) ? text.lowercased() : text
  }

  // MARK: - Texts

  /// The placeholder of `original`: `"<label> <n>"`, the same for the same text wherever it is
  /// (a note equal to a name gets the name's). With `spaced` false, an original without white
  /// space gets a placeholder without (`Text5`), for places where a space breaks a format (an
  /// org property's name). An empty or blank text stays as it is.
  mutating func text(_ original: String, _ label: String, spaced: Bool = true) -> String {
    if original.allSatisfy(\.isWhitespace) { return original }
    if let known = texts[original] { return known }
    let gap = spaced || original.contains(where: \.isWhitespace) ? " " : ""
    let made = "\(label)\(gap)\(next("text:" + label))"
    texts[original] = made
    remember(original)
    return made
  }

  /// The placeholder `original` already has, if any.
  func placeholder(of original: String) -> String? { texts[original] }

  /// Whether `token` contains a replaced text (of three characters or more), ignoring case: a
  /// code word that does (`gym_days` beside a habit named Gym) is not kept.
  func containsPersonal(_ token: String) -> Bool {
    let lower = token.lowercased()
    let length = lower.utf8.count
    return personal.contains { $0.utf8.count <= length && lower.contains($0) }
  }

  private mutating func remember(_ original: String) {
    let lower = original.trimmingWhitespace.lowercased()
    guard lower.count >= 3 else { return }
    personal.insert(lower)
  }

  private mutating func next(_ counter: String) -> Int {
    let n = (counts[counter] ?? 0) + 1
    counts[counter] = n
    return n
  }

  /// `.pdf` of `plan.pdf`: the dot and the one to eight ASCII letters or digits that end
  /// `name`, not at its start; `nil` when there are none. Attachments' names and paths' file
  /// names keep it.
  static func fileExtension(_ name: Substring) -> Substring? {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let tail = name[name.index(after: dot)...]
    guard (1...8).contains(tail.count), tail.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
    return name[dot...]
  }

  // MARK: - Days

  /// `day` moved by ``shiftDays``.
  func shift(_ day: LocalDate) -> LocalDate { day.adding(days: shiftDays) }

  /// `time` moved by ``shiftDays``.
  func shift(_ time: LocalDateTime) -> LocalDateTime {
    LocalDateTime(date: shift(time.date), hour: time.hour, minute: time.minute) ?? time
  }
}

extension String {
  /// Without leading and trailing white space.
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(self[first...last])
  }
}
