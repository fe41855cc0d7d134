import Foundation
import TrackerModel

/// Replaces everything in a dataset that tells whose it is, keeping what a bug report needs:
/// its shape, its days and its amounts (`trackport anonymize`, docs/anonymize.md).
///
/// Names become `Habit 1`, `Event 2`, category titles `Category 1`, descriptions
/// `Description 1`, notes `Note 1`, task titles `Task 1`, attachments `Attachment 1.pdf`;
/// the same text gives the same placeholder wherever it is (a note equal to a name gets the
/// name's), numbered per label in the dataset's order. Ids become ids derived from their place
/// (a UUID stays a UUID, written as it was; ids of digits only, counters that formats repeat as
/// numbers, stay); every reference follows. Empty texts stay empty.
///
/// What is kept: days and amounts (or every day moved by ``shiftDays``), goals, schedules,
/// frequencies, reminders' times, flags, emoji and colours (not personal, and formats derive
/// things from them), task categories and times. Extras are scrubbed by a rule, not per format,
/// so a new codec's extras are covered: strings that are structure (numbers, days, times,
/// colours, code words, JSON, UUIDs) are kept, or moved and replaced with the ids; every other
/// string is human text and replaced, keeping its shape (lines, `key:` prefixes, list markers,
/// paths' folders and extensions). TrackerPort's own marks on a tracker
/// (`extras["trackport"]`) follow the tracker: the made-up fields stay marked, a full name
/// kept by `--fit-names` becomes the new name.
///
/// The result depends on the dataset alone: the same dataset always gives the same one.
public struct DatasetAnonymizer: Hashable, Sendable {
  /// Days added to every day, time and time stamp (negative: earlier); 0 keeps them.
  public var shiftDays: Int

  /// An anonymizer that moves every day by `shiftDays` (0: days kept).
  public init(shiftDays: Int = 0) {
    self.shiftDays = shiftDays
  }

  /// `dataset` with its names, texts and ids replaced and its days moved by ``shiftDays``.
  public func anonymize(_ dataset: TrackerDataset) -> TrackerDataset {
    var book = PlaceholderBook(shiftDays: shiftDays)
    var out = dataset
    // The model first, ids then texts, in the dataset's order, so that extras met afterwards
    // repeat the model's replacements and are checked against every replaced text.
    for category in dataset.categories { _ = book.id(category.id, .category) }
    for tracker in dataset.trackers { _ = book.id(tracker.id, .tracker) }
    for task in dataset.tasks { _ = book.id(task.id, .task) }
    for i in out.categories.indices {
      out.categories[i].id = book.id(out.categories[i].id, .category)
      out.categories[i].title = book.text(out.categories[i].title, "Category")
    }
    for i in out.trackers.indices { anonymizeFields(of: &out.trackers[i], book: &book) }
    for i in out.records.indices {
      out.records[i].trackerId = book.id(out.records[i].trackerId, .tracker)
      out.records[i].date = book.shift(out.records[i].date)
      if let note = out.records[i].note { out.records[i].note = book.text(note, "Note") }
    }
    for i in out.entries.indices {
      out.entries[i].trackerId = book.id(out.entries[i].trackerId, .tracker)
      out.entries[i].date = book.shift(out.entries[i].date)
      if let note = out.entries[i].note { out.entries[i].note = book.text(note, "Note") }
    }
    for i in out.tasks.indices { anonymizeFields(of: &out.tasks[i], book: &book) }
    // Then what formats keep beyond the model.
    for i in out.categories.indices { out.categories[i].extras = book.scrub(out.categories[i].extras) }
    for i in out.trackers.indices {
      let original = dataset.trackers[i]
      out.trackers[i].extras = book.scrub(original.extras.filter { $0.key != Tracker.marksNamespace })
      if case .object(let marks)? = original.extras[Tracker.marksNamespace] {
        out.trackers[i].extras[Tracker.marksNamespace] = .object(self.marks(marks, of: original, now: out.trackers[i], book: &book))
      } else if let marks = original.extras[Tracker.marksNamespace] {
        out.trackers[i].extras[Tracker.marksNamespace] = book.scrub(marks)
      }
    }
    for i in out.records.indices where !out.records[i].extras.isEmpty { out.records[i].extras = book.scrub(out.records[i].extras) }
    for i in out.entries.indices where !out.entries[i].extras.isEmpty { out.entries[i].extras = book.scrub(out.entries[i].extras) }
    for i in out.tasks.indices { out.tasks[i].extras = book.scrub(out.tasks[i].extras) }
    out.extras = book.scrub(dataset.extras)
    return out
  }

