import TrackerModel

/// The report's summary as Markdown tables (the statistics; per tracker its streaks, rates and
/// total), for a pull request or a notes app.
public struct MarkdownReport {
  public let report: TrackerReport
  public let labels: ReportLabels

  public init(_ report: TrackerReport, locale: AgendaLocale) {
    self.report = report
    self.labels = ReportLabels(locale)
  }

  /// Dataset text as a table cell: Markdown's and HTML's special characters backslash-escaped
  /// or as references, line breaks as spaces, so a name can neither end the cell nor format.
  public static func cell(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "`", "*", "_", "[", "]", "#", "|", "~", "!", "(", ")", "{", "}", "+", "-", ".":
        out += "\\"
        out.unicodeScalars.append(scalar)
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      case "\n", "\r", "\t": out += " "
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out
  }

  public func render() -> String {
    var out = "# \(labels.title) · \(report.range.lowerBound) – \(report.range.upperBound)\n\n"
    if report.dataEndsBeforeToday, let end = report.dataEnd { out += labels.dataEnds(end) + "\n\n" }
    let stats = report.statistics
    if let placeholder = stats.placeholder(labels.locale) {
      out += placeholder + "\n\n"
    } else {
      let values = [String(stats.bestPeriod), String(stats.perfectDays), String(stats.trackersCompleted), stats.formattedAverage]
      out += "| " + labels.statistics.joined(separator: " | ") + " |\n"
      out += "|" + String(repeating: "---:|", count: 4) + "\n"
      out += "| " + values.joined(separator: " | ") + " |\n\n"
    }
    if report.shownCount < report.trackerCount {
      out += labels.shown(report.shownCount, of: report.trackerCount) + "\n\n"
    }
    let habits = report.groups.flatMap { group in group.trackers.filter { $0.kind == .habit }.map { (group, $0) } }
    if !habits.isEmpty {
      let headers = [labels.tracker, labels.currentStreak, labels.bestStreak]
        + TrackerReport.rateWindows.map { labels.rateWindow($0) } + [labels.total]
      out += "| " + headers.joined(separator: " | ") + " |\n"
      out += "|---|" + String(repeating: "---:|", count: headers.count - 1) + "\n"
      for (_, tracker) in habits {
        let name = ((tracker.emoji.map { $0 + " " }) ?? "") + tracker.name
        var row = [MarkdownReport.cell(name), labels.days(tracker.currentStreak), labels.days(tracker.bestStreak)]
        row += tracker.rates.map { rate in rate.percent.map { "\($0)%" } ?? "—" }
        row.append(labels.days(tracker.completedDays))
        out += "| " + row.joined(separator: " | ") + " |\n"
      }
      out += "\n"
    }
    if !report.tasks.isEmpty {
      out += "| \(labels.tasks) | \(labels.open) | \(labels.doneTasks) |\n|---|---:|---:|\n"
      for row in report.tasks {
        out += "| \(MarkdownReport.cell(labels.taskCategory(row.category))) | \(row.open) | \(row.done) |\n"
      }
      out += "\n"
    }
    return out
  }
}
