import TrackerCodec
import TrackerModel

/// Writes a dataset as canonical TrackerPort XML: one element per line, two-space indent,
/// attributes in a fixed order, the same bytes for the same dataset.
struct XMLDatasetWriter {
  private let out: ByteWriter

  init(_ out: ByteWriter) { self.out = out }

  func write(_ dataset: TrackerDataset) throws {
    out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    out.write("<trackport xmlns=\"\(XMLCodec.namespace)\" version=\"1\">\n")

    container("categories", dataset.categories.isEmpty)
    for category in dataset.categories {
      open("category", indent: 4)
      attribute("id", category.id)
      attribute("title", category.title)
      try close("category", extras: category.extras)
    }
    end("categories", dataset.categories.isEmpty)

    container("trackers", dataset.trackers.isEmpty)
    for tracker in dataset.trackers { try write(tracker) }
    end("trackers", dataset.trackers.isEmpty)

    container("records", dataset.records.isEmpty)
    var day = [UInt8](repeating: 0, count: 16)
    for record in dataset.records {
      out.write("    <record trackerId=\"")
      XMLText.writeAttribute(record.trackerId, to: out)
      out.write("\" date=\"")
      let count = day.withUnsafeMutableBytes { record.date.writeUTF8(into: $0) }
      day.withUnsafeBytes { out.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      out.write(byte: UInt8(ascii: "\""))
      try close("record", extras: record.extras)
      out.countItems()
    }
    end("records", dataset.records.isEmpty)

    container("tasks", dataset.tasks.isEmpty)
    for task in dataset.tasks { try write(task) }
    end("tasks", dataset.tasks.isEmpty)

    container("taskCategoryOrder", dataset.taskCategoryOrder.isEmpty)
    for name in dataset.taskCategoryOrder {
      open("category", indent: 4)
      attribute("name", name)
      out.write("/>\n")
    }
    end("taskCategoryOrder", dataset.taskCategoryOrder.isEmpty)

    if !dataset.extras.isEmpty { try extras(dataset.extras, level: 1) }
    out.write("</trackport>\n")
  }

  private func write(_ tracker: Tracker) throws {
    open("tracker", indent: 4)
    attribute("id", tracker.id)
    attribute("kind", tracker.kind.rawValue)
    attribute("name", tracker.name)
    attribute("categoryId", tracker.categoryId)
    if let emoji = tracker.emoji { attribute("emoji", emoji) }
    if let color = tracker.color { attribute("color", color) }
    if let schedule = tracker.schedule { attribute("schedule", schedule.map(\.rawValue).joined(separator: " ")) }
    if let date = tracker.date { attribute("date", date.description) }
    attribute("pinned", tracker.pinned ? "true" : "false")
    if let createdOn = tracker.createdOn { attribute("createdOn", createdOn.description) }
    try close("tracker", extras: tracker.extras)
  }

  private func write(_ task: PlanTask) throws {
    open("task", indent: 4)
    attribute("id", task.id)
    attribute("title", task.title)
    if let description = task.description { attribute("description", description) }
    if let color = task.color { attribute("color", color) }
    attribute("category", task.category)
    if let start = task.start { attribute("start", start.description) }
    if let end = task.end { attribute("end", end.description) }
    attribute("done", task.done ? "true" : "false")
    attribute("position", String(task.position))
    guard !task.reminders.isEmpty || !task.attachments.isEmpty || !task.extras.isEmpty else {
      out.write("/>\n")
      return
    }
    out.write(">\n")
    for reminder in task.reminders {
      open("reminder", indent: 6)
      attribute("at", reminder.description)
      out.write("/>\n")
    }
    for attachment in task.attachments {
      open("attachment", indent: 6)
      attribute("name", attachment.name)
      attribute("uri", attachment.uri)
      out.write("/>\n")
    }
    if !task.extras.isEmpty { try extras(task.extras, level: 3) }
    out.write("    </task>\n")
  }

  // MARK: - Pieces

  private func container(_ name: String, _ empty: Bool) {
    out.write(empty ? "  <\(name)/>\n" : "  <\(name)>\n")
  }

  private func end(_ name: String, _ empty: Bool) {
    if !empty { out.write("  </\(name)>\n") }
  }

  /// `indent` spaces, then `<name`.
  private func open(_ name: String, indent: Int) {
    out.write(String(repeating: " ", count: indent))
    out.write("<" + name)
  }

  private func attribute(_ name: String, _ value: String) {
    out.write(" " + name + "=\"")
    XMLText.writeAttribute(value, to: out)
    out.write(byte: UInt8(ascii: "\""))
  }

  /// Ends a start tag: empty when there are no extras, else with an `<extras>` child.
  private func close(_ name: String, extras: Extras) throws {
    guard !extras.isEmpty else {
      out.write("/>\n")
      return
    }
    out.write(">\n")
    try self.extras(extras, level: 3)
    out.write("    </\(name)>\n")
  }

  /// `<extras>` holding the compact JSON text of the namespaces, keys sorted.
  private func extras(_ extras: Extras, level: Int) throws {
    let text = try XMLExtras.text(extras)
    out.write(String(repeating: "  ", count: level))
    out.write("<extras>")
    XMLText.writeContent(text, to: out)
    out.write("</extras>\n")
  }
}
