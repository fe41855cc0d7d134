/// A Daily Plan task category. The app shows tasks grouped in a user-chosen order of these five.
public enum TaskCategory: String, CaseIterable, Hashable, Sendable, Codable {
  /// Raw values are the canonical JSON strings; `none` is a category («Без категории»), not the
  /// absence of one.
  case urgent, notUrgent, optional, other, none

  /// The app's Russian title: «Срочно», «Не срочно», «По желанию», «Прочее», «Без категории».
  public var russianTitle: String {
    switch self {
    case .urgent: "Срочно"
    case .notUrgent: "Не срочно"
    case .optional: "По желанию"
    case .other: "Прочее"
    case .none: "Без категории"
    }
  }
}

/// A file attached to a task.
public struct TaskAttachment: Hashable, Sendable {
  /// The display name (`plan.pdf`); JSON `name`, required like `uri`.
  public var name: String
  /// A relative path or a URI, as the source wrote it.
  public var uri: String

  /// An attachment as the source wrote it; neither value is checked.
  public init(name: String, uri: String) {
    self.name = name
    self.uri = uri
  }
}

/// A Daily Plan task (named `PlanTask` so it never shadows Swift's `Task`).
public struct PlanTask: Hashable, Sendable {
  /// Unique among tasks (rule `duplicate-id`); tasks and trackers have separate id spaces.
  public var id: String
  /// At most 38 characters (rule `task-title-too-long`).
  public var title: String
  /// Required by the app; `nil` when absent (rule `task-description-missing`).
  public var description: String?
  /// Required by the app; `nil` when absent (rule `task-color-missing`).
  public var color: String?
  /// A ``TaskCategory`` raw value as written; unknown values are kept for the validator.
  public var category: String
  /// When the task starts, in local wall-clock time; `nil` for a task with no time.
  public var start: LocalDateTime?
  /// When the task ends; must be after `start`, and needs one (rule `task-interval-invalid`).
  /// A `start` without an `end` is allowed.
  public var end: LocalDateTime?
  /// Whether the task is checked off. JSON `done`: absent means `false`; always written.
  public var done: Bool
  /// Local times to remind at, in the order written; not sorted or de-duplicated.
  public var reminders: [LocalDateTime]
  /// Attachments in the order written. Unknown JSON keys of attachment N live in this task's
  /// `extras["json-attachments"]`, not on the attachment.
  public var attachments: [TaskAttachment]
  /// The place in the user's hand-sorted list (0 first).
  public var position: Int
  /// Source-specific data the model cannot say; see ``Extras``.
  public var extras: Extras

  /// Takes every value as given; the defaults match an absent JSON key, except `position`,
  /// which the JSON reader sets to the task's index when absent.
  public init(id: String, title: String, description: String?, color: String?,
              category: String = TaskCategory.none.rawValue, start: LocalDateTime? = nil,
              end: LocalDateTime? = nil, done: Bool = false, reminders: [LocalDateTime] = [],
              attachments: [TaskAttachment] = [], position: Int = 0, extras: Extras = [:]) {
    self.id = id
    self.title = title
    self.description = description
    self.color = color
    self.category = category
    self.start = start
    self.end = end
    self.done = done
    self.reminders = reminders
    self.attachments = attachments
    self.position = position
    self.extras = extras
  }

  /// The category, when it is one of the five the app knows.
  public var taskCategory: TaskCategory? { TaskCategory(rawValue: category) }
}
