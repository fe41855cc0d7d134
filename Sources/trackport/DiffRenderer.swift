import TrackerOutput
import TrackerPort

/// Renders a ``DatasetDiff`` as `diff --format` asks: text for people, JSON for scripts,
/// markdown for a pull-request comment, GitHub annotations on the new file.
struct DiffRenderer {
  let diff: DatasetDiff
  let old: DatasetFile
  let new: DatasetFile
  let verbose: Bool

  // MARK: text

  func text() -> String {
    var out = "--- \(old.fileName)\n+++ \(new.fileName)\n"
    if diff.isEmpty { return out + "no differences\n" }
    for c in diff.categories {
      switch c.kind {
      case .added: out += "+ category \(tq(c.title))\n"
      case .removed: out += "- category \(tq(c.title))\n"
      case .renamed: out += "~ category \(tq(c.oldTitle ?? "")) renamed \(tq(c.title))\n"
      }
    }
    for t in diff.trackers {
      switch t.kind {
      case .added: out += "+ tracker \(tq(t.name))\(counts(t.recordCount, t.entryCount))\n"
      case .removed: out += "- tracker \(tq(t.name))\(counts(t.recordCount, t.entryCount))\n"
      case .changed:
        out += "~ tracker \(tq(t.name))" + (t.matchedByName ? " (matched by name: id \(t.oldId ?? "") → \(t.id))" : "") + "\n"
        for f in t.fields { out += "    \(f.field): \(tv(f.old)) → \(tv(f.new))\n" }
        for line in dayLines(t.days) { out += "    \(line)\n" }
      }
    }
    for task in diff.tasks {
      switch task.kind {
      case .added: out += "+ task \(tq(task.title))\n"
      case .removed: out += "- task \(tq(task.title))\n"
      case .changed:
        out += "~ task \(tq(task.title))\n"
        for f in task.fields { out += "    \(f.field): \(tv(f.old)) → \(tv(f.new))\n" }
      }
    }
    for f in diff.datasetFields { out += "~ dataset \(f.field): \(tv(f.old)) → \(tv(f.new))\n" }
    return out + summary() + "\n"
  }

  /// `2 trackers added, 1 removed, 3 changed; records +120 -2; 1 task changed`.
  func summary() -> String {
    let added = diff.trackers.count(where: { $0.kind == .added })
    let removed = diff.trackers.count(where: { $0.kind == .removed })
    let changed = diff.trackers.count(where: { $0.kind == .changed })
    var parts = ["trackers: \(added) added, \(removed) removed, \(changed) changed",
                 "records: +\(diff.recordsAdded) -\(diff.recordsRemoved)"]
    if !diff.categories.isEmpty { parts.insert("categories: \(diff.categories.count) changed", at: 0) }
    if !diff.tasks.isEmpty { parts.append("tasks: \(diff.tasks.count) changed") }
    return parts.joined(separator: "; ")
  }

  private func dayLines(_ d: DayChanges) -> [String] {
    var lines: [String] = []
    for (label, added, removed, changed) in [("records", d.recordsAdded, d.recordsRemoved, d.recordsChanged),
                                             ("marks", d.entriesAdded, d.entriesRemoved, d.entriesChanged)] {
      var parts: [String] = []
      if !added.isEmpty { parts.append("+\(added.count) (\(days(added)))") }
      if !removed.isEmpty { parts.append("-\(removed.count) (\(days(removed)))") }
      if !changed.isEmpty { parts.append("\(changed.count) changed (\(days(changed)))") }
      if !parts.isEmpty { lines.append(label + ": " + parts.joined(separator: ", ")) }
    }
    return lines
  }

  private func days(_ list: [LocalDate]) -> String {
    verbose ? list.map(\.description).joined(separator: ", ") : DayRanges.text(list)
  }

  private func counts(_ records: Int, _ entries: Int) -> String {
    var parts = ["\(records) record\(records == 1 ? "" : "s")"]
    if entries > 0 { parts.append("\(entries) mark\(entries == 1 ? "" : "s")") }
    return " (" + parts.joined(separator: ", ") + ")"
  }

