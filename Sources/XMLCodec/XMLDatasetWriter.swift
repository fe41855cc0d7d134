import TrackerCodec
import TrackerModel

/// Writes a dataset as canonical TrackerPort XML: one element per line, two-space indent,
/// attributes in a fixed order, the same bytes for the same dataset.
///
/// The root says `version="1"` unless the dataset uses a field of version 2
/// (``TrackerDataset/formatVersionNeeded``): a dataset without them is written exactly as
/// before version 2 existed, and an older reader refuses one with them.
struct XMLDatasetWriter {
  private let out: ByteWriter
  /// The output's name, for the location of an error.
  private let fileName: String

  init(_ out: ByteWriter, fileName: String) {
    self.out = out
    self.fileName = fileName
  }

  func write(_ dataset: TrackerDataset) throws {
    out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    out.write("<trackport xmlns=\"\(XMLCodec.namespace)\" version=\"\(dataset.formatVersionNeeded)\">\n")

    container("categories", dataset.categories.isEmpty)
    for category in dataset.categories {
      open("category", indent: 4)
      attribute("id", category.id)
      attribute("title", category.title)
      try close("category", extras: category.extras)
    }
    end("categories", dataset.categories.isEmpty)

    container("trackers", dataset.trackers.isEmpty)
    for index in dataset.trackers.indices { try write(dataset.trackers[index], index: index) }
    end("trackers", dataset.trackers.isEmpty)

    container("records", dataset.records.isEmpty)
    var day = [UInt8](repeating: 0, count: 16)
    for index in dataset.records.indices {
      let record = dataset.records[index]
      out.write("    <record trackerId=\"")
      XMLText.writeAttribute(record.trackerId, to: out)
      out.write("\" date=\"")
      let count = day.withUnsafeMutableBytes { record.date.writeUTF8(into: $0) }
      day.withUnsafeBytes { out.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      out.write(byte: UInt8(ascii: "\""))
      if let amount = record.amount { try number("amount", amount, pointer: "/records/\(index)/amount") }
      if let note = record.note { attribute("note", note) }
      try close("record", extras: record.extras)
      out.countItems()
    }
    end("records", dataset.records.isEmpty)

    // Only in version 2, so a dataset without entries is written as before.
    if !dataset.entries.isEmpty {
      out.write("  <entries>\n")
      for index in dataset.entries.indices { try write(dataset.entries[index], index: index) }
      out.write("  </entries>\n")
    }

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

  private func write(_ tracker: Tracker, index: Int) throws {
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
    if tracker.archived { attribute("archived", "true") }
    if let description = tracker.description { attribute("description", description) }
    guard tracker.goal != nil || tracker.frequency != nil || !tracker.reminders.isEmpty else {
      return try close("tracker", extras: tracker.extras)
    }
    out.write(">\n")
    if let goal = tracker.goal {
      open("goal", indent: 6)
      try number("target", goal.target, pointer: "/trackers/\(index)/goal/target")
      attribute("direction", goal.direction.rawValue)
      if let unit = goal.unit { attribute("unit", unit) }
      if !goal.period.isDay { attribute("period", goal.period.text) }
      out.write("/>\n")
    }
    if let frequency = tracker.frequency {
      open("frequency", indent: 6)
      attribute("times", String(frequency.times))
      attribute("days", String(frequency.days))
      out.write("/>\n")
    }
    for reminder in tracker.reminders {
      open("reminder", indent: 6)
      attribute("time", reminder.time)
      if let days = reminder.days { attribute("days", days.map(\.rawValue).joined(separator: " ")) }
      out.write("/>\n")
    }
    if !tracker.extras.isEmpty { try extras(tracker.extras, level: 3) }
    out.write("    </tracker>\n")
  }

  private func write(_ entry: TrackerEntry, index: Int) throws {
    open("entry", indent: 4)
    attribute("trackerId", entry.trackerId)
    attribute("date", entry.date.description)
    if entry.skipped { attribute("skipped", "true") }
    if let amount = entry.amount { try number("amount", amount, pointer: "/entries/\(index)/amount") }
    if let note = entry.note { attribute("note", note) }
    try close("entry", extras: entry.extras)
    out.countItems()
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

  /// An amount or a target (``XMLNumber``); an infinity or NaN is refused, located by the JSON
  /// pointer of the value.
  private func number(_ name: String, _ value: Double, pointer: @autoclosure () -> String) throws {
    guard let text = XMLNumber.text(value) else {
      throw CodecError(.unsupportedOperation, "\(name) \(value) is not a finite number",
                       location: SourceLocation(file: fileName, pointer: pointer()),
                       note: "TrackerPort XML, like JSON, has no infinity or NaN")
    }
    out.write(" " + name + "=\"")
    out.write(text)
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
