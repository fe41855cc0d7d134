import Foundation
import TrackerHub

/// What `hub run` and `hub undo` print: a line per file taken, refused or left for later, a
/// line per output, then the run's summary; and the exit status (an output that failed sets it).
enum HubRunText {
  static func print(_ report: HubRunReport, folder: String, quiet: Bool) throws -> ExitStatus {
    var status = ExitStatus.ok
    for entry in report.entries {
      switch entry.status {
      case .imported, .unchanged:
        if !quiet {
          try StandardOutput.line("\(entry.status == .imported ? "taken" : "unchanged"): #\(entry.number) \(entry.file)"
                                  + (entry.format.map { " (\($0))" } ?? "") + ": " + HubLogText.counts(entry))
          for line in entry.conflictLines.prefix(5) { StandardError.line("  conflict: \(line)") }
          if entry.conflicts > 5 { StandardError.line("  ... and \(entry.conflicts - 5) more conflicts (trackport hub log \(folder) --verbose)") }
        }
      case .refused:
        StandardError.line("refused: #\(entry.number) \(entry.file)")
        for line in entry.diagnostics.prefix(5) { StandardError.line("  \(line)") }
      case .undo:
        try StandardOutput.line("undid #\(entry.undoes ?? 0) (\(entry.file))")
      }
    }
    for path in report.deferred where !quiet {
      try StandardOutput.line("left for the next run: \(path) (still changing, or gone while read)")
    }
    for output in report.outputs {
      switch output.outcome {
      case .written: if !quiet { try StandardOutput.line("wrote \(output.key): \(output.message)") }
      case .pushed: if !quiet { try StandardOutput.line("pushed \(output.key): \(output.message)") }
      case .failed:
        StandardError.line("\(output.key): error: \(output.message) (tried again by the next run)")
        let failed: ExitStatus
        switch output.failure {
        case .push(let code)?: failed = ExitStatus(rawValue: code) ?? .unavailable
        default: failed = .cannotCreateOutput
        }
        status = ExitStatus.worst(status, failed)
      }
    }
    if !quiet {
      let counts = Dictionary(grouping: report.entries, by: \.status).mapValues(\.count)
      if report.entries.isEmpty {
        try StandardOutput.line("\(folder): nothing new" + (report.outputs.isEmpty ? "" : "; outputs brought up to date"))
      } else if counts[.undo] == nil {
        let parts = [(HubEntry.Status.imported, "taken"), (.unchanged, "unchanged"), (.refused, "refused")].compactMap { key, word in
          counts[key].map { "\($0) \(word)" }
        }
        try StandardOutput.line("\(folder): run \(report.run): " + parts.joined(separator: ", ")
                                + (report.historyChanged ? "; the history changed" : "; the history is as it was"))
      }
    }
    return status
  }
}

/// `hub log`'s text and JSON.
enum HubLogText {
  static func counts(_ entry: HubEntry) -> String {
    var parts: [String] = []
    let a = entry.added
    if a.trackers > 0 { parts.append("\(a.trackers) new \(a.trackers == 1 ? "tracker" : "trackers")") }
    parts.append("\(MergePlanText.n(a.records)) new \(a.records == 1 ? "day" : "days")")
    if a.entries > 0 { parts.append("\(a.entries) new marked \(a.entries == 1 ? "day" : "days")") }
    if a.tasks > 0 { parts.append("\(a.tasks) new \(a.tasks == 1 ? "task" : "tasks")") }
    parts.append("\(MergePlanText.n(entry.present)) already there")
    if entry.conflicts > 0 { parts.append("\(entry.conflicts) \(entry.conflicts == 1 ? "conflict" : "conflicts") (kept the \(entry.kept ?? "source"))") }
    return parts.joined(separator: ", ")
  }

  static func text(_ log: [(entry: HubEntry, undone: Bool)], verbose: Bool) -> String {
    guard !log.isEmpty else { return "no entries yet: trackport hub run takes the sources\n" }
    let undoneBy = Dictionary(log.compactMap { item in item.entry.undoes.map { ($0, item.entry.number) } }, uniquingKeysWith: { a, _ in a })
    var out = ""
    for (entry, undone) in log {
      var line = "#\(entry.number)  \(entry.time)  \(entry.status.rawValue)  \(entry.file)"
      switch entry.status {
      case .imported, .unchanged: line += "  (\(entry.format ?? "?")): " + counts(entry)
      case .refused: line += entry.diagnostics.first.map { ": \($0)" } ?? ""
      case .undo: line += ": took back #\(entry.undoes ?? 0)"
      }
      if undone { line += "  [undone by #\(undoneBy[entry.number] ?? 0)]" }
      out += line + "\n"
      if verbose {
        for d in entry.diagnostics.dropFirst(entry.status == .refused ? 1 : 0) { out += "    \(d)\n" }
        for c in entry.conflictLines { out += "    conflict: \(c)\n" }
      }
    }
    return out
  }
}
