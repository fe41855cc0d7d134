import Foundation
import TrackerCodec
import TrackerModel

/// Turns a Tracker store's rows into a dataset (the mapping of `docs/ios-tracker.md`).
///
/// Record dates are the device's local midnight as seconds since 2001: the day is recovered
/// with `--timezone` when given (the zone's offset at each instant, then the calendar day),
/// else with the one UTC offset most records' times of day point to (rounded to the nearest
/// day, so an hour of daylight saving or travel still lands on the intended day), and a
/// warning says which. The apps' cached statistics are not read (they are recomputed).
struct TrackerIOSDatasetBuilder {
  static let pinnedCategory = "Закрепленные"
  static let defaultCategory = "Tracker"

  let fileName: String
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(fileName: String, options: [String: String]) {
    self.fileName = fileName
    self.options = options
  }

  /// How days are recovered from instants.
  enum Clock {
    case zone(TimeZone)
    case offset(Int)

    /// The day of an instant; `nil` outside the years 1 to 9999.
    func day(_ seconds: Double) -> LocalDate? {
      switch self {
      case .zone(let zone):
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        return LocalDate(checkedDayNumber: Int(((seconds + Double(offset)) / 86_400).rounded(.down)))
      case .offset(let offset):
        return LocalDate(checkedDayNumber: Int(((seconds + Double(offset)) / 86_400).rounded()))
      }
    }
  }

  /// The UTC offset (seconds east) whose midnight most of `instants` fall on: the most
  /// frequent time of day, read as a local midnight; 0 when there are none.
  static func inferredOffset(_ instants: [Double]) -> (offset: Int, agreeing: Int) {
    var counts: [Int: Int] = [:]
    for seconds in instants {
      let whole = Int(seconds.rounded())
      let timeOfDay = ((whole % 86_400) + 86_400) % 86_400
      counts[timeOfDay, default: 0] += 1
    }
    guard let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else { return (0, 0) }
    var offset = (86_400 - best.key) % 86_400
    if offset > 14 * 3_600 { offset -= 86_400 }
    return (offset, best.value)
  }

  /// The dataset of a store's rows; its warnings are in ``warnings``.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for an unknown `--timezone`.
  mutating func build(_ contents: TrackerIOSContents) throws -> TrackerDataset {
    let clock = try recordClock(contents)
    var categories = categoryTable(contents)
    var tally = Tally()
    var dataset = TrackerDataset()
    var trackerKeys: [Int64: String] = [:]
    for row in contents.trackers {
      let tracker = self.tracker(row, variant: contents.variant, clock: clock, categories: &categories, tally: &tally)
      trackerKeys[row.key] = tracker.id
      dataset.trackers.append(tracker)
    }
    // A category only the pinned trackers left is kept; empty ones too (the app shows them).
    dataset.categories = categories.list
    dataset.records = records(contents, clock: clock, trackerKeys: trackerKeys, tally: &tally)
    var storeExtras = [JSONMember("variant", .string(contents.variant.id)),
                       JSONMember("identifiedBy", .string(contents.evidence == .hashes ? "model-hashes" : "tables-and-columns"))]
    if let uuid = contents.store.storeUUID { storeExtras.append(JSONMember("storeUUID", .string(uuid))) }
    dataset.extras = [TrackerIOSCodec.extrasKey: .object(storeExtras)]
    report(tally, variant: contents.variant)
    return dataset
  }

  /// What was skipped, merged or approximated while building, for the summary warnings.
  private struct Tally {
    var approximatedColors = 0, unreadableSchedules = 0
    var orphans = 0, undated = 0, duplicates = 0
  }

  /// The dataset's categories as they are met: the store's by key, then those named only by a
  /// tracker (or the default one), each title once.
  private struct CategoryTable {
    var byKey: [Int64: String] = [:]
    var byTitle: [String: String] = [:]
    /// The keys of the pinned category (teenagelove, DmnUAll), a flag in the model.
    var pinnedKeys: Set<Int64> = []
    private(set) var list: [TrackerCategory] = []

    /// The id of the category titled `title`, added with `uuid` (or a stable id) when new.
    mutating func id(title: String, uuid: String?) -> String {
      if let id = byTitle[title] { return id }
      let id = uuid ?? StableID.uuid("tracker-ios-category:" + title)
      byTitle[title] = id
      list.append(TrackerCategory(id: id, title: title))
      return id
    }
  }

