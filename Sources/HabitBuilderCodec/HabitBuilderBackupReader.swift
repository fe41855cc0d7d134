import CSVCore
import TrackerCodec
import TrackerModel

/// Reads a Habit Builder backup (a zip, or the folder it unzips to) into the model; the
/// mapping and where each fact comes from are in `docs/habitbuilder.md`.
///
/// The three members are read as the app reads them (`ArchiveHandler.readBackup`,
/// `CSVHandler.importHabitList` and `importActionList`): `metadata.txt` for the backup version,
/// `habits.csv` and `actions.csv` by column name. Habits are ordered as the app lists them
/// (by `order`, then id); each action is a completion on the day its instant falls on in
/// ``HabitBuilderClock``'s zone.
struct HabitBuilderBackupReader {
  let input: CodecInput
  let options: [String: String]
  let clock: HabitBuilderClock
  private(set) var warnings: [Diagnostic] = []

  /// The newest backup version the app reads (`BACKUP_VERSION` in `ExportViewModel.kt`); it
  /// refuses a higher one (`BackupVersionTooHigh`).
  static let backupVersion = 1
  /// The members, as `ArchiveHandler` names them.
  static let habitsFile = "habits.csv", actionsFile = "actions.csv", metadataFile = "metadata.txt"
  /// The columns `CSVHandler` writes and reads.
  static let habitColumns = ["id", "name", "color", "order", "archived", "notes"]
  static let actionColumns = ["id", "habit_id", "timestamp"]
  /// The category habits go into, Habit Builder having none.
  static let defaultCategory = "Habit Builder"

  init(input: CodecInput, options: [String: String]) throws {
    self.input = input
    self.options = options
    clock = try HabitBuilderClock(options: options)
  }

  /// A habit as `habits.csv` gives it.
  private struct Habit {
    var id: Int32
    var name: String
    var color: HabitBuilderColor
    var order: Int32
    var archived: Bool
    var notes: String
  }

  mutating func read() throws -> TrackerDataset {
    let root = try input.packageRoot()
    let entries = try input.packageEntries(root)
    let display = input.displayName
    for name in [Self.metadataFile, Self.habitsFile, Self.actionsFile] where !entries.contains(name) {
      throw CodecError(.malformedInput, "not a whole Habit Builder backup: no \(name)" + (root.isEmpty ? "" : " in \(root)"),
                       location: SourceLocation(file: display),
                       note: "a Habit Builder backup (⋮ › Backup and restore › Choose export location) holds habits.csv, actions.csv and metadata.txt; this one holds "
                         + (entries.isEmpty ? "nothing" : entries.joined(separator: ", ")))
    }
    let others = try input.members().filter { !["metadata.txt", "habits.csv", "actions.csv"].map { root + $0 }.contains($0) }
    if !others.isEmpty {
      warnings.append(Diagnostic(code: HabitBuilderCodec.notRead.code, severity: .warning,
                                 message: "\(others.count) file(s) besides the backup's three are not read, as Habit Builder does not read them: "
                                   + others.prefix(5).joined(separator: ", ") + (others.count > 5 ? ", …" : ""),
                                 location: SourceLocation(file: display)))
    }
    try readMetadata(try input.member(root + Self.metadataFile), file: display + "/" + root + Self.metadataFile)
    let habits = try readHabits(try input.member(root + Self.habitsFile), file: display + "/" + root + Self.habitsFile)
    return try build(habits, actionsFile: display + "/" + root + Self.actionsFile, actions: try input.member(root + Self.actionsFile))
  }

  // MARK: - metadata.txt

