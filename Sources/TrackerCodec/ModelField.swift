import TrackerModel

/// A part of the canonical model a format may be unable to carry, with a way to count how much
/// of it a dataset has. Loss reports (`dropped-field`) are made from these.
public enum ModelField: String, CaseIterable, Hashable, Sendable {
  case categories
  case trackerEmoji = "trackers.emoji"
  case trackerColor = "trackers.color"
  case trackerPinned = "trackers.pinned"
  case trackerCreatedOn = "trackers.createdOn"
  case events = "trackers[kind=event]"
  case eventDate = "trackers.date"
  case records
  case tasks
  case taskReminders = "tasks.reminders"
  case taskAttachments = "tasks.attachments"
  case taskCategoryOrder
  case extras

  /// How many items of `dataset` carry this field (0 when the dataset has none of it).
  public func count(in dataset: TrackerDataset) -> Int {
    switch self {
    case .categories: dataset.categories.count
    case .trackerEmoji: dataset.trackers.count(where: { $0.emoji != nil })
    case .trackerColor: dataset.trackers.count(where: { $0.color != nil })
    case .trackerPinned: dataset.trackers.count(where: { $0.pinned })
    case .trackerCreatedOn: dataset.trackers.count(where: { $0.createdOn != nil })
    case .events: dataset.trackers.count(where: { $0.kind == .event })
    case .eventDate: dataset.trackers.count(where: { $0.date != nil })
    case .records: dataset.records.count
    case .tasks: dataset.tasks.count
    case .taskReminders: dataset.tasks.count { !$0.reminders.isEmpty }
    case .taskAttachments: dataset.tasks.count { !$0.attachments.isEmpty }
    case .taskCategoryOrder:
      dataset.taskCategoryOrder == TaskCategory.allCases.map(\.rawValue) ? 0 : 1
    case .extras:
      (dataset.extras.isEmpty ? 0 : 1) + dataset.categories.count { !$0.extras.isEmpty }
        + dataset.trackers.count { !$0.extras.isEmpty } + dataset.tasks.count { !$0.extras.isEmpty }
        + dataset.records.count { !$0.extras.isEmpty }
    }
  }
}

/// Field-by-field reports of what a conversion cannot carry (pandoc's "not rendered").
public enum LossReport {
  /// The diagnostic code of every loss warning.
  public static let droppedField = DiagnosticDescriptor(
    code: "dropped-field", severity: .warning,
    summary: "The output format cannot carry a part of the dataset; it was left out.")

  /// One `dropped-field` warning per field of `descriptor.cannotCarry` that `dataset` uses.
  public static func diagnostics(writing dataset: TrackerDataset, as descriptor: CodecDescriptor,
                                 to fileName: String) -> [Diagnostic] {
    diagnostics(descriptor.cannotCarry.map { ($0.rawValue, $0.count(in: dataset)) },
                writer: descriptor.name, to: fileName)
  }

  /// One `dropped-field` warning per loss with a count above zero, for a codec whose losses
  /// depend on the data (a tracker whose emoji is the one reading back would choose is not lost).
  ///
  /// - Parameters:
  ///   - losses: a model path (`trackers.schedule`, `trackers[without records]`) and how many
  ///     items lose it; the path is also the warning's JSON pointer.
  ///   - writer: what cannot carry them, as the message's subject (`HabitBull CSV`).
  public static func diagnostics(_ losses: [(field: String, count: Int)], writer: String,
                                 to fileName: String) -> [Diagnostic] {
    losses.compactMap { loss in
      guard loss.count > 0 else { return nil }
      return Diagnostic(code: droppedField.code, severity: .warning,
                        message: "\(writer) cannot carry \(loss.field): \(loss.count) item(s) left out",
                        location: SourceLocation(file: fileName, pointer: "/" + loss.field))
    }
  }
}