  /// The clock for record days: `--timezone` when given, else the offset the instants agree
  /// on; a warning says which (when there are days to recover).
  private mutating func recordClock(_ contents: TrackerIOSContents) throws -> Clock {
    let variant = contents.variant
    let instants = contents.records.compactMap(\.seconds) + contents.trackers.compactMap(\.eventDate)
    if let name = options["timezone"] {
      guard let zone = TimeZone(identifier: name) else {
        throw CodecError(.unsupportedOperation, "unknown time zone \"\(name)\"", note: "use an IANA name such as Europe/Moscow")
      }
      if !instants.isEmpty {
        warnings.append(Diagnostic(
          code: TrackerIOSCodec.recoveredDays.code, severity: .warning,
          message: "the store keeps each day as the device's local midnight without its zone: days recovered with --timezone \(name)",
          location: SourceLocation(file: fileName, field: variant.recordEntity)))
      }
      return .zone(zone)
    }
    let (offset, agreeing) = Self.inferredOffset(instants)
    if !instants.isEmpty {
      var message = "the store keeps each day as the device's local midnight without its zone: days recovered with the offset UTC\(Self.offsetText(offset)) inferred from the times of day (\(agreeing) of \(instants.count) dates are its midnight"
      message += agreeing < instants.count ? "; the others were rounded to the nearest day)" : ")"
      warnings.append(Diagnostic(
        code: TrackerIOSCodec.recoveredDays.code, severity: .warning, message: message,
        location: SourceLocation(file: fileName, field: variant.recordEntity),
        note: "give the phone's zone with --timezone (an IANA name such as Europe/Moscow) if days are off by one"))
    }
    return .offset(offset)
  }

  /// The store's categories, by key; the pinned category of teenagelove and DmnUAll is a flag
  /// here, not a category.
  private func categoryTable(_ contents: TrackerIOSContents) -> CategoryTable {
    var table = CategoryTable()
    let variant = contents.variant
    for category in contents.categories {
      if category.title == Self.pinnedCategory, variant.id == "teenagelove" || variant.id == "DmnUAll" {
        table.pinnedKeys.insert(category.key)
        continue
      }
      table.byKey[category.key] = table.id(title: category.title, uuid: category.uuid)
    }
    return table
  }

  /// One tracker row: its category (the one it was in before pinning, when pinned), emoji,
  /// colour, schedule and kind; what the model cannot say goes to its extras.
  private func tracker(_ row: TrackerIOSContents.Tracker, variant: TrackerIOSVariant, clock: Clock,
                       categories: inout CategoryTable, tally: inout Tally) -> Tracker {
    let id = row.id ?? StableID.uuid("tracker-ios:\(variant.id):\(row.key)")
    var extras: [JSONMember] = []

    var pinned = row.pinned ?? false
    var categoryKey = row.categoryKey
    if let key = categoryKey, categories.pinnedKeys.contains(key) {
      pinned = true
      categoryKey = row.originalCategoryKey
    }
    let category: String
    var defaultCategory = false
    if let key = categoryKey, let id = categories.byKey[key] {
      category = id
    } else if let name = row.categoryName, !name.isEmpty, name != Self.pinnedCategory {
      category = categories.id(title: name, uuid: nil)
    } else {
      category = categories.id(title: options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory, uuid: nil)
      defaultCategory = true
    }

    // Emoji.
    var emoji = row.emojiText.flatMap { $0.isEmpty ? nil : $0 }
    if let index = row.emojiIndex {
      emoji = PaletteEmoji.allCases.indices.contains(index) ? PaletteEmoji.allCases[index].rawValue : nil
      extras.append(JSONMember("emojiIndex", .number(String(index))))
    }

    // Colour.
    let (color, original, exact) = Self.color(row)
    if let original { extras.append(JSONMember("color", original)) }
    if !exact, color != nil { tally.approximatedColors += 1 }

    // Schedule and kind.
    var kind = TrackerKind.habit
    var schedule: [Weekday]? = nil
    var date: LocalDate? = nil
    let (days, unreadable) = Self.schedule(row, variant: variant)
    if unreadable > 0 {
      tally.unreadableSchedules += 1
      if let text = row.scheduleText { extras.append(JSONMember("schedule", .string(text))) }
    }
    if let days, !days.isEmpty {
      schedule = days
    } else {
      kind = .event
      if let seconds = row.eventDate { date = clock.day(seconds) }
    }
    if let created = row.createdAt.flatMap(clock.day) { extras.append(JSONMember("createdOn", .string(created.description))) }

    var tracker = Tracker(id: id, kind: kind, name: row.name, categoryId: category, emoji: emoji, color: color,
                          schedule: schedule, date: date, pinned: pinned)
    if !extras.isEmpty { tracker.extras = [TrackerIOSCodec.extrasKey: .object(extras)] }
    // A tracker the store keeps in no category was put in the default one.
    if defaultCategory { tracker.invented = [.category] }
    return tracker
  }

