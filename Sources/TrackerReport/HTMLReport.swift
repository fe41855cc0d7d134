import TrackerModel

/// The page's colour scheme: light, dark, or the reader's (`prefers-color-scheme`).
public enum ReportTheme: String, CaseIterable, Hashable, Sendable {
  /// `light` and `dark` fix the colours; `auto` follows the reader's system setting with a media query.
  case light, dark, auto
}

/// Renders a ``TrackerReport`` as one self-contained HTML page: inline CSS and SVG, no script,
/// a Content-Security-Policy that forbids loading anything, a print stylesheet for A4 landscape.
///
/// Written by hand rather than with an HTML DSL: every dataset text goes through the one
/// escaper, ``HTMLText``, and the cells, which are nearly all of the page, are built from
/// fragments computed once per day rather than once per tracker and day.
public struct HTMLReport {
  public let report: TrackerReport
  public let labels: ReportLabels
  public let theme: ReportTheme

  public init(_ report: TrackerReport, locale: AgendaLocale, theme: ReportTheme) {
    self.report = report
    self.labels = ReportLabels(locale)
    self.theme = theme
  }

  // Grid geometry: 11-pixel cells every 13 pixels, weekday labels on the left, months on top;
  // a row of at most `rowColumns` weeks, so a range of several years is several rows, each
  // scaled to the page's width.
  static let step = 13
  static let left = 30
  static let top = 16
  static let rowColumns = 54
  /// A month label's width in the SVG's units, per character (9-pixel text, wide glyphs), and
  /// the gap kept between two labels.
  static let labelCharacterWidth = 6
  static let labelGap = 4

  /// The Content-Security-Policy: nothing may be loaded or run; only the inline styles apply.
  public static let contentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

  /// The page as one string.
  public func render() -> String {
    var page = ""
    render(emit: { page += $0 })
    return page
  }

  /// The page, handed to `emit` a part at a time (the head, then each tracker's section), so a
  /// page of a thousand trackers over ten years is never held whole.
  public func render(emit: (String) -> Void) {
    let grid = Grid(report: report, labels: labels)
    var out = ""
    out.reserveCapacity(8192 + report.dayCount * 80)
    let rangeText = "\(report.range.lowerBound) – \(report.range.upperBound)"
    out += "<!DOCTYPE html>\n<html lang=\"\(labels.locale.rawValue)\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLReport.contentSecurityPolicy)\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<meta name=\"color-scheme\" content=\"\(theme == .auto ? "light dark" : theme.rawValue)\">\n"
    out += "<title>\(labels.title) · \(rangeText)</title>\n<style>\n\(stylesheet())</style>\n</head>\n<body>\n"
    out += "<header><h1>\(labels.title)</h1><p>\(rangeText) · \(labels.today) \(report.today)</p>"
    if report.dataEndsBeforeToday, let end = report.dataEnd { out += "<p class=\"ends\">\(labels.dataEnds(end))</p>" }
    out += "</header>\n<main>\n"

    // The four statistics.
    out += "<section class=\"stats\" aria-label=\"\(labels.statisticsHeading)\">\n<h2>\(labels.statisticsHeading)</h2>\n"
    let stats = report.statistics
    if let placeholder = stats.placeholder(labels.locale) {
      out += "<p>\(placeholder)</p>\n"
    } else {
      let values = [String(stats.bestPeriod), String(stats.perfectDays), String(stats.trackersCompleted), stats.formattedAverage]
      out += "<div class=\"cards\">"
      for (value, label) in zip(values, labels.statistics) {
        out += "<div class=\"stat\"><b>\(value)</b><span>\(label)</span></div>"
      }
      out += "</div>\n"
    }
    out += "</section>\n"

    // The combined heatmap.
    let fallback = ReportColors.fallback
    out += "<section class=\"combined\" style=\"\(HTMLReport.colorStyle(fallback))\">\n<h2>\(labels.allHabits)</h2>\n"
    out += "<p class=\"note\">\(labels.allHabitsNote)</p>\n"
    grid.combined(into: &out)
    out += "<ul class=\"legend\"><li><i class=\"k kn\"></i>\(labels.nothingPlanned)</li>"
    if grid.dataStartOffset > 0 || (grid.horizonOffset < grid.todayOffset && grid.horizonOffset < report.dayCount - 1) {
      out += "<li><i class=\"k kx\"></i>\(labels.state(.noData))</li>"
    }
    out += "<li><i class=\"k ku\"></i>\(labels.state(.upcoming))</li><li>\(labels.less)</li>"
    for level in 0...4 { out += "<li><i class=\"k kh\(level)\"></i></li>" }
    out += "<li>\(labels.more)</li></ul>\n</section>\n"

    if report.shownCount < report.trackerCount {
      out += "<p class=\"cap\">\(labels.shown(report.shownCount, of: report.trackerCount))</p>\n"
    }

    // Trackers, grouped.
    for group in report.groups {
      out += "<section class=\"group\"><h2><bdi>"
      HTMLText.append(group.title, to: &out)
      out += "</bdi></h2>\n"
      for tracker in group.trackers {
        section(tracker, grid: grid, into: &out)
        emit(out)
        out.removeAll(keepingCapacity: true)
      }
      out += "</section>\n"
    }

    // Tasks.
    if !report.tasks.isEmpty {
      out += "<section class=\"tasks\"><h2>\(labels.tasks)</h2>\n<table><thead><tr><th>\(labels.category)</th>"
      out += "<th>\(labels.open)</th><th>\(labels.doneTasks)</th></tr></thead><tbody>\n"
      for row in report.tasks {
        out += "<tr><td><bdi>"
        HTMLText.append(labels.taskCategory(row.category), to: &out)
        out += "</bdi></td><td>\(row.open)</td><td>\(row.done)</td></tr>\n"
      }
      out += "</tbody></table></section>\n"
    }
    out += "</main>\n<footer>\(labels.generatedBy)</footer>\n</body>\n</html>\n"
    emit(out)
  }