  private func q(_ s: String) -> String { "\"" + s + "\"" }
  private func v(_ s: String?) -> String { s ?? "(none)" }
  /// ``q(_:)`` and ``v(_:)`` for the text diff, one line each (the markdown and GitHub forms
  /// escape line breaks their own way).
  private func tq(_ s: String) -> String { q(oneLine(s)) }
  private func tv(_ s: String?) -> String { s.map(oneLine) ?? "(none)" }

  /// A value on one line of the text diff: line breaks, tabs and other control characters as
  /// escapes (`\n`, `\t`, `\u{7}`), so a multi-line description stays on its field's line.
  private func oneLine(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return s }
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  // MARK: json

  func json() -> String { DiffJSON.document(diff, old: old.fileName, new: new.fileName) }

  // MARK: markdown

  func markdown() -> String {
    var out = "### trackport diff: \(md(old.fileName)) → \(md(new.fileName))\n\n"
    if diff.isEmpty { return out + "No differences.\n" }
    func count<K: Equatable>(_ items: [K], _ kind: K) -> Int { items.count(where: { $0 == kind }) }
    let tk = diff.trackers.map(\.kind)
    let ck = diff.categories.map(\.kind)
    let sk = diff.tasks.map(\.kind)
    let marksAdded = diff.trackers.reduce(0) { $0 + ($1.kind == .added ? $1.entryCount : $1.days.entriesAdded.count) }
    let marksRemoved = diff.trackers.reduce(0) { $0 + ($1.kind == .removed ? $1.entryCount : $1.days.entriesRemoved.count) }
    let recordsChanged = diff.trackers.reduce(0) { $0 + $1.days.recordsChanged.count }
    let marksChanged = diff.trackers.reduce(0) { $0 + $1.days.entriesChanged.count }
    out += "| | added | removed | changed |\n|---|---:|---:|---:|\n"
    out += "| categories | \(count(ck, .added)) | \(count(ck, .removed)) | \(count(ck, .renamed)) |\n"
    out += "| trackers | \(count(tk, .added)) | \(count(tk, .removed)) | \(count(tk, .changed)) |\n"
    out += "| records | \(diff.recordsAdded) | \(diff.recordsRemoved) | \(recordsChanged) |\n"
    out += "| marks (skipped, noted) | \(marksAdded) | \(marksRemoved) | \(marksChanged) |\n"
    out += "| tasks | \(count(sk, .added)) | \(count(sk, .removed)) | \(count(sk, .changed)) |\n"
    if !diff.trackers.isEmpty {
      out += "\n| tracker | change | details |\n|---|---|---|\n"
      for t in diff.trackers {
        var details: [String] = []
        switch t.kind {
        case .added, .removed: details.append(counts(t.recordCount, t.entryCount).trimmingParentheses)
        case .changed:
          if t.matchedByName { details.append("matched by name") }
          details += t.fields.map { "\($0.field): \(v($0.old)) → \(v($0.new))" }
          details += dayLines(t.days)
        }
        out += "| \(md(t.name)) | \(t.kind.rawValue) | \(details.map(md).joined(separator: "<br>")) |\n"
      }
    }
    if !diff.tasks.isEmpty || !diff.datasetFields.isEmpty || !diff.categories.isEmpty {
      out += "\n"
      for c in diff.categories {
        out += "- category \(md(c.kind == .renamed ? "\(c.oldTitle ?? "") → \(c.title)" : c.title)): \(c.kind.rawValue)\n"
      }
      for task in diff.tasks {
        let fields = task.fields.map { "\($0.field): \(v($0.old)) → \(v($0.new))" }.joined(separator: "; ")
        out += "- task \(md(task.title)): \(task.kind.rawValue)\(fields.isEmpty ? "" : " (" + md(fields) + ")")\n"
      }
      for f in diff.datasetFields { out += "- dataset \(md(f.field)): \(md(v(f.old))) → \(md(v(f.new)))\n" }
    }
    return out
  }

