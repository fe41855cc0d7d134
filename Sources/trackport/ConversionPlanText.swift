import TrackerPort

/// `convert --dry-run`'s plan as text:
///
/// ```
/// read  demo.trackport.json as TrackerPort JSON (json): 8 trackers, 164 records, ...; days 2026-10-01 – 2026-11-21
/// write x.habo.json as Habo (habo)
///   kept  categories                 4
///   lost  trackers.emoji             8  Habo cannot carry trackers.emoji: 8 emoji other than ...
///   lost  trackers.schedule          8  habit "Read" is planned on mon, wed; Habo plans ...
/// 5 losses; nothing written (--dry-run)
/// ```
enum ConversionPlanText {
  static func render(_ plan: ConversionPlan, input: String, output: String) -> String {
    var out = readLine(plan.reader, plan.dataset, input: input)
    out += "write \(output) as \(plan.writer.name) (\(plan.writer.id))\n"
    out += fieldLines(plan)
    let n = plan.losses.count
    out += (n == 0 ? "nothing lost" : "\(n) loss\(n == 1 ? "" : "es")") + "; nothing written (--dry-run)\n"
    return out
  }

  /// `read  NAME as FORMAT (id): 8 trackers, 164 records, ...; days FIRST – LAST`.
  static func readLine(_ reader: CodecDescriptor, _ d: TrackerDataset, input: String) -> String {
    var counts = ["\(d.trackers.count) trackers", "\(d.records.count) records"]
    if !d.entries.isEmpty { counts.append("\(d.entries.count) entries") }
    counts.append("\(d.categories.count) categories")
    if !d.tasks.isEmpty { counts.append("\(d.tasks.count) tasks") }
    let days = d.markedDays.map { "; days \($0.lowerBound) – \($0.upperBound)" } ?? ""
    return "read  \(input) as \(reader.name) (\(reader.id)): \(counts.joined(separator: ", "))\(days)\n"
  }

  /// One line per part of the model the dataset uses: `kept` or `lost`, its count and what
  /// the losses say of it.
  static func fieldLines(_ plan: ConversionPlan) -> String {
    var out = ""
    let fields = plan.fields
    let width = (fields.map(\.field.rawValue.count).max() ?? 0) + 2
    let countWidth = fields.map { String($0.count).count }.max() ?? 1
    for f in fields {
      let name = f.field.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
      let count = String(repeating: " ", count: countWidth - String(f.count).count) + String(f.count)
      let head = "  \(f.lost ? "lost" : "kept")  \(name)\(count)"
      let said = plan.losses.filter { ConversionPlan.field(of: $0) == f.field }.map(\.message)
      if said.isEmpty {
        out += head + "\n"
      } else {
        out += head + "  " + said[0] + "\n"
        for more in said.dropFirst() { out += String(repeating: " ", count: head.count + 2) + more + "\n" }
      }
    }
    return out
  }
}
