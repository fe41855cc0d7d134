import TrackerModel

/// `tasks.csv`: `id,title,description,color,category,start,end,done,reminders,attachments,position`.
enum TaskTable: CSVTableMapping {
  static let table = CSVTable.tasks

  static func entity(_ row: inout CSVFieldReader, index: Int) -> PlanTask {
    var reminders: [LocalDateTime] = []
    if let cell = row.cell("reminders") {
      if let values = CSVCell.times(cell: cell) {
        reminders = values
      } else {
        row.typeError("reminders", "\(cell.debugDescription) is not local times (YYYY-MM-DDTHH:MM) separated by single spaces")
      }
    }
    var attachments: [TaskAttachment] = []
    if let cell = row.cell("attachments") {
      switch CSVCell.attachments(cell: cell) {
      case .success(let values): attachments = values
      case .failure(let error):
        row.typeError("attachments", error.message, note: #"write [{"name":"plan.pdf","uri":"files/plan.pdf"}]"#)
      }
    }
    // The category has a default: the empty cell is `none`, `\` the empty text.
    let category = row.cell("category").map { CSVCell.optional(cell: $0) ?? TaskCategory.none.rawValue }
      ?? TaskCategory.none.rawValue
    return PlanTask(id: row.text("id"), title: row.text("title"), description: row.optionalText("description"),
                    color: row.optionalText("color"), category: category,
                    start: row.dateTime("start"), end: row.dateTime("end"), done: row.bool("done"),
                    reminders: reminders, attachments: attachments, position: row.integer("position", fallback: index),
                    extras: row.extras())
  }

  static func cells(_ task: PlanTask, version: Int, pointer: () -> String) throws -> [String] {
    for (i, reminder) in task.reminders.enumerated() {
      _ = try dateTimeCell(reminder, pointer() + "/reminders/\(i)")
    }
    return [task.id, task.title, CSVCell.optional(task.description), CSVCell.optional(task.color),
            CSVCell.optional(task.category), try dateTimeCell(task.start, pointer() + "/start"),
            try dateTimeCell(task.end, pointer() + "/end"), CSVCell.bool(task.done),
            CSVCell.times(task.reminders), CSVCell.attachments(task.attachments), String(task.position)]
  }

  static func extras(of task: PlanTask) -> Extras { task.extras }
}
