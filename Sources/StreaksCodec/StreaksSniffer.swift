/// Recognises Streaks' files from their first bytes.
///
/// CSV: a first line whose labels (quoted or not, any order, any letter case) include
/// `task_id`, `entry_type` and `entry_date`. Backup: a JSON object whose member `tasks` is an
/// array of objects with a `log` array, and no member `trackport` (canonical JSON is the JSON
/// codec's, whatever Streaks members its extras keep).
enum StreaksSniffer {
  static func isCSV(_ head: [UInt8]) -> Bool {
    var bytes = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
    if let end = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) { bytes = Array(bytes[..<end]) }
    // A line of JSON or of another app's export has no comma-separated task_id label.
    guard bytes.first != UInt8(ascii: "{"), bytes.first != UInt8(ascii: "[") else { return false }
    let labels = bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { cell in
      String(decoding: cell.filter { $0 != UInt8(ascii: "\"") }, as: UTF8.self).trimmingBlanks.lowercased()
    }
    return StreaksCSVReader.detectedLabels.isSubset(of: Set(labels))
  }

  /// Walks the head keeping count of depth: `tasks` must be a member of the top-level object
  /// holding an array, `log` a member of one of its objects holding an array.
  static func isBackup(_ head: [UInt8]) -> Bool {
    var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func blanks() { while i < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[i]) { i += 1 } }
    blanks()
    guard i < head.count, head[i] == UInt8(ascii: "{") else { return false }
    var depth = 0
    var tasks = false
    while i < head.count {
      let b = head[i]
      switch b {
      case UInt8(ascii: "\""):
        let start = i + 1
        i += 1
        while i < head.count, head[i] != UInt8(ascii: "\"") { i += head[i] == UInt8(ascii: "\\") ? 2 : 1 }
        guard i < head.count else { return false }
        let key = head[start..<i]
        i += 1
        blanks()
        guard i < head.count, head[i] == UInt8(ascii: ":") else { continue }
        i += 1
        blanks()
        let opensArray = i < head.count && head[i] == UInt8(ascii: "[")
        if depth == 1 && key.elementsEqual("trackport".utf8) { return false }
        if depth == 1 && key.elementsEqual("tasks".utf8) { tasks = opensArray }
        if tasks && depth == 3 && opensArray && key.elementsEqual("log".utf8) { return true }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth < 2 { tasks = false }
        if depth <= 0 { return false }
      default:
        break
      }
      i += 1
    }
    return false
  }
}
