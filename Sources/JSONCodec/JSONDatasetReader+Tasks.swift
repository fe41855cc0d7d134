import TrackerModel

/// The Daily Plan side: tasks and their attachments.
extension JSONDatasetReader {
  mutating func readTask(index: Int) throws -> PlanTask {
    let base = "/tasks/\(index)"
    let open = try openObject(base, "each task must be an object")
    var task = PlanTask(id: "", title: "", description: nil, color: nil, position: index)
    var hasID = false, hasTitle = false
    var attachmentExtras: [JSONValue] = []
    var unknown: [JSONMember] = []
    var unknownSet = JSONKeySet()
    var seen = 0
    var more = try scanner.hasFirstMember()
    while more {
      let key = try scanner.readKey()
      if let k = keyIndex(key, JSONDatasetReader.taskKeys) {
        try markSeen(k, &seen, key, JSONDatasetReader.taskKeys)
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
      } else {
        unknown.append(try readUnknown(key, depth: 3, base: base, into: &unknownSet, among: unknown))
      }
      more = try scanner.hasNextMember()
    }
    guard hasID else { throw missing("task", "id", open, base) }
    guard hasTitle else { throw missing("task", "title", open, base) }
    JSONDatasetReader.keep(unknown, in: &task.extras)
    if attachmentExtras.contains(where: { $0 != .null }) {
      task.extras[JSONDatasetReader.attachmentNamespace] = .array(attachmentExtras)
    }
    return task
  }

  /// The task `extras` namespace holding unknown keys of its attachments: an array with one
  /// object (or `null`) per attachment, so the writer can put them back in place.
  static let attachmentNamespace = "json-attachments"

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
      var unknown: [JSONMember] = []
      var unknownSet = JSONKeySet()
      var seen = 0
      var moreMembers = try scanner.hasFirstMember()
      while moreMembers {
        let key = try scanner.readKey()
        if let k = keyIndex(key, JSONDatasetReader.attachmentKeys) {
          try markSeen(k, &seen, key, JSONDatasetReader.attachmentKeys)
          if k == 0 { name = try readString("name", itemBase) } else { uri = try readString("uri", itemBase) }
        } else {
          unknown.append(try readUnknown(key, depth: 5, base: itemBase, into: &unknownSet, among: unknown))
        }
        moreMembers = try scanner.hasNextMember()
      }
      guard let name else { throw missing("attachment", "name", open, itemBase) }
      guard let uri else { throw missing("attachment", "uri", open, itemBase) }
      attachments.append(TaskAttachment(name: name, uri: uri))
      extras.append(unknown.isEmpty ? .null : .object(unknown))
      more = try scanner.hasNextElement()
    }
    return (attachments, extras)
  }
}