  /// Records: one per tracker and day; those of no tracker, with no readable day, or a second
  /// one on a day are counted in `tally` and left out.
  private func records(_ contents: TrackerIOSContents, clock: Clock, trackerKeys: [Int64: String],
                       tally: inout Tally) -> [TrackerRecord] {
    let knownIds = Set(trackerKeys.values)
    var records: [TrackerRecord] = []
    var seen: Set<String> = []
    for record in contents.records {
      var trackerId: String? = nil
      if let key = record.trackerKey, let id = trackerKeys[key] {
        trackerId = id
      } else if let id = record.trackerId, knownIds.contains(id) {
        trackerId = id
      }
      guard let trackerId else {
        tally.orphans += 1
        continue
      }
      let day: LocalDate?
      if let seconds = record.seconds {
        day = clock.day(seconds)
      } else if let text = record.dateText {
        day = Self.shortDate(text)
      } else {
        day = nil
      }
      guard let day else {
        tally.undated += 1
        continue
      }
      guard seen.insert(trackerId + "|" + day.description).inserted else {
        tally.duplicates += 1
        continue
      }
      records.append(TrackerRecord(trackerId: trackerId, date: day))
    }
    return records
  }

  /// The warnings that sum up `tally`: rows skipped or merged, colours approximated.
  private mutating func report(_ tally: Tally, variant: TrackerIOSVariant) {
    if tally.orphans + tally.undated + tally.duplicates + tally.unreadableSchedules > 0 {
      var parts: [String] = []
      if tally.orphans > 0 { parts.append("\(tally.orphans) record(s) of no tracker of the store skipped") }
      if tally.undated > 0 { parts.append("\(tally.undated) record(s) with no readable date skipped") }
      if tally.duplicates > 0 { parts.append("\(tally.duplicates) second record(s) of a tracker on one day merged") }
      if tally.unreadableSchedules > 0 {
        parts.append("\(tally.unreadableSchedules) tracker(s) with schedule values no app writes (the text kept in extras)")
      }
      warnings.append(Diagnostic(code: TrackerIOSCodec.skippedRows.code, severity: .warning,
                                 message: parts.joined(separator: ", "), location: SourceLocation(file: fileName)))
    }
    if tally.approximatedColors > 0 {
      warnings.append(Diagnostic(
        code: TrackerIOSCodec.nearestColors.code, severity: .warning,
        message: "\(tally.approximatedColors) tracker colour(s) not in the app's palette mapped to the nearest palette colour",
        location: SourceLocation(file: fileName, field: variant.trackerEntity),
        note: "the stored value is kept in extras[\"\(TrackerIOSCodec.extrasKey)\"].color"))
    }
  }

  static func offsetText(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let minutes = abs(seconds) / 60
    let hours = String(minutes / 60), rest = String(minutes % 60)
    return sign + (hours.count < 2 ? "0" + hours : hours) + ":" + (rest.count < 2 ? "0" + rest : rest)
  }

  /// teenagelove's asset names, in palette order.
  static let assetNames = ["typered", "typeorange", "typeblue", "typelilac", "typegreen", "typepink", "typesalmon",
                           "typebrightblue", "typelightgreen", "typedeepblue", "typebrightred", "typelightpink",
                           "typelightorange", "typelightblue", "typeviolet", "typelightviolet", "typelightlilac",
                           "typebrightgreen"]

  /// The palette colour an asset name stands for: `YPSelection5`, `ypSelection5`,
  /// `ColorSelection5`, `T4` (DmnUAll's 0-based sets), `typeGreen`.
  static func palette(assetName: String) -> PaletteColor? {
    let lower = assetName.lowercased()
    if let index = assetNames.firstIndex(of: lower) { return PaletteColor.allCases[index] }
    for prefix in ["ypselection", "colorselection", "selection"] where lower.hasPrefix(prefix) {
      if let number = Int(lower.dropFirst(prefix.count)), (1...18).contains(number) { return PaletteColor.allCases[number - 1] }
    }
    if lower.hasPrefix("t"), let number = Int(lower.dropFirst()), (0...17).contains(number) { return PaletteColor.allCases[number] }
    return nil
  }

