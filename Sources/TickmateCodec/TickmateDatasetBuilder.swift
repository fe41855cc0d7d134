import Foundation
import TrackerModel

/// Turns the tracks of a Tickmate backup into a dataset (the mapping of `docs/tickmate.md`).
///
/// Tickmate has no schedule and no emoji: every track is a habit planned every day, with a
/// palette emoji chosen from its name and its colour (version 14) mapped to the nearest palette
/// colour (one palette colour chosen from the name when it has none). Its first group is its
/// category (categories are one per group name: two groups of the same name are one category);
/// a track in no group goes into `default-category` ("Tickmate"). A disabled track is archived.
/// A track that counts several ticks a day (`multiple_entries_per_day`, or a day ticked more
/// than once) has the goal "at least 1 ticks" and each record the day's count as its amount;
/// other tracks have plain completions. What only Tickmate has is in `extras["tickmate"]`.
struct TickmateDatasetBuilder {
  static let defaultCategory = "Tickmate"
  /// The unit of a counting track's goal.
  static let unit = "ticks"

  let fileName: String
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(fileName: String, options: [String: String]) {
    self.fileName = fileName
    self.options = options
  }

  mutating func build(_ contents: TickmateDatabaseReader.Contents) -> TrackerDataset {
    let fallback = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    var dataset = TrackerDataset()
    var categoryIds: [String: String] = [:]
    func category(_ title: String) -> String {
      if let id = categoryIds[title] { return id }
      let id = StableID.uuid("tickmate-category:" + title)
      categoryIds[title] = id
      dataset.categories.append(TrackerCategory(id: id, title: title))
      return id
    }
    var counting = 0, ungrouped = 0
    for track in contents.tracks {
      let id = StableID.uuid("tickmate:\(track.id):\(track.name)")
      let choice = PaletteEmoji.stableChoice(for: track.name)
      let hex = track.color.flatMap { $0 == 0 ? nil : RGBColor($0).hex }
      let color = hex.flatMap { PaletteColor.nearest(toHex: $0)?.rawValue } ?? choice.color.rawValue
      let title = track.groups.first.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
      if track.groups.first?.isEmpty ?? true { ungrouped += 1 }
      // Ticks per day, in day order.
      var perDay: [(date: LocalDate, ticks: [TickmateTick])] = []
      for tick in track.ticks.sorted(by: { $0.date < $1.date }) {
        if let last = perDay.last, last.date == tick.date {
          perDay[perDay.count - 1].ticks.append(tick)
        } else {
          perDay.append((tick.date, [tick]))
        }
      }
      let counts = track.multipleEntriesPerDay || perDay.contains { $0.ticks.count > 1 }
      if counts { counting += 1 }
      var tracker = Tracker(
        id: id, kind: .habit, name: track.name, categoryId: category(title), emoji: choice.emoji.rawValue, color: color,
        schedule: Weekday.allCases, archived: !track.enabled,
        description: track.description.isEmpty ? nil : track.description,
        goal: counts ? TrackerGoal(target: 1, direction: .atLeast, unit: Self.unit) : nil)
      tracker.extras = ["tickmate": Self.trackExtras(track, hex: hex)]
      // Tickmate has no emoji (nor a colour, a group, weekdays, unless the track has them).
      var invented: Set<InventedField> = [.emoji, .schedule]
      if hex == nil { invented.insert(.color) }
      if track.groups.first?.isEmpty ?? true { invented.insert(.category) }
      tracker.invented = invented
      dataset.trackers.append(tracker)
      for day in perDay {
        let times = day.ticks.compactMap(\.time).map { String(format: "%02d:%02d:%02d", $0.hour, $0.minute, $0.second) }
        dataset.records.append(TrackerRecord(
          trackerId: id, date: day.date, amount: counts ? Double(day.ticks.count) : nil,
          extras: times.isEmpty ? [:] : ["tickmate": .object([JSONMember("times", .array(times.map(JSONValue.string)))])]))
      }
    }
    if !contents.tracks.isEmpty {
      var message = "Tickmate has no schedule or emoji: \(contents.tracks.count) track(s) planned every day with a palette emoji chosen from the name"
      message += contents.tracks.contains { ($0.color ?? 0) != 0 } ? ", Tickmate colours mapped to the nearest palette colour" : " and a palette colour"
      if ungrouped > 0 { message += ", \(ungrouped) track(s) in no group put in category \"\(fallback)\"" }
      if counting > 0 {
        message += ", \(counting) track(s) counting several ticks a day given the goal \"at least 1 \(Self.unit)\" with each day's count as the amount"
      }
      warnings.append(Diagnostic(
        code: TickmateCodec.assignedDefaults.code, severity: .warning, message: message,
        location: SourceLocation(file: fileName),
        note: "name the category with --default-category; Tickmate's colour, icon and groups are kept in extras[\"tickmate\"]"))
    }
    if contents.orphanTicks > 0 || contents.badDays > 0 {
      var parts: [String] = []
      if contents.orphanTicks > 0 { parts.append("\(contents.orphanTicks) tick(s) of no track of the backup") }
      if contents.badDays > 0 { parts.append("\(contents.badDays) tick(s) on no calendar day") }
      warnings.append(Diagnostic(
        code: TickmateCodec.skippedTicks.code, severity: .warning,
        message: parts.joined(separator: " and ") + " skipped, as Tickmate never shows them",
        location: SourceLocation(file: fileName, field: "ticks")))
    }
    return dataset
  }

  /// `extras["tickmate"]` of a track: `id`, `icon`, `color` (`#RRGGBB`, when set), `groups`
  /// (every group name, in order, when it has any), `multipleEntriesPerDay`, `order`.
  static func trackExtras(_ track: TickmateTrack, hex: String?) -> JSONValue {
    var members = [JSONMember("id", .number(String(track.id)))]
    if !track.icon.isEmpty { members.append(JSONMember("icon", .string(track.icon))) }
    if let hex { members.append(JSONMember("color", .string(hex))) }
    if !track.groups.isEmpty { members.append(JSONMember("groups", .array(track.groups.map(JSONValue.string)))) }
    members.append(JSONMember("multipleEntriesPerDay", .bool(track.multipleEntriesPerDay)))
    if let order = track.order { members.append(JSONMember("order", .number(String(order)))) }
    return .object(members)
  }
}
