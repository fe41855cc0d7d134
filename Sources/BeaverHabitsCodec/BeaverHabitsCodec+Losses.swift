import TrackerCodec
import TrackerModel

extension BeaverHabitsCodec {
  /// One `dropped-field` warning per part the export cannot carry, with its count, in the
  /// model's order, from the plans the writer writes: category ids not derived from the title
  /// (and trackers of no known category), the order of categories when it is not the order of
  /// first use, categories no habit is in, emoji and colours other than the ones reading back
  /// chooses, weekday schedules ("N per period" only), creation days, descriptions, goals,
  /// frequencies that do not read back the same, reminders, events and their records, archived
  /// habits and their days (unless `include-archived`), amounts,
  /// empty notes, skipped days, entries that do not come back, tasks, the task category order,
  /// extras of other formats (and an e-mail address read from beaverhabits, written only with
  /// the `email` option); then one `lossy-frequency` per habit whose weekdays are written as
  /// "N per week" (that loss said once, by the habit).
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let defaultTitle = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? BeaverHabitsReader.defaultCategory
    let includeArchived = options["include-archived"].flatMap(CodecOption.boolean) ?? false
    let writer = BeaverHabitsWriter(dataset: dataset, defaultTitle: defaultTitle, includeArchived: includeArchived)
    var lost: [ModelField: Int] = [:]
    var byHabit: [Diagnostic] = []
    for (index, plan) in writer.plans {
      lost.merge(plan.lost, uniquingKeysWith: +)
      // Weekdays written as "N per week": said once, by the habit, not also as a count.
      guard let weekdays = plan.weekdaysWritten else { continue }
      lost[.trackerSchedule, default: 0] -= plan.lost[.trackerSchedule] ?? 0
      let tracker = dataset.trackers[index]
      byHabit.append(Diagnostic(
        code: LossReport.lossyFrequency.code, severity: .warning,
        message: "habit \"\(tracker.name)\" is planned on \(weekdays.days.map(\.shortEnglishName).joined(separator: ", ")); beaverhabits plans \"N per period\", so it is written as \(weekdays.period.text)",
        location: SourceLocation(file: output.displayName, pointer: "/trackers/\(index)/schedule")))
    }

    // Categories are the habits' first tags: their ids derive from the titles, their order is
    // the order of first use, and a category no habit is in is not written.
    var used: [String] = []
    var seen = Set<String>()
    for (index, _) in writer.plans where !dataset.trackers[index].invented.contains(.category)
      && seen.insert(dataset.trackers[index].categoryId).inserted {
      used.append(dataset.trackers[index].categoryId)
    }
    let written = dataset.categories.filter { seen.contains($0.id) }
    lost[.categoryIds, default: 0] += written.count { $0.id != BeaverHabitsReader.categoryID($0.title) }
    let known = Set(dataset.categories.map(\.id))
    if written.map(\.id) != used.filter(known.contains) { lost[.categoryOrder] = 1 }
    let invented = dataset.inventedCategoryIds
    lost[.categoriesWithoutTrackers] = dataset.categories.count { !seen.contains($0.id) && !invented.contains($0.id) }

    lost[.events] = dataset.trackers.count { $0.kind == .event }
    // Archived habits left out: said once, with their days, not also as records and entries.
    let archived = writer.archivedIDs
    lost[.archivedTrackers] = archived.count
    let archivedDays = dataset.records.count { archived.contains($0.trackerId) }
      + dataset.entries.count { archived.contains($0.trackerId) }
    let other = { (id: String) in !writer.writtenIDs.contains(id) && !archived.contains(id) }
    lost[.eventRecords] = dataset.records.count { other($0.trackerId) }
    lost[.entries, default: 0] += dataset.entries.count { other($0.trackerId) }
    for field in [ModelField.tasks, .taskReminders, .taskAttachments, .taskCategoryOrder] {
      lost[field] = field.count(in: dataset)
    }
    let emailLost = writer.keptEmail != nil && options["email"] == nil
    lost[.extras, default: 0] += written.count { !$0.extras.isEmpty }
      + (dataset.extras.keys.contains { $0 != BeaverHabitsReader.namespace } || writer.datasetExtrasIgnored || emailLost ? 1 : 0)

    var result: [Diagnostic] = []
    for field in ModelField.inModelOrder(lost.keys) {
      guard let count = lost[field], count > 0 else { continue }
      var what = Self.what[field] ?? "item(s) left out"
      if field == .archivedTrackers {
        what = "archived habit(s) left out with their \(archivedDays) day(s): the app's import adds an archived habit again on every import (--option include-archived=true writes them)"
      }
      if field == .extras, emailLost {
        what += "; the e-mail address read from beaverhabits is not written without --option email=ADDR"
      }
      result.append(Diagnostic(code: LossReport.droppedField.code, severity: .warning,
                               message: "\(Self.descriptor.name) cannot carry \(field.rawValue): \(count) \(what)",
                               location: SourceLocation(file: output.displayName, pointer: "/" + field.rawValue)))
    }
    return result + byHabit
  }

  /// What the count of a loss counts, where it is not whole items left out.
  private static let what: [ModelField: String] = [
    .categoryIds: "category id(s) that do not come back (a habit's category is its first tag; reading back derives the id from the title)",
    .categoryOrder: "category order that does not come back (reading back orders categories by first use)",
    .categoriesWithoutTrackers: "category(ies) no habit is in, left out (categories are the habits' tags)",
    .trackerEmoji: "emoji other than the one reading back chooses from the name",
    .trackerColor: "colour(s) other than the one reading back chooses from the name",
    .trackerSchedule: "weekday schedule(s) beaverhabits cannot keep (it counts times per period: k weekdays are written as k times per week)",
    .trackerFrequency: "frequency(ies) that do not read back the same (a schedule of k weekdays reads back as k times in 7 days; one of less than once a day, or every day, has no period)",
    .eventRecords: "record(s) of events or unknown trackers left out",
    .recordAmounts: "amount(s) left out (beaverhabits records days done)",
    .recordNotes: "empty note(s), which read back as none",
    .entries: "entry(ies) that do not come back (of events or unknown trackers, on a day that is also done, or with nothing to write)",
    .skippedEntries: "skipped day(s) that are not skips in beaverhabits (it has none): one with a note comes back as a day not done with that note, others are left out",
    .entryAmounts: "amount(s) of days not done left out",
    .entryNotes: "empty note(s) of days not done, which read back as none",
    .extras: "item(s) with extras of other formats left out",
  ]
}
