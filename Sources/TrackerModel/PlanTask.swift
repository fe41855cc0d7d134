/// A Daily Plan task category. The app shows tasks grouped in a user-chosen order of these five.
public enum TaskCategory: String, CaseIterable, Hashable, Sendable, Codable {
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
  public var name: String
  /// A relative path or a URI, as the source wrote it.
  public var uri: String

  public init(name: String, uri: String) {
    self.name = name
    self.uri = uri
  }
}

/// A Daily Plan task (named `PlanTask` so it never shadows Swift's `Task`).
public struct PlanTask: Hashable, Sendable {
  public var id: String
  /// At most 38 characters (rule `task-title-too-long`).
  public var title: String
  /// Required by the app; `nil` when absent (rule `task-description-missing`).
  public var description: String?
  /// Required by the app; `nil` when absent (rule `task-color-missing`).
  public var color: String?
  /// A ``TaskCategory`` raw value as written; unknown values are kept for the validator.
  public var category: String
  public var start: LocalDateTime?
  public var end: LocalDateTime?
  public var done: Bool
  public var reminders: [LocalDateTime]
  public var attachments: [TaskAttachment]
  /// The place in the user's hand-sorted list (0 first).
  public var position: Int
  /// Source-specific data the model cannot say; see ``Extras``.
  public var extras: Extras

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