  /// The tracker's colour as `#RRGGBB` of the palette, the stored value when it is not exactly
  /// a palette hex, and whether the mapping was exact.
  static func color(_ row: TrackerIOSContents.Tracker) -> (String?, JSONValue?, Bool) {
    if let index = row.colorIndex {
      let color = PaletteColor.allCases.indices.contains(index) ? PaletteColor.allCases[index].rawValue : nil
      return (color, .number(String(index)), color != nil)
    }
    if let text = row.colorText {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      let hexText = trimmed.hasPrefix("#") ? trimmed : "#" + trimmed
      if RGBColor(hex: hexText) != nil {
        if let exact = PaletteColor(hex: hexText) { return (exact.rawValue, trimmed == exact.rawValue ? nil : .string(text), true) }
        return (PaletteColor.nearest(toHex: hexText)?.rawValue, .string(text), false)
      }
      if let named = palette(assetName: trimmed) { return (named.rawValue, .string(text), true) }
      return (nil, .string(text), false)
    }
    if let data = row.colorArchive {
      guard let color = KeyedArchive(data)?.color else { return (nil, .string("<\(data.count)-byte archive>"), false) }
      var original: [JSONMember] = []
      if let name = color.assetName { original.append(JSONMember("assetName", .string(name))) }
      if let hex = color.hex { original.append(JSONMember("rgb", .string(hex))) }
      if let name = color.assetName, let named = palette(assetName: name) { return (named.rawValue, .object(original), true) }
      if let hex = color.hex {
        if let exact = PaletteColor(hex: hex) { return (exact.rawValue, .object(original), true) }
        return (PaletteColor.nearest(toHex: hex)?.rawValue, .object(original), false)
      }
      return (nil, .object(original), false)
    }
    return (nil, nil, true)
  }

  /// Day names the apps write, lower-cased: English, DmnUAll's upper-case, Russian.
  static let dayNames: [String: Weekday] = [
    "monday": .mon, "tuesday": .tue, "wednesday": .wed, "thursday": .thu, "friday": .fri, "saturday": .sat, "sunday": .sun,
    "понедельник": .mon, "вторник": .tue, "среда": .wed, "четверг": .thu, "пятница": .fri, "суббота": .sat, "воскресенье": .sun,
  ]

  /// Calendar weekday number (1 = Sunday … 7 = Saturday) as a weekday.
  static func weekday(calendarNumber number: Int) -> Weekday? {
    (1...7).contains(number) ? Weekday(index: (number + 5) % 7) : nil
  }

  /// The weekdays of a tracker (`nil` for no schedule) and how many entries were unreadable.
  static func schedule(_ row: TrackerIOSContents.Tracker, variant: TrackerIOSVariant) -> ([Weekday]?, Int) {
    var days: [Weekday] = []
    var unreadable = 0
    func add(_ day: Weekday?) {
      guard let day else { unreadable += 1; return }
      if !days.contains(day) { days.append(day) }
    }
    switch variant.schedule {
    case .weekdayRows:
      for number in row.scheduleRows.sorted(by: { (($0 + 5) % 7) < (($1 + 5) % 7) }) { add(weekday(calendarNumber: number)) }
      return (days.isEmpty ? nil : days, unreadable)
    case .dayNames, .weekdayNumbers:
      guard let text = row.scheduleText else { return (nil, 0) }
      for part in text.split(separator: ",") {
        let token = part.trimmingCharacters(in: .whitespaces)
        if token.isEmpty { continue }
        if let number = Int(token) { add(weekday(calendarNumber: number)) } else { add(dayNames[token.lowercased()]) }
      }
    case .positional:
      guard let text = row.scheduleText else { return (nil, 0) }
      for (index, character) in text.enumerated() where character != "0" {
        add(index < 7 && character.isNumber ? Weekday(index: index) : nil)
      }
    case .archivedNames, .jsonNames:
      var names: [String]? = nil
      if let data = row.scheduleData ?? row.scheduleText.map({ Data($0.utf8) }) {
        if let archive = KeyedArchive(data) {
          names = archive.stringArray
        } else if let json = try? JSONSerialization.jsonObject(with: data) as? [Any] {
          names = json.compactMap { $0 as? String }
          if names?.count != json.count { unreadable += 1 }
        }
        if names == nil { unreadable += 1 }
      }
      for name in names ?? [] { add(dayNames[name.lowercased()]) }
    }
    days.sort()
    return (days.isEmpty ? nil : days, unreadable)
  }

  /// DmnUAll's record day: `DateFormatter(dateStyle: .short)` in GMT, in the phone's locale —
  /// `31.12.2023`/`31.12.23` (day first), `12/31/23` (month first), `2023-12-31`.
  static func shortDate(_ text: String) -> LocalDate? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let separator: Character
    if trimmed.contains(".") { separator = "." } else if trimmed.contains("/") { separator = "/" } else { separator = "-" }
    let parts = trimmed.split(separator: separator, omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 3, let a = parts[0], let b = parts[1], let c = parts[2] else { return nil }
    func year(_ value: Int) -> Int { value < 100 ? 2000 + value : value }
    switch separator {
    case "-": return LocalDate(year: a, month: b, day: c)
    case ".": return a > 31 ? LocalDate(year: a, month: b, day: c) : LocalDate(year: year(c), month: b, day: a)
    default: return a > 31 ? LocalDate(year: a, month: b, day: c) : LocalDate(year: year(c), month: a, day: b)
    }
  }
}
