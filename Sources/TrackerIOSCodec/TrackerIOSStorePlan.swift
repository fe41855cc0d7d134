import Foundation
import TrackerCodec
import TrackerModel

/// A column value of a row to insert (no GRDB type leaves the writer).
enum StoreValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// What a dataset becomes in one variant's store: the rows of each entity (`Z_PK` is the
/// row's position + 1) and what the variant cannot hold, counted once for both
/// ``TrackerIOSCodec/losses(writing:to:options:)`` and the writer (`docs/ios-tracker.md`,
/// "Writing"). The inverse of ``TrackerIOSDatasetBuilder``: what the reader reads back is the
/// dataset but for the losses.
struct TrackerIOSStorePlan {
  /// Entity name → its rows, each column name (`ZTITLE`) → value.
  private(set) var rows: [String: [[String: StoreValue]]] = [:]
  private(set) var lost: [ModelField: Int] = [:]

  /// What every variant loses whatever the data: the model's fields no Tracker app has.
  static let alwaysLost: [ModelField] = [
    .trackerCreatedOn, .trackerArchived, .trackerDescription, .trackerGoal, .trackerFrequency,
    .trackerReminders, .recordAmounts, .recordNotes, .entries, .tasks, .taskReminders, .taskAttachments,
    .taskCategoryOrder, .extras,
  ]

  /// What `variant` holds, but not every value of, in the model's order: category ids and
  /// tracker ids (UUIDs only; morethendeviant keeps none), colours (the app's 18 only).
  static func carriedInPart(_ variant: TrackerIOSVariant) -> [ModelField] {
    var fields: [ModelField] = [.categoryIds, .trackerColor]
    if variant.id != "morethendeviant" { fields.append(.trackerIds) }
    return ModelField.inModelOrder(fields)
  }

  /// What `variant` cannot carry of a dataset that uses every field, in the model's order.
  static func lostFields(_ variant: TrackerIOSVariant) -> [ModelField] {
    var fields = alwaysLost
    if variant.id == "morethendeviant" { fields.append(.trackerEmoji) }
    if !variant.keepsEvents { fields.append(.trackerKind) }
    if variant.id != "xcode73" { fields.append(.eventDate) }
    if !variant.hasPinned { fields.append(.trackerPinned) }
    return ModelField.inModelOrder(fields)
  }

  /// The title of the category teenagelove and DmnUAll move pinned trackers into.
  static let pinnedTitle = TrackerIOSDatasetBuilder.pinnedCategory

  /// Plans `dataset` for `variant`, with record days as local midnights of `zone`; `now` gives
  /// the creation day of a tracker with no day at all (``CodecContext/writingNow``).
  init(_ dataset: TrackerDataset, variant: TrackerIOSVariant, zone: TimeZone, now: Date = Date()) {
    for field in Self.alwaysLost { lose(field, field.count(in: dataset)) }
    let categories = planCategories(dataset, variant: variant)
    let trackers = planTrackers(dataset, variant: variant, zone: zone, now: now, categories: categories)
    planRecords(dataset, variant: variant, zone: zone, trackers: trackers)
  }

  private mutating func lose(_ field: ModelField, _ count: Int = 1) {
    if count > 0 { lost[field, default: 0] += count }
  }

  /// The category rows' keys by category id, their titles, and the pinned category's key.
  private struct CategoryKeys {
    var keys: [String: Int64] = [:]
    var titles: [String: String] = [:]
    var pinned: Int64?
  }

