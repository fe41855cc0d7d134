import TrackerModel

/// The Daily Plan side: tasks and their attachments.
extension JSONDatasetReader {
  mutating func readTask(index: Int) throws -> PlanTask {
    let base = "/tasks/\(index)"
    let open = try openObject(base, "each task must be an object")
    var task = PlanTask(id: "", title: "", description: nil, color: nil, position: index)
    var hasID = false, hasTitle = false
    var attachmentExtras: [JSONValue] = []
    var members = Members(JSONDatasetReader.taskKeys, depth: 3)
    while let k = try nextMember(&members, base: base) {
      switch k {
      case 0: task.id = try readString("id", base); hasID = true
      case 1: task.title = try readString("title", base); hasTitle = true
      case 2: task.description = try readOptionalString("description", base)
      case 3: task.color = try readOptionalString("color", base)
      case 4: task.category = try readString("category", base)
      case 5: task.start = try readOptionalDateTime("start", base)
      case 6: task.end = try readOptionalDateTime("end", base)
      case 7: task.done = try readBool("done", base)
      case 8: task.reminders = try readReminders(base)
      case 9: (task.attachments, attachmentExtras) = try readAttachments(base)
      case 10: task.position = try readInt("position", base)
      default: task.extras = try readExtras(base: base, depth: 3)
      }
    }
    guard hasID else { throw missing("task", "id", open, base) }
    guard hasTitle else { throw missing("task", "title", open, base) }
    try keep(members.unknown, in: &task.extras, base: base)
    try keepItemKeys(attachmentExtras, of: base, key: "attachments", item: "an attachment", owner: "task",
                     in: &task.extras)
    return task
  }

  private mutating func readAttachments(_ base: String) throws -> ([TaskAttachment], [JSONValue]) {
    guard scanner.peek() == UInt8(ascii: "[") else {
      throw typeError("attachments", pointer: base + "/attachments", "an array of {\"name\", \"uri\"} objects")
    }
    scanner.position += 1
    var attachments: [TaskAttachment] = []
    var extras: [JSONValue] = []
    var more = try scanner.hasFirstElement()
    while more {
      let itemBase = base + "/attachments/\(attachments.count)"
      let open = try openObject(itemBase, "each attachment must be an object")
      var name: String?, uri: String?
      var members = Members(JSONDatasetReader.attachmentKeys, depth: 5)
      while let k = try nextMember(&members, base: itemBase) {
        if k == 0 { name = try readString("name", itemBase) } else { uri = try readString("uri", itemBase) }
      }
      guard let name else { throw missing("attachment", "name", open, itemBase) }
      guard let uri else { throw missing("attachment", "uri", open, itemBase) }
      attachments.append(TaskAttachment(name: name, uri: uri))
      extras.append(members.unknown.isEmpty ? .null : .object(members.unknown))
      more = try scanner.hasNextElement()
    }
    return (attachments, extras)
  }
}
