import TrackerCodec
import TrackerModel

/// What format version 2 adds: a tracker's archived flag, description, goal, frequency and
/// reminders, amounts, and the top-level `entries`. Written only when the dataset uses them
/// (``TrackerDataset/formatVersionNeeded``), so a version-1 dataset never reaches this.
extension JSONDatasetWriter {
  /// The version-2 keys of a tracker, after `createdOn`, in the documented order; `false`,
  /// absent and empty values are not written. Unknown keys of its goal, frequency and
  /// reminders are taken out of `extras` when they go back inline.
  mutating func trackerVersion2(_ tracker: Tracker, extras: inout Extras, _ pointer: @autoclosure () -> String) throws {
    if tracker.archived {
      key("archived")
      out.raw("true")
    }
    if let description = tracker.description {
      key("description")
      out.string(description)
    }
    if let goal = tracker.goal {
      let unknown = JSONDatasetWriter.nestedMembers(&extras, key: "goal", known: keys.goal)
      key("goal")
      out.raw("{ \"target\": ")
      try amount(goal.target, pointer() + "/goal/target")
      out.raw(goal.direction == .atLeast ? ", \"direction\": \"atLeast\"" : ", \"direction\": \"atMost\"")
      if let unit = goal.unit {
        out.raw(", \"unit\": ")
        out.string(unit)
      }
      if !goal.period.isDay {
        out.raw(", \"period\": ")
        out.string(goal.period.text)
      }
      try inlineMembers(unknown, pointer: pointer() + "/goal")
      out.raw(" }")
    }
    if let frequency = tracker.frequency {
      let unknown = JSONDatasetWriter.nestedMembers(&extras, key: "frequency", known: JSONDatasetReader.frequencyKeys[...])
      key("frequency")
      out.raw("{ \"times\": ")
      out.int(frequency.times)
      out.raw(", \"days\": ")
      out.int(frequency.days)
      try inlineMembers(unknown, pointer: pointer() + "/frequency")
      out.raw(" }")
    }
    if !tracker.reminders.isEmpty {
      let unknown = JSONDatasetWriter.itemMembers(&extras, key: "reminders", count: tracker.reminders.count,
                                                  known: JSONDatasetReader.reminderKeys[...])
      key("reminders")
      out.byte(UInt8(ascii: "["))
      for (i, reminder) in tracker.reminders.enumerated() {
        out.raw(i == 0 ? "\n        { \"time\": " : ",\n        { \"time\": ")
        out.string(reminder.time)
        if let days = reminder.days {
          out.raw(", \"days\": ")
          weekdays(days)
        }
        try inlineMembers(unknown?[i] ?? [], pointer: pointer() + "/reminders/\(i)")
        out.raw(" }")
      }
      out.raw("\n      ]")
    }
  }

  /// `, "amount": 6.25, "note": "..."` of a record or an entry (at `pointer`), each when
  /// present. Out of line, so the records' loop stays small when they have neither.
  @inline(never)
  mutating func amountAndNote(_ amount: Double?, _ note: String?, _ pointer: @autoclosure () -> String) throws {
    if let amount {
      out.raw(", \"amount\": ")
      try self.amount(amount, pointer() + "/amount")
    }
    if let note {
      out.raw(", \"note\": ")
      out.string(note)
    }
  }

  /// Entries, one per line, as records are written (only in version 2: the array is not
  /// written when empty).
  mutating func entries(_ entries: [TrackerEntry]) throws {
    out.byte(UInt8(ascii: "["))
    for (i, entry) in entries.enumerated() {
      try lineStart(i, entry.trackerId, entry.date, "/entries/\(i)/date")
      if entry.skipped { out.raw(", \"skipped\": true") }
      try amountAndNote(entry.amount, entry.note, "/entries/\(i)")
      if !entry.extras.isEmpty {
        try lineExtras(entry.extras, known: JSONDatasetReader.entryKeys[...], pointer: "/entries/\(i)")
      }
      out.raw(" }")
      out.flushIfFull()
    }
    out.raw("\n  ]")
  }

  /// An amount or a target as a JSON number (``JSONOutputBuffer/number(_:)``); JSON has no
  /// infinity or NaN, so those are refused.
  mutating func amount(_ value: Double, _ pointer: @autoclosure () -> String) throws {
    guard value.isFinite else {
      throw CodecError(.unsupportedOperation, "\(value) cannot be written as a JSON number (JSON has no infinity or NaN)",
                       location: SourceLocation(pointer: pointer()))
    }
    out.number(value)
  }
}