  /// `--c` (light) and `--cd` (dark): the colour made readable on each background.
  static func colorStyle(_ color: RGBColor) -> String {
    "--c:\(ReportColors.readable(color, on: ReportColors.lightBackground).hex);"
      + "--cd:\(ReportColors.readable(color, on: ReportColors.darkBackground).hex)"
  }

  func section(_ tracker: ReportTracker, grid: Grid, into out: inout String) {
    let color = tracker.color ?? ReportColors.fallback
    out += "<section class=\"tracker\" id=\"t\(tracker.position)\" data-kind=\"\(tracker.kind.rawValue)\" style=\"\(HTMLReport.colorStyle(color))\">\n<h3>"
    if let emoji = tracker.emoji {
      out += "<span class=\"emoji\">"
      HTMLText.append(emoji, to: &out)
      out += "</span> "
    }
    out += "<bdi>"
    HTMLText.append(tracker.name, to: &out)
    out += "</bdi>"
    if tracker.archived { out += " <small>\(labels.archived)</small>" }
    out += "</h3>\n"
    if tracker.kind == .event {
      out += "<p class=\"event\">\(labels.event)"
      if let date = tracker.eventDate { out += " · \(labels.plannedOn) \(date)" }
      out += " · " + (tracker.firstCompletion.map { "\(labels.completedOn) \($0)" } ?? labels.notCompleted)
      out += " · \(labels.total): \(labels.days(tracker.completedDays))</p>\n</section>\n"
      return
    }
    out += "<dl class=\"figures\">"
    out += "<div><dt>\(labels.currentStreak)</dt><dd>\(labels.days(tracker.currentStreak))</dd></div>"
    out += "<div><dt>\(labels.bestStreak)</dt><dd>\(labels.days(tracker.bestStreak))</dd></div>"
    for rate in tracker.rates {
      out += "<div><dt>\(labels.rateWindow(rate.days))</dt><dd title=\"\(rate.done)/\(rate.planned)\">"
      out += rate.percent.map { "\($0)%" } ?? "—"
      out += "</dd></div>"
    }
    out += "<div><dt>\(labels.total)</dt><dd>\(labels.days(tracker.completedDays))</dd></div></dl>\n"
    grid.tracker(tracker, into: &out)
    out += "<ul class=\"legend\">"
    for state in ReportDayState.allCases {
      out += "<li><i class=\"k k\(Grid.stateClass[Int(state.rawValue)])\"></i>\(labels.state(state))</li>"
    }
    out += "<li><i class=\"k kt\"></i>\(labels.today)</li>"
    if !tracker.amounts.isEmpty {
      out += "<li>\(labels.less)</li>"
      for level in 1...4 { out += "<li><i class=\"k kd l\(level)\"></i></li>" }
      out += "<li>\(labels.more)</li>"
    }
    out += "</ul>\n</section>\n"
  }