  /// Table cells stay one cell and text stays text: pipes and the punctuation of emphasis,
  /// code and links
  /// backslash-escaped, every line break (LF, CR, CRLF, by scalar) as `<br>`, angle brackets
  /// as entities.
  private func md(_ s: String) -> String {
    var out = ""
    var afterCR = false
    for scalar in s.unicodeScalars {
      defer { afterCR = scalar == "\r" }
      switch scalar {
      case "\n": if !afterCR { out += "<br>" }
      case "\r": out += "<br>"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "|", "\\", "`", "*", "_", "[", "]", "~": out += "\\" + String(scalar)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  // MARK: github

  /// One `::notice` per change, on its line of the new file where the format has lines (the
  /// old file for a removed tracker or task).
  func github() -> String {
    var notes: [(Diagnostic, inOld: Bool)] = []
    func note(_ pointer: String?, _ message: String, inOld: Bool = false) {
      let file = inOld ? old.fileName : new.fileName
      notes.append((Diagnostic(code: "trackport diff", severity: .warning, message: message,
                               location: SourceLocation(file: file, pointer: pointer)), inOld))
    }
    for c in diff.categories {
      let text = c.kind == .renamed ? "category \(q(c.oldTitle ?? "")) renamed \(q(c.title))" : "category \(q(c.title)) \(c.kind.rawValue)"
      note("/categories/\(c.index)", text, inOld: c.kind == .removed)
    }
    let firstRecord = firstRecordIndex(new.dataset)
    for t in diff.trackers {
      switch t.kind {
      case .added: note("/trackers/\(t.index)", "tracker \(q(t.name)) added" + counts(t.recordCount, t.entryCount))
      case .removed: note("/trackers/\(t.index)", "tracker \(q(t.name)) removed" + counts(t.recordCount, t.entryCount), inOld: true)
      case .changed:
        for f in t.fields {
          let field = f.field.hasPrefix("extras.") ? "extras" : f.field == "category" ? "categoryId" : f.field
          note("/trackers/\(t.index)/\(field)", "tracker \(q(t.name)): \(f.field): \(v(f.old)) → \(v(f.new))")
        }
        let lines = dayLines(t.days)
        if !lines.isEmpty {
          let at = t.days.recordsAdded.first.flatMap { firstRecord[DayKey(id: t.id, day: $0.dayNumber)] }
          note(at.map { "/records/\($0)" } ?? "/trackers/\(t.index)", "tracker \(q(t.name)): " + lines.joined(separator: "; "))
        }
        if t.matchedByName, t.fields.isEmpty, lines.isEmpty {
          note("/trackers/\(t.index)", "tracker \(q(t.name)) matched by name (id \(t.oldId ?? "") → \(t.id))")
        }
      }
    }
    for task in diff.tasks {
      let fields = task.fields.map { "\($0.field): \(v($0.old)) → \(v($0.new))" }.joined(separator: "; ")
      note("/tasks/\(task.index)", "task \(q(task.title)) \(task.kind.rawValue)" + (fields.isEmpty ? "" : ": " + fields),
           inOld: task.kind == .removed)
    }
    for f in diff.datasetFields { note(nil, "dataset \(f.field): \(v(f.old)) → \(v(f.new))") }
    let inNew = notes.filter { !$0.inOld }.map(\.0).located(by: Self.modelLocator(new), file: new.fileName)
    let inOld = notes.filter(\.inOld).map(\.0).located(by: Self.modelLocator(old), file: old.fileName)
    return (inNew + inOld).map { DiagnosticRenderer.github($0, command: "notice") + "\n" }.joined()
  }

  /// The file's locator when its layout is the model's own (canonical JSON, XML, the CSV
  /// package, whose locators translate model pointers); another app's JSON has other paths, so
  /// its annotations name the file only.
  private static func modelLocator(_ file: DatasetFile) -> (any SourceLocator)? {
    ["json", "xml", "csv"].contains(file.codec.id) ? file.locator : nil
  }

  private struct DayKey: Hashable {
    let id: String
    let day: Int
  }

  private func firstRecordIndex(_ dataset: TrackerDataset) -> [DayKey: Int] {
    var index: [DayKey: Int] = [:]
    for (i, r) in dataset.records.enumerated() {
      let key = DayKey(id: r.trackerId, day: r.date.dayNumber)
      if index[key] == nil { index[key] = i }
    }
    return index
  }
}

extension String {
  fileprivate var trimmingParentheses: String {
    var s = Substring(self).drop(while: { $0 == " " })
    if s.first == "(" && s.last == ")" { s = s.dropFirst().dropLast() }
    return String(s)
  }
}
