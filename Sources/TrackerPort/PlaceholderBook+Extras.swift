import Foundation
import TrackerCodec
import TrackerModel

/// The rule for what extras hold (docs/anonymize.md, "Extras"): a string is kept when it is
/// structure — a number, a day or time (moved with the days), a colour, a code word, JSON, a
/// sequence of such tokens (`2026-11-20 Fri .+1d`, `TODO | DONE`) — ids and UUIDs are replaced
/// as the model's are, and everything else is human text and replaced by a placeholder
/// (`Text 3`). Texts keep their shape where it is structure too: each line of a text on its
/// own, the key of a `key: value` line, a list or heading marker, the folders and extension of
/// a path, the JSON around the strings of JSON held in a string.
extension PlaceholderBook {
  /// `extras` with every value scrubbed; namespaces are kept, taken in sorted order so that
  /// placeholders are numbered the same every run.
  mutating func scrub(_ extras: Extras) -> Extras {
    var result: Extras = [:]
    for key in extras.keys.sorted() {
      if let value = extras[key] { result[key] = scrub(value) }
    }
    return result
  }

  /// A JSON value of extras, scrubbed: strings by ``scrub(_:)-(String)``, object keys by
  /// ``scrubKey(_:)``, whole numbers that are epoch time stamps (seconds or milliseconds,
  /// 2000 to 2100) moved with the days.
  mutating func scrub(_ value: JSONValue) -> JSONValue {
    switch value {
    case .null, .bool: return value
    case .number(let text): return .number(shiftEpoch(text))
    case .string(let text): return .string(scrub(text))
    case .array(let items):
      var out: [JSONValue] = []
      out.reserveCapacity(items.count)
      for item in items { out.append(scrub(item)) }
      return .array(out)
    case .object(let members):
      var out: [JSONMember] = []
      out.reserveCapacity(members.count)
      for member in members { out.append(JSONMember(scrubKey(member.key), scrub(member.value))) }
      return .object(out)
    }
  }

  /// An object key: an id or a replaced text is replaced, days in it moved; any other key is
  /// structure and kept.
  mutating func scrubKey(_ key: String) -> String {
    if let id = knownID(key) { return id }
    if let known = placeholder(of: key) { return known }
    return structure(key) ?? key
  }