  /// The fragments every grid of the range shares, computed once: each day's position and
  /// date, each row's frame with its month and weekday labels.
  struct Grid {
    static let stateClass = ["d", "m", "s", "n", "u", "c", "p", "x"]
    /// `<rect x=".." y=".." class="`, per day.
    let cellStart: [String]
    /// `2026-03-04`, per day.
    let dates: [String]
    /// The row each day is drawn in.
    let rowOfDay: [Int]
    /// The day of the range that is today, or -1.
    let todayIndex: Int
    /// Today's offset from the range's first day (negative before it, past the end after it).
    let todayOffset: Int
    /// The horizon's offset from the range's first day: days after it, up to today, have no data.
    let horizonOffset: Int
    /// The dataset's first day's offset from the range's first day: days before it have no data.
    let dataStartOffset: Int
    /// `<svg ...>` with the labels, per row.
    let frames: [String]
    let labels: ReportLabels
    let report: TrackerReport

    init(report: TrackerReport, labels: ReportLabels) {
      self.report = report
      self.labels = labels
      let first = report.range.lowerBound
      let offset = first.weekday.index
      let count = report.dayCount
      let columns = (offset + count + 6) / 7
      // Rows of equal width, so every row scales alike.
      let rows = max(1, (columns + HTMLReport.rowColumns - 1) / HTMLReport.rowColumns)
      let perRow = (columns + rows - 1) / rows
      var cellStart: [String] = []
      var dates: [String] = []
      var rowOfDay: [Int] = []
      cellStart.reserveCapacity(count)
      dates.reserveCapacity(count)
      rowOfDay.reserveCapacity(count)
      var monthLabels = [[(x: Int, text: String, partial: Bool)]](repeating: [], count: rows)
      let spansYears = first.year != report.range.upperBound.year
      for d in 0..<count {
        let slot = offset + d
        let column = slot / 7, row = slot % 7
        let gridRow = column / perRow, rowColumn = column % perRow
        let x = HTMLReport.left + rowColumn * HTMLReport.step, y = HTMLReport.top + row * HTMLReport.step
        cellStart.append("<rect x=\"\(x)\" y=\"\(y)\" class=\"")
        rowOfDay.append(gridRow)
        let date = LocalDate(dayNumber: first.dayNumber + d)
        dates.append(date.description)
        let (year, month, day) = date.components
        // A label where a month starts, and where a row starts when it is early in its month
        // (a partial label); with more than one year shown, each row's first label and each
        // January carry the year.
        let rowStart = d == 0 || rowColumn == 0 && row == 0
        guard day == 1 || (rowStart && day <= 14) else { continue }
        var text = labels.months[month - 1]
        let yearWanted = spansYears && (month == 1 || monthLabels[gridRow].isEmpty)
        var label = (x: x, text: text, partial: day != 1)
        if let previous = monthLabels[gridRow].last {
          let previousEnd = previous.x + previous.text.count * HTMLReport.labelCharacterWidth + HTMLReport.labelGap
          if x < previousEnd {
            // A whole month's label wins over a row's partial one; it takes its year.
            guard previous.partial else { continue }
            monthLabels[gridRow].removeLast()
            if spansYears && (month == 1 || monthLabels[gridRow].isEmpty) { text += " \(year)" }
            label.text = text
            monthLabels[gridRow].append(label)
            continue
          }
        }
        if yearWanted { label.text = text + " \(year)" }
        monthLabels[gridRow].append(label)
      }
      self.cellStart = cellStart
      self.dates = dates
      self.rowOfDay = rowOfDay
      let todayOffset = first.days(to: report.today)
      self.todayOffset = todayOffset
      todayIndex = todayOffset >= 0 && todayOffset < count ? todayOffset : -1
      horizonOffset = first.days(to: report.horizon)
      dataStartOffset = report.dataStart.map { first.days(to: $0) } ?? Int.min
      let width = HTMLReport.left + perRow * HTMLReport.step
      let height = HTMLReport.top + 7 * HTMLReport.step
      frames = monthLabels.map { labelsOfRow in
        // As wide as the page, up to twice the natural size: a year fills a wide window, a
        // fortnight does not grow into giant cells.
        var frame = "<svg class=\"g\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
          + " style=\"max-width:\(2 * width)px\">"
        for label in labelsOfRow { frame += "<text x=\"\(label.x)\" y=\"10\">\(label.text)</text>" }
        for (row, day) in [(0, Weekday.mon), (2, .wed), (4, .fri)] {
          frame += "<text x=\"0\" y=\"\(HTMLReport.top + row * HTMLReport.step + 9)\">\(labels.weekday(day))</text>"
        }
        return frame
      }
    }