  /// Categories: every one, in order; the pinned category after them where the app has one.
  private mutating func planCategories(_ dataset: TrackerDataset, variant: TrackerIOSVariant) -> CategoryKeys {
    var planned = CategoryKeys()
    var categoryRows: [[String: StoreValue]] = []
    for category in dataset.categories where planned.keys[category.id] == nil {
      planned.keys[category.id] = Int64(categoryRows.count + 1)
      var row: [String: StoreValue] = [variant.categoryTitle: .text(category.title)]
      if variant.id == "xcode73" {
        let uuid = Self.uuidBytes(category.id) ?? Self.uuidBytes(StableID.uuid("tracker-ios-category:" + category.id))!
        row["ZCATEGORYID"] = .blob(uuid)
        if Self.uuidText(uuid) != category.id { lose(.categoryIds) }
      } else if category.id != StableID.uuid("tracker-ios-category:" + category.title) {
        lose(.categoryIds)
      }
      if variant.id == "teenagelove" { row["ZCREATEDAT"] = .null }
      categoryRows.append(row)
    }
    let movesPinned = variant.id == "teenagelove" || variant.id == "DmnUAll"
    if movesPinned, dataset.trackers.contains(where: \.pinned) {
      categoryRows.append([variant.categoryTitle: .text(Self.pinnedTitle)])
      planned.pinned = Int64(categoryRows.count)
    }
    planned.titles = Dictionary(dataset.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    rows[variant.categoryEntity] = categoryRows
    return planned
  }

  /// The tracker rows' keys and UUID bytes by tracker id, for the records.
  private struct TrackerKeys {
    var keys: [String: Int64] = [:]
    var uuids: [String: [UInt8]] = [:]
  }

  /// Trackers: each id once, in order; the weekday rows of the variants that keep them.
  private mutating func planTrackers(_ dataset: TrackerDataset, variant: TrackerIOSVariant, zone: TimeZone,
                                     now: Date, categories: CategoryKeys) -> TrackerKeys {
    var planned = TrackerKeys()
    var trackerRows: [[String: StoreValue]] = []
    var scheduleRows: [[String: StoreValue]] = []
    // teenagelove's required creation day falls back to the first completed day.
    let firstDays = variant.id != "teenagelove" ? [:]
      : Dictionary(dataset.records.map { ($0.trackerId, $0.date) }, uniquingKeysWith: { min($0, $1) })
    for tracker in dataset.trackers where planned.keys[tracker.id] == nil {
      let key = Int64(trackerRows.count + 1)
      planned.keys[tracker.id] = key
      var row: [String: StoreValue] = [variant.trackerName: .text(tracker.name)]

      // Id: a UUID blob (or text for morethendeviant); a non-UUID id gets one derived from it.
      let uuid = Self.uuidBytes(tracker.id) ?? Self.uuidBytes(StableID.uuid("tracker-ios:" + tracker.id))!
      planned.uuids[tracker.id] = uuid
      if variant.id == "morethendeviant" {
        row[variant.trackerId] = .text(tracker.id)
      } else {
        row[variant.trackerId] = .blob(uuid)
        if Self.uuidText(uuid) != tracker.id { lose(.trackerIds) }
      }

      placeTracker(tracker, in: &row, variant: variant, categories: categories)
      row[variant.emoji] = emojiValue(tracker, variant: variant)
      row["ZCOLOR"] = colorValue(tracker, variant: variant)
      let days = plannedDays(tracker, variant: variant)
      switch variant.schedule {
      case .dayNames: row["ZSCHEDULE"] = .text(days.map { $0.englishName.lowercased() }.joined(separator: ", "))
      case .weekdayNumbers:
        row["ZSCHEDULE"] = days.isEmpty ? .null : .text(days.map { String(Self.calendarNumber($0)) }.joined(separator: ","))
      case .weekdayRows:
        for day in days { scheduleRows.append(["ZWEEKDAY": .integer(Int64(Self.calendarNumber(day))), "ZTRACKER": .integer(key)]) }
      case .archivedNames: row["ZSCHEDULE"] = .blob(BinaryPropertyList.archivedStrings(days.map { $0.englishName.uppercased() }))
      case .jsonNames:
        row["ZSCHEDULE"] = days.isEmpty ? .null : .blob(Array(("[" + days.map { "\"\(Self.russianNames[$0.index])\"" }.joined(separator: ",") + "]").utf8))
      case .positional:
        row["ZSCHEDULE"] = .text(String(Weekday.allCases.map { days.contains($0) ? Character(String($0.index + 1)) : "0" }))
      }
      if variant.id == "xcode73" {
        row["ZDATE"] = tracker.kind == .event ? (tracker.date.map { .real(Self.midnight($0, zone)) } ?? .null) : .null
      }
      if variant.id == "teenagelove" {
        let created = tracker.createdOn ?? [tracker.date, firstDays[tracker.id]].compactMap { $0 }.min()
          ?? LocalDate(dayNumber: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
        row["ZCREATEDAT"] = .real(Self.midnight(created, zone))
      }
      trackerRows.append(row)
    }
    rows[variant.trackerEntity] = trackerRows
    if let schedule = variant.scheduleEntity { rows[schedule] = scheduleRows }
    return planned
  }

  /// Category, and the pinned flag where the app has one (teenagelove and DmnUAll move a
  /// pinned tracker into their pinned category; teenagelove remembers its own).
  private mutating func placeTracker(_ tracker: Tracker, in row: inout [String: StoreValue], variant: TrackerIOSVariant,
                                     categories: CategoryKeys) {
    let own = categories.keys[tracker.categoryId].map(StoreValue.integer) ?? .null
    row["ZCATEGORY"] = own
    if variant.hasPinned { row["ZISPINNED"] = .integer(tracker.pinned ? 1 : 0) } else if tracker.pinned { lose(.trackerPinned) }
    if tracker.pinned, let pinnedKey = categories.pinned {
      row["ZCATEGORY"] = .integer(pinnedKey)
      if variant.id == "teenagelove" { row["ZORIGINALCATEGORY"] = own }
    } else if variant.id == "teenagelove" {
      row["ZORIGINALCATEGORY"] = .null
    }
    if variant.id == "DmnUAll" { row["ZCATEGORYNAME"] = .text(categories.titles[tracker.categoryId] ?? "") }
    if variant.id == "xcode73" {
      row["ZSECTIONTITLE"] = .text(tracker.pinned ? Self.pinnedTitle : (categories.titles[tracker.categoryId] ?? ""))
    }
  }

  /// Emoji: the text, or its index in the palette (the first for one not in it).
  private mutating func emojiValue(_ tracker: Tracker, variant: TrackerIOSVariant) -> StoreValue {
    guard variant.emojiIsIndex else { return .text(tracker.emoji ?? "") }
    let match = tracker.emoji.flatMap { emoji in PaletteEmoji.allCases.firstIndex { $0.rawValue == emoji } }
    if match == nil { lose(.trackerEmoji) }
    return .integer(Int64(match ?? 0))
  }

  /// Colour: exact for palette colours; others go to the nearest, and none to the first.
  private mutating func colorValue(_ tracker: Tracker, variant: TrackerIOSVariant) -> StoreValue {
    let palette = tracker.color.flatMap { PaletteColor(hex: $0) }
    if palette == nil || palette?.rawValue != tracker.color { lose(.trackerColor) }
    let color = palette ?? tracker.color.flatMap { PaletteColor.nearest(toHex: $0) } ?? PaletteColor.allCases[0]
    let index = PaletteColor.allCases.firstIndex(of: color)!
    switch variant.color {
    case .hex: return .text(String(color.rawValue.dropFirst()))
    case .assetName: return .text("YPSelection\(index + 1)")
    case .paletteIndex: return .integer(Int64(index))
    case .archivedColor:
      let rgb = RGBColor(hex: color.rawValue)!.value
      let name = variant.id == "teenagelove" ? Self.teenageloveAssets[index] : "ColorSelection\(index + 1)"
      return .blob(BinaryPropertyList.archivedCatalogColor(
        name: name, red: Double(rgb >> 16) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255))
    }
  }

  /// Schedule and kind: the weekdays the tracker is planned on, Monday first; every day for an
  /// event where the app has none, and for a habit planned on no day.
  private mutating func plannedDays(_ tracker: Tracker, variant: TrackerIOSVariant) -> [Weekday] {
    var days = tracker.kind == .habit ? (tracker.schedule ?? []) : []
    if tracker.kind == .event, !variant.keepsEvents {
      lose(.trackerKind)
      days = Weekday.allCases
    }
    if tracker.kind == .habit, days.isEmpty {
      // A habit planned on no day reads back as an event where the app has them: every day.
      lose(.trackerSchedule)
      days = Weekday.allCases
    }
    if tracker.date != nil, variant.id != "xcode73" { lose(.eventDate) }
    return Weekday.allCases.filter(days.contains)
  }

  /// Records: one per tracker and day, of the trackers written.
  private mutating func planRecords(_ dataset: TrackerDataset, variant: TrackerIOSVariant, zone: TimeZone,
                                    trackers: TrackerKeys) {
    var recordRows: [[String: StoreValue]] = []
    recordRows.reserveCapacity(dataset.records.count)
    struct TrackerDay: Hashable { var tracker: Int64, day: Int }
    var seen: Set<TrackerDay> = []
    var midnights: [Int: Double] = [:]
    var orphans = 0
    for record in dataset.records {
      guard let key = trackers.keys[record.trackerId], let uuid = trackers.uuids[record.trackerId] else {
        orphans += 1
        continue
      }
      guard seen.insert(TrackerDay(tracker: key, day: record.date.dayNumber)).inserted else { continue }
      var row: [String: StoreValue] = [:]
      if variant.id != "DmnUAll" { row["ZTRACKER"] = .integer(key) }
      row[variant.recordTrackerId] = variant.id == "morethendeviant" ? .text(record.trackerId) : .blob(uuid)
      if variant.recordDateIsText {
        let (year, month, day) = record.date.components
        row["ZDATE"] = .text(Self.twoDigits(day) + "." + Self.twoDigits(month) + "." + String(year))
      } else {
        // One zone lookup per day, not per record.
        let seconds = midnights[record.date.dayNumber] ?? Self.midnight(record.date, zone)
        midnights[record.date.dayNumber] = seconds
        row["ZDATE"] = .real(seconds)
      }
      recordRows.append(row)
    }
    lose(.eventRecords, orphans)
    rows[variant.recordEntity] = recordRows
  }

  /// teenagelove's colour assets, in palette order (its `UIColor(resource:)` names).
  static let teenageloveAssets = ["typeRed", "typeOrange", "typeBlue", "typeLilac", "typeGreen", "typePink", "typeSalmon",
                                  "typeBrightBlue", "typeLightGreen", "typeDeepBlue", "typeBrightRed", "typeLightPink",
                                  "typeLightOrange", "typeLightBlue", "typeViolet", "typeLightViolet", "typeLightLilac",
                                  "typeBrightGreen"]
  /// headlinerten's `DayOfWeek` raw values, Monday first.
  static let russianNames = ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"]

  /// Calendar's weekday number: 1 = Sunday … 7 = Saturday.
  static func calendarNumber(_ day: Weekday) -> Int { (day.index + 1) % 7 + 1 }

  /// Local midnight of `day` in `zone`, as seconds since 2001-01-01 UTC (Core Data's dates).
  static func midnight(_ day: LocalDate, _ zone: TimeZone) -> Double {
    let utc = Double(day.dayNumber) * 86_400
    let guess = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: utc)))
    let offset = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: utc - guess)))
    return utc - offset - 978_307_200
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

  /// The 16 bytes of a UUID written as text (either case), else `nil`.
  static func uuidBytes(_ text: String) -> [UInt8]? {
    guard let uuid = UUID(uuidString: text) else { return nil }
    return withUnsafeBytes(of: uuid.uuid) { Array($0) }
  }

  /// Upper-case text of 16 UUID bytes, as the reader gives it back.
  static func uuidText(_ bytes: [UInt8]) -> String {
    StableID.dashed(CoreDataStore.hex(Data(bytes)))
  }
}