  /// The present a writer records for `dataset` (an export time stamp, today for a habit with
  /// no day; ``CodecContext/now``): noon UTC of the day after the last day the dataset holds,
  /// or of 2000-01-01 when it holds none. A function of the data, so the same input gives the
  /// same bytes, and it tells no more than the data's days do.
  public static func writingNow(for dataset: TrackerDataset) -> Date {
    var last = dataset.markedDays?.upperBound
    func see(_ day: LocalDate?) {
      if let day, last.map({ day > $0 }) ?? true { last = day }
    }
    for tracker in dataset.trackers {
      see(tracker.createdOn)
      see(tracker.date)
    }
    for task in dataset.tasks {
      see(task.start?.date)
      see(task.end?.date)
      for reminder in task.reminders { see(reminder.date) }
    }
    let day = last.map { $0.adding(days: 1) } ?? LocalDate(year: 2000, month: 1, day: 1) ?? LocalDate(dayNumber: 10_957)
    return Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + 12 * 3_600))
  }

  private func anonymizeFields(of tracker: inout Tracker, book: inout PlaceholderBook) {
    tracker.id = book.id(tracker.id, .tracker)
    tracker.categoryId = book.id(tracker.categoryId, .category)
    tracker.name = book.text(tracker.name, tracker.kind == .event ? "Event" : "Habit")
    if let description = tracker.description { tracker.description = book.text(description, "Description") }
    if let unit = tracker.goal?.unit { tracker.goal?.unit = Self.unit(unit, book: &book) }
    tracker.date = tracker.date.map { book.shift($0) }
    tracker.createdOn = tracker.createdOn.map { book.shift($0) }
  }

  private func anonymizeFields(of task: inout PlanTask, book: inout PlaceholderBook) {
    task.id = book.id(task.id, .task)
    task.title = book.text(task.title, "Task")
    if let description = task.description { task.description = book.text(description, "Description") }
    if task.taskCategory == nil { task.category = book.scrub(task.category) }
    task.start = task.start.map { book.shift($0) }
    task.end = task.end.map { book.shift($0) }
    task.reminders = task.reminders.map { book.shift($0) }
    for i in task.attachments.indices {
      let attachment = task.attachments[i]
      let placeholder = book.text(attachment.name, "Attachment")
      task.attachments[i].name = placeholder + Self.fileExtension(attachment.name)
      // The URI keeps its scheme (`file://`, `https://`) and the file's extension.
      let scheme = attachment.uri.range(of: "://").map { String(attachment.uri[..<$0.upperBound]) } ?? ""
      task.attachments[i].uri = scheme + placeholder.lowercased().replacingOccurrences(of: " ", with: "-") + Self.fileExtension(attachment.uri)
    }
  }

  /// A unit: kept when it is a code word (`km`, `pages`), else a placeholder (`Unit 1`).
  private static func unit(_ unit: String, book: inout PlaceholderBook) -> String {
    if let known = book.placeholder(of: unit) { return known }
    if unit.allSatisfy(\.isWhitespace) { return unit }
    if TokenShape.isCodeWord(unit), !book.containsPersonal(unit) {
      book.scrubbed[unit] = unit
      return unit
    }
    return book.text(unit, "Unit")
  }

  /// `.pdf` of `plan.pdf` (``PlaceholderBook/fileExtension(_:)``); empty when there is none.
  private static func fileExtension(_ name: String) -> String {
    PlaceholderBook.fileExtension(Substring(name)).map(String.init) ?? ""
  }

  /// TrackerPort's marks on a tracker, in their order: `invented` made again for the new
  /// tracker (the same fields made up, with their new values), `fullName` the new name, any
  /// other member scrubbed as extras are.
  private func marks(_ members: [JSONMember], of original: Tracker, now tracker: Tracker,
                     book: inout PlaceholderBook) -> [JSONMember] {
    var remade = tracker
    remade.extras = [:]
    remade.invented = original.invented
    let invented = remade.extras[Tracker.marksNamespace]?["invented"]
    return members.compactMap { member in
      switch member.key {
      case "invented": invented.map { JSONMember(member.key, $0) }
      case NameFitting.fullNameKey: JSONMember(member.key, .string(tracker.name))
      default: JSONMember(book.scrubKey(member.key), book.scrub(member.value))
      }
    }
  }
}