    /// Opens day `d`'s row when it starts one: closes the row before, if any.
    private func openRow(at d: Int, into out: inout String) {
      guard d == 0 || rowOfDay[d] != rowOfDay[d - 1] else { return }
      if d > 0 { out += "</svg>\n" }
      out += frames[rowOfDay[d]]
    }

    /// A tracker's year grid: one cell per day, its state as class and title.
    func tracker(_ tracker: ReportTracker, into out: inout String) {
      out += "<div class=\"rows\">"
      let words = ReportDayState.allCases.map { labels.state($0) }
      let measured = !tracker.amounts.isEmpty
      for (d, state) in tracker.days.enumerated() {
        openRow(at: d, into: &out)
        out += cellStart[d]
        out += Grid.stateClass[Int(state.rawValue)]
        if measured, tracker.levels[d] > 0 && tracker.levels[d] < 4 { out += " l\(tracker.levels[d])" }
        if d == todayIndex { out += " t" }
        out += "\"><title>"
        out += dates[d]
        out += " · "
        out += words[Int(state.rawValue)]
        if measured, let amount = tracker.amountText(d) {
          out += " · "
          HTMLText.append(amount, to: &out)
        }
        out += "</title></rect>"
      }
      out += "</svg></div>\n"
    }

    /// The combined heatmap: per day, the share of planned trackers done, in five levels.
    func combined(into out: inout String) {
      out += "<div class=\"rows\">"
      for d in 0..<report.dayCount {
        let planned = Int(report.combinedPlanned[d]), done = Int(report.combinedDone[d])
        openRow(at: d, into: &out)
        out += cellStart[d]
        let upcoming = planned > 0 && d > todayOffset
        let noData = d > horizonOffset && d <= todayOffset || d < dataStartOffset
        if noData {
          out += "x"
        } else if planned == 0 {
          out += "n"
        } else if upcoming {
          out += "u"
        } else {
          // 0 when none is done, else 1...4 by quarter (rounded up): all done is 4.
          let level = done == 0 ? 0 : min(4, (4 * done + planned - 1) / planned)
          out += "h\(level)"
        }
        if d == todayIndex { out += " t" }
        out += "\"><title>"
        out += dates[d]
        out += noData ? " · \(labels.state(.noData))" : planned == 0 ? " · \(labels.nothingPlanned)"
          : upcoming ? " · \(labels.state(.upcoming))" : " · \(done)/\(planned)"
        out += "</title></rect>"
      }
      out += "</svg></div>\n"
    }
  }

  // MARK: - Style

