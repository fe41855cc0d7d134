/// What kind of card a tracker is.
public enum TrackerKind: String, CaseIterable, Hashable, Sendable, Codable {
  /// Repeats on chosen weekdays.
  case habit
  /// An irregular event: no schedule; optionally planned on one `date`.
  case event
}

/// A tracker card: a habit or an irregular event.
///
/// Values are kept as the source wrote them, even when they break a rule (an empty name, a
/// colour that is not `#RRGGBB`): the validator reports them, the model does not refuse them.
public struct Tracker: Hashable, Sendable {
  /// Identifies the tracker to records' `trackerId`; unique in the app (rule `duplicate-id`),
  /// and when it repeats, records belong to the first tracker with it.
  public var id: String
  /// Habit or event: decides whether `schedule` or `date` plans the tracker. JSON `kind`;
  /// any other value makes the file malformed.
  public var kind: TrackerKind
  /// At most 38 characters in the app (rule `name-too-long`).
  public var name: String
  /// The `id` of a ``TrackerCategory``.
  public var categoryId: String
  /// One emoji; `nil` when the source had none (rule `emoji-missing`).
  public var emoji: String?
  /// `#RRGGBB`; `nil` when the source had none (rule `color-missing`).
  public var color: String?
  /// The weekdays a habit is planned on, as written (order and duplicates kept for the
  /// validator). `nil` when absent: events have none.
  public var schedule: [Weekday]?
  /// The day a dated event is planned on.
  public var date: LocalDate?
  /// Pinned trackers show first, in the «Закрепленные» group.
  public var pinned: Bool
  /// The day the tracker was created; a habit is not planned before it.
  public var createdOn: LocalDate?
  /// Archived: kept with its history, no longer planned in the source app (Loop, Habo,
  /// beaverhabits). JSON `archived`, written only when `true`.
  public var archived: Bool
  /// What the habit is about, shown by other apps (Loop's question and description,
  /// HabitBull's description, Habitica's notes, Habo's cue); the Tracker app has none.
  public var description: String?
  /// A measurable habit's daily goal; `nil` for a yes/no habit.
  public var goal: TrackerGoal?
  /// "`times` in `days` days", where the source plans that way; the weekday `schedule` still
  /// plans the habit here.
  public var frequency: TrackerFrequency?
  /// Reminders; empty for none.
  public var reminders: [TrackerReminder]
  /// Source-specific data the model cannot say; see ``Extras``.
  public var extras: Extras

  /// Takes every value as given, valid or not; `schedule`, `date`, `createdOn`, `description`,
  /// `goal` and `frequency` default to absent, `pinned` and `archived` to `false` and
  /// `reminders` to none, as when their JSON keys are missing.
  public init(id: String, kind: TrackerKind, name: String, categoryId: String,
              emoji: String?, color: String?, schedule: [Weekday]? = nil, date: LocalDate? = nil,
              pinned: Bool = false, createdOn: LocalDate? = nil, archived: Bool = false,
              description: String? = nil, goal: TrackerGoal? = nil, frequency: TrackerFrequency? = nil,
              reminders: [TrackerReminder] = [], extras: Extras = [:]) {
    self.id = id
    self.kind = kind
    self.name = name
    self.categoryId = categoryId
    self.emoji = emoji
    self.color = color
    self.schedule = schedule
    self.date = date
    self.pinned = pinned
    self.createdOn = createdOn
    self.archived = archived
    self.description = description
    self.goal = goal
    self.frequency = frequency
    self.reminders = reminders
    self.extras = extras
  }
}

extension Tracker {
  /// Whether the tracker uses a field of format version 2 (docs/json-format.md).
  public var usesVersion2: Bool {
    archived || description != nil || goal != nil || frequency != nil || !reminders.isEmpty
  }
}