  /// A string of extras, scrubbed (the same string always gives the same result).
  mutating func scrub(_ text: String) -> String {
    if let done = scrubbed[text] { return done }
    let result: String
    if text.allSatisfy(\.isWhitespace) {
      result = text
    } else if let id = knownID(text) {
      result = id
    } else if let known = placeholder(of: text) {
      result = known
    } else if text.contains("\n") {
      result = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        line.hasSuffix("\r") ? scrubLine(String(line.dropLast())) + "\r" : scrubLine(String(line))
      }.joined(separator: "\n")
    } else {
      result = scrubLine(text)
    }
    scrubbed[text] = result
    return result
  }

  /// One line: white space around it kept, then the first rule that applies.
  mutating func scrubLine(_ line: String) -> String {
    guard let first = line.firstIndex(where: { !$0.isWhitespace }), let last = line.lastIndex(where: { !$0.isWhitespace }) else {
      return line
    }
    let lead = String(line[..<first]), trail = String(line[line.index(after: last)...])
    return lead + scrubCore(String(line[first...last])) + trail
  }

  /// A line without white space at its ends.
  private mutating func scrubCore(_ core: String) -> String {
    if let id = knownID(core) { return id }
    if let known = placeholder(of: core) { return known }
    if let kept = structure(core) { return kept }
    if let json = scrubJSONText(core) { return json }
    if let marked = scrubMarked(core) { return marked }
    if let fields = scrubFields(core) { return fields }
    if let keyed = scrubKeyed(core) { return keyed }
    if let path = scrubPath(core) { return path }
    return text(core, "Text", spaced: false)
  }

  /// A string that is structure, with its days moved and its ids replaced: one token (a code
  /// word among them), or tokens separated by spaces of which none is a word of lower case.
  /// `nil` for anything else.
  mutating func structure(_ core: String) -> String? {
    let tokens = core.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    if tokens.count == 1 { return atom(core, alone: true)?.text }
    var out: [String] = []
    var movedDay: LocalDate? = nil
    for token in tokens {
      if token.isEmpty {
        out.append(token)
        continue
      }
      if let day = movedDay, let weekday = Self.weekdayName(token, for: day) {
        out.append(weekday)
        movedDay = nil
        continue
      }
      guard let kept = atom(token, alone: false) else { return nil }
      out.append(kept.text)
      movedDay = kept.day
    }
    return out.joined(separator: " ")
  }

  /// One token that is structure, with what it became and, for a day moved, the new day (a
  /// weekday name after it follows). Brackets and a trailing comma around it are kept. Code
  /// words — `soft_delete`, `maxGap`, `DayType.fail`, `MaterialIcons` — count only `alone`;
  /// upper-case ones (`YES_AUTO`, `TODO`) in sequences too. A code word that contains a
  /// replaced text is not structure.
  private mutating func atom(_ token: String, alone: Bool) -> (text: String, day: LocalDate?)? {
    var inner = Substring(token)
    var open = "", close = ""
    while let c = inner.first, "[<({".contains(c), inner.count > 1 {
      open.append(c)
      inner = inner.dropFirst()
    }
    while let c = inner.last, "]>)},;".contains(c), inner.count > 1 {
      close = String(c) + close
      inner = inner.dropLast()
    }
    let word = String(inner)
    let wrap = { (text: String) in open + text + close }
    if let id = knownID(word) { return (wrap(id), nil) }
    if let moved = moveDay(word) { return (wrap(moved.text), moved.day) }
    let scalars = Array(word.unicodeScalars)
    if TokenShape.isNumber(word) || TokenShape.isClockTime(word) || TokenShape.isColor(word) || TokenShape.isPeriod(word)
      || TokenShape.isMonth(word) || TokenShape.isSymbols(scalars) || TokenShape.weekday(word) != nil {
      return (token, nil)
    }
    let letter = word.utf8.count == 1 && word.utf8.allSatisfy { (0x61...0x7A).contains($0) }
    let code = TokenShape.isUpperCode(word) || letter || (alone && TokenShape.isCodeWord(word))
    if code && !containsPersonal(word) { return (token, nil) }
    return nil
  }

  /// A day `YYYY-MM-DD`, alone or starting an instant (`2024-01-11T08:00:00.000Z`), or a compact
  /// instant (`20240111T080000Z`), moved by ``shiftDays``; a day that does not exist
  /// (`2024-02-30`) is kept. `nil` for a token that is none of these.
  private func moveDay(_ word: String) -> (text: String, day: LocalDate?)? {
    let utf8 = Array(word.utf8)
    if utf8.count >= 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
       utf8[0..<10].enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || (0x30...0x39).contains($0.element) }),
       utf8.count == 10 || utf8[10] == UInt8(ascii: "T") {
      let rest = String(decoding: utf8[10...], as: UTF8.self)
      guard let day = LocalDate(String(decoding: utf8[0..<10], as: UTF8.self)) else { return (word, nil) }
      let moved = shift(day)
      return (moved.description + rest, moved)
    }
    if utf8.count >= 15, utf8[8] == UInt8(ascii: "T"), utf8[0..<8].allSatisfy({ (0x30...0x39).contains($0) }),
       utf8[9...].allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: "Z") }) {
      let digits = String(decoding: utf8[0..<8], as: UTF8.self)
      let dashed = String(digits.prefix(4)) + "-" + String(digits.dropFirst(4).prefix(2)) + "-" + String(digits.suffix(2))
      guard let day = LocalDate(dashed) else { return (word, nil) }
      let moved = shift(day)
      return (moved.description.filter { $0 != "-" } + String(decoding: utf8[8...], as: UTF8.self), moved)
    }
    return nil
  }

  /// `Fri` after a day that moved: the new day's weekday, spelt as `token` was (short or
  /// long, its case). `nil` when `token` is no English weekday name.
  private static func weekdayName(_ token: String, for day: LocalDate) -> String? {
    guard let (_, long) = TokenShape.weekday(token) else { return nil }
    let name = long ? day.weekday.englishName : String(day.weekday.englishName.prefix(3))
    if token == token.uppercased() { return name.uppercased() }
    if token == token.lowercased() { return name.lowercased() }
    return name
  }

  /// A whole number that is an epoch time stamp of the years 2000 to 2100, in seconds or in
  /// milliseconds, moved by ``shiftDays``; any other number as it is.
  private func shiftEpoch(_ text: String) -> String {
    guard shiftDays != 0, let value = Int(text), value > 0 else { return text }
    if (946_684_800...4_102_444_800).contains(value) { return String(value + shiftDays * 86_400) }
    if (946_684_800_000...4_102_444_800_000).contains(value) { return String(value + shiftDays * 86_400_000) }
    return text
  }

  /// JSON held in a string (`[1,1]`, Table Habit's `{"type":3,"time":...}`): its strings
  /// scrubbed; written again only when something in it changed, else kept byte for byte.
  private mutating func scrubJSONText(_ core: String) -> String? {
    guard let first = core.first, first == "[" || first == "{", let value = try? JSONText.parse(core) else { return nil }
    let scrubbed = scrub(value)
    if scrubbed == value { return core }
    return (try? JSONText.compact(scrubbed)) ?? text(core, "Text", spaced: false)
  }

  /// A line after a list or heading marker (`- `, `# `, `! `, `> `): the marker kept.
  private mutating func scrubMarked(_ core: String) -> String? {
    guard let end = core.firstIndex(where: { !"-*+>#|!".contains($0) }), end != core.startIndex,
          core[end] == " " else { return nil }
    return String(core[..<end]) + scrubLine(String(core[end...]))
  }

  /// Fields between ` : `, ` | ` or tabs (a harsh log line, `2026-01-05 : Gym : y :  : 0`):
  /// each scrubbed as a line, the separators kept.
  private mutating func scrubFields(_ core: String) -> String? {
    guard let separator = [" : ", " | ", "\t"].first(where: { core.contains($0) }) else { return nil }
    return core.components(separatedBy: separator).map { scrubLine($0) }.joined(separator: separator)
  }

  /// `key: value` (a property, a YAML line, harsh's `Walked: 1`): a key that is a code word is
  /// kept (one that is a replaced text gets its placeholder), the value scrubbed as a line.
  private mutating func scrubKeyed(_ core: String) -> String? {
    var at = core.startIndex
    while let colon = core[at...].firstIndex(of: ":") {
      let after = core.index(after: colon)
      if colon != core.startIndex, after == core.endIndex || core[after] == " " {
        let key = String(core[..<colon])
        let newKey: String
        if let known = placeholder(of: key) {
          newKey = known
        } else if !key.contains(" "), TokenShape.isCodeWord(key) || TokenShape.isUpperCode(key), !containsPersonal(key) {
          newKey = key
        } else {
          newKey = text(key, "Text", spaced: false)
        }
        return newKey + ":" + scrubLine(String(core[after...]))
      }
      at = after
    }
    return nil
  }

  /// A path (`Habits/Health/Stretch.md`): each folder and file name scrubbed as one token, its
  /// extension kept.
  private mutating func scrubPath(_ core: String) -> String? {
    guard core.contains("/") else { return nil }
    return core.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
      let segment = String(part)
      guard !segment.isEmpty else { return segment }
      var stem = segment, ext = ""
      if let found = Self.fileExtension(part) {
        stem = String(part[..<found.startIndex])
        ext = String(found)
      }
      if let known = placeholder(of: stem) { return known + ext }
      if let kept = atom(stem, alone: true) { return kept.text + ext }
      return text(stem, "Text", spaced: false) + ext
    }.joined(separator: "/")
  }
}