  static let lightVariables =
    "--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--card:#f6f8fa;--line:#d1d9e0;--off:#ebedf0;--miss:#818b98;--missf:#c8d0d8;--skip:#59636e;--f:var(--c)"
  static let darkVariables =
    "--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--card:#151b23;--line:#3d444d;--off:#212830;--miss:#6e7681;--missf:#3d444d;--skip:#9198a1;--f:var(--cd)"

  func stylesheet() -> String {
    var css = ""
    switch theme {
    case .light:
      css += ":root,section{\(HTMLReport.lightVariables)}\n"
    case .dark:
      css += ":root,section{\(HTMLReport.darkVariables)}\n"
    case .auto:
      css += ":root,section{\(HTMLReport.lightVariables)}\n"
      css += "@media (prefers-color-scheme: dark){:root,section{\(HTMLReport.darkVariables)}}\n"
    }
    css += """
      body{margin:0;padding:16px 24px;background:var(--bg);color:var(--fg);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
      h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:16px 0 8px}h3{font-size:15px;margin:0 0 6px}
      header p,.note,.cap,footer,small{color:var(--muted)}
      .cards{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:12px}
      .stat{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:10px 14px;min-width:140px}
      .stat b{display:block;font-size:24px}
      section.tracker,section.combined{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:10px 14px;margin:0 0 12px}
      .figures{display:flex;flex-wrap:wrap;gap:4px 18px;margin:0 0 6px}
      .figures div{display:flex;flex-direction:column}.figures dt{color:var(--muted);font-size:12px}.figures dd{margin:0;font-weight:600}
      .rows{display:flex;flex-direction:column;gap:6px}
      .g{display:block;width:100%;height:auto}.g text{fill:var(--muted);font-size:9px}
      .g rect{width:11px;height:11px;rx:2px;ry:2px}
      .g .d{fill:var(--f)}.g .l1{fill-opacity:.4}.g .l2{fill-opacity:.6}.g .l3{fill-opacity:.8}
      .k.l1{opacity:.4}.k.l2{opacity:.6}.k.l3{opacity:.8}
      .g .m{fill:var(--missf)}.g .n{fill:var(--off)}.g .c{fill:var(--f);fill-opacity:.45}
      .g .x{fill:none;stroke:var(--off);stroke-width:1px}
      .g .s{fill:var(--bg);stroke:var(--skip);stroke-width:1.5px;stroke-dasharray:2 1.5}
      .g .u,.g .p{fill:var(--bg);stroke:var(--miss);stroke-width:1px}
      .g .h0{fill:var(--missf)}.g .h1{fill:var(--f);fill-opacity:.3}.g .h2{fill:var(--f);fill-opacity:.55}.g .h3{fill:var(--f);fill-opacity:.8}.g .h4{fill:var(--f)}
      .g .t{stroke:var(--fg);stroke-width:2px;stroke-dasharray:none}
      .legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 12px;padding:0;margin:6px 0 0;color:var(--muted);font-size:12px;align-items:center}
      .k{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:4px;vertical-align:-1px;box-sizing:border-box}
      .kd{background:var(--f)}.km,.kh0{background:var(--missf)}.kn{background:var(--off)}.kc{background:var(--f);opacity:.45}
      .ks{border:1.5px dashed var(--skip)}.ku,.kp{border:1px solid var(--miss)}.kx{border:1px solid var(--off)}.kt{border:2px solid var(--fg)}
      .kh1{background:var(--f);opacity:.3}.kh2{background:var(--f);opacity:.55}.kh3{background:var(--f);opacity:.8}.kh4{background:var(--f)}
      .event{margin:0}
      table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:4px 10px;text-align:left}td+td{text-align:right}
      footer{margin-top:16px;font-size:12px}
      @media print{
      :root,section{\(HTMLReport.lightVariables)}
      @page{size:A4 landscape;margin:10mm}
      body{padding:0;print-color-adjust:exact;-webkit-print-color-adjust:exact}
      section.tracker,section.combined,.stats,.tasks{break-inside:avoid;page-break-inside:avoid}
      section.tracker,section.combined{overflow:visible}
      .g{max-width:100%;height:auto}
      }

      """
    return css
  }
}