  /// The app takes the first line starting with `backup_version` and the text after its last
  /// `=` as a whole number (`ArchiveHandler.readBackup`), and refuses a backup without one.
  private func readMetadata(_ member: CodecInput, file: String) throws {
    // Split on LF bytes, as the app splits on "\n": in Swift "\r\n" is one Character.
    let lines = try member.withBytes { bytes in
      bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
    guard let index = lines.firstIndex(where: { $0.hasPrefix("backup_version") }) else {
      throw CodecError(.malformedInput, "metadata.txt has no backup_version line", location: SourceLocation(file: file, line: 1, column: 1),
                       note: "Habit Builder writes backup_version=\(Self.backupVersion) there, and its importer refuses a backup without it")
    }
    var line = lines[index]
    // A line end of CRLF leaves a CR: read past it (the app itself would not).
    if line.unicodeScalars.last == "\r" { line = String(line.unicodeScalars.dropLast()) }
    let value = line.split(separator: "=", omittingEmptySubsequences: false).last ?? ""
    let column = line.unicodeScalars.lastIndex(of: "=").map { line.unicodeScalars.distance(from: line.startIndex, to: $0) + 2 } ?? 1
    guard let version = Int32(value) else {
      throw CodecError(.malformedInput, "backup_version \(String(value).debugDescription) is not a whole number",
                       location: SourceLocation(file: file, line: index + 1, column: column),
                       note: "Habit Builder writes backup_version=\(Self.backupVersion)")
    }
    guard version <= Self.backupVersion else {
      throw CodecError(.unsupportedVersion, "backup version \(version) is newer than Habit Builder's \(Self.backupVersion), the one this reader knows",
                       location: SourceLocation(file: file, line: index + 1, column: 1),
                       note: "Habit Builder itself refuses a backup of a higher version (ExportViewModel.kt, BACKUP_VERSION)")
    }
  }

  // MARK: - habits.csv

  private mutating func readHabits(_ member: CodecInput, file: String) throws -> [Habit] {
    var table = HabitBuilderTable(file: file, columns: Self.habitColumns)
    var habits: [Habit] = []
    var seen: [Int32: Int] = [:]
    var oddArchived: (count: Int, first: SourceLocation?) = (0, nil)
    try member.withBytes { bytes in
      try table.read(bytes) { row in
        let id = try row.int32("id")
        if let first = seen[id] {
          throw CodecError(.malformedInput, "habit id \(id) is given twice (records \(first) and \(row.record))", location: row.location("id"),
                           note: "Habit Builder's database keys habits by id (entity/Habit.kt), so its importer cannot restore both")
        }
        seen[id] = row.record
        let colorName = row.string("color")
        guard let color = HabitBuilderColor(rawValue: colorName) else {
          throw CSVProblem.typeError.error("color \(colorName.debugDescription) is not one of Habit Builder's colours", at: row.location("color"),
                                           note: "its importer takes exactly " + HabitBuilderColor.allCases.map(\.rawValue).joined(separator: ", ")
                                             + " (Habit.Color.valueOf, entity/Habit.kt)")
        }
        let order = try row.int32("order")
        // Kotlin's String.toBoolean(): "true" in any case is true, anything else false.
        let archivedText = row.string("archived")
        let archived = archivedText.lowercased() == "true"
        if !archived, archivedText.lowercased() != "false" {
          oddArchived.count += 1
          if oddArchived.first == nil { oddArchived.first = row.location("archived") }
        }
        habits.append(Habit(id: id, name: row.string("name"), color: color, order: order, archived: archived,
                            notes: row.string("notes")))
      }
    }
    warnings += table.warnings
    if let first = oddArchived.first {
      warnings.append(Diagnostic(code: HabitBuilderCodec.notRead.code, severity: .warning,
                                 message: "\(oddArchived.count) archived value(s) neither true nor false read as not archived, as Habit Builder reads them (String.toBoolean)",
                                 location: first))
    }
    return habits
  }

  // MARK: - The dataset

  /// The tracker id of Habit Builder's habit `id`.
  static func trackerID(_ id: Int) -> String { StableID.uuid("habitbuilder:\(id)") }

  private mutating func build(_ habits: [Habit], actionsFile file: String, actions member: CodecInput) throws -> TrackerDataset {
    var dataset = TrackerDataset()
    let title = options["default-category"] ?? Self.defaultCategory
    let category = TrackerCategory(id: StableID.uuid("habitbuilder-category:" + title), title: title)
    // As the app lists them: HabitDao orders by `order`; the id settles a tie.
    let ordered = habits.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    var index: [Int32: String] = [:]
    for habit in ordered {
      let id = Self.trackerID(Int(habit.id))
      index[habit.id] = id
      let emoji = PaletteEmoji.stableChoice(for: habit.name).emoji
      var tracker = Tracker(id: id, kind: .habit, name: habit.name, categoryId: category.id, emoji: emoji.rawValue,
                            color: habit.color.modelColor, schedule: Weekday.allCases, archived: habit.archived,
                            description: habit.notes.isEmpty ? nil : habit.notes)
      tracker.invented = [.category, .emoji, .schedule]
      dataset.trackers.append(tracker)
    }
    if !ordered.isEmpty {
      dataset.categories = [category]
      warnings.append(Diagnostic(
        code: HabitBuilderCodec.assignedDefaults.code, severity: .warning,
        message: "Habit Builder has no categories, emoji or weekdays: \(ordered.count) habit(s) put in category \"\(title)\", planned every day, each with a palette emoji chosen from its name",
        location: SourceLocation(file: input.displayName),
        note: "name the category with --default-category; Habit Builder's six colours are read as the nearest palette colours"))
    }
    try readActions(member, file: file, habits: index, into: &dataset)
    return dataset
  }

  // MARK: - actions.csv

  private mutating func readActions(_ member: CodecInput, file: String, habits: [Int32: String],
                                    into dataset: inout TrackerDataset) throws {
    var table = HabitBuilderTable(file: file, columns: Self.actionColumns)
    var days: Set<DayKey> = []
    var repeated: (count: Int, first: SourceLocation?) = (0, nil)
    var unknown: (count: Int, ids: [Int32], first: SourceLocation?) = (0, [], nil)
    let clock = self.clock
    var records: [TrackerRecord] = []
    try member.withBytes { bytes in
      try table.read(bytes) { row in
        _ = try row.int32("id")
        let habit = try row.int32("habit_id")
        let milliseconds = try row.int64("timestamp", what: "epoch milliseconds")
        guard let day = clock.day(ofMilliseconds: milliseconds) else {
          throw CSVProblem.typeError.error("timestamp \(milliseconds) falls outside the years 1–9999", at: row.location("timestamp"),
                                           note: "Habit Builder writes the moment a day was ticked, in milliseconds since 1970-01-01 UTC")
        }
        guard let tracker = habits[habit] else {
          unknown.count += 1
          if !unknown.ids.contains(habit), unknown.ids.count < 5 { unknown.ids.append(habit) }
          if unknown.first == nil { unknown.first = row.location("habit_id") }
          return
        }
        guard days.insert(DayKey(habit: habit, day: day.dayNumber)).inserted else {
          repeated.count += 1
          if repeated.first == nil { repeated.first = row.location("timestamp") }
          return
        }
        records.append(TrackerRecord(trackerId: tracker, date: day))
      }
    }
    dataset.records = records
    warnings += table.warnings
    if let first = unknown.first {
      warnings.append(Diagnostic(
        code: HabitBuilderCodec.unknownHabit.code, severity: .warning,
        message: "\(unknown.count) action(s) of no habit in habits.csv (habit_id \(unknown.ids.map(String.init).joined(separator: ", "))\(unknown.count > unknown.ids.count ? ", …" : "")) left out",
        location: first, note: "Habit Builder's database ties every action to a habit (entity/Action.kt, a foreign key)"))
    }
    if let first = repeated.first {
      warnings.append(Diagnostic(
        code: HabitBuilderCodec.repeatedDay.code, severity: .warning,
        message: "\(repeated.count) action(s) on a day their habit already has one are read as that day's one completion",
        location: first))
    }
    if clock.assumed, !records.isEmpty {
      warnings.append(Diagnostic(
        code: HabitBuilderCodec.timeZone.code, severity: .warning,
        message: "Habit Builder keeps the moment each day was ticked and shows it on its day in the phone's time zone: days counted in this computer's, \(clock.zone.identifier)",
        location: SourceLocation(file: file),
        note: "give the phone's zone with --timezone (an IANA name such as Europe/Moscow) if days come out one off"))
    }
  }

  private struct DayKey: Hashable {
    var habit: Int32
    var day: Int
  }
}
