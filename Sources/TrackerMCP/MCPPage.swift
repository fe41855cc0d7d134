/// One page of a long list in a tool's answer: the items from the cursor on, as many as the
/// call's `limit` and ``MCPLimits/maxPageBytes`` allow (always at least one), and the cursor
/// of the next page, `nil` on the last.
///
/// A cursor is `OFFSET.STAMP`: where the next page starts and the stamp of what was listed
/// (the dataset's file, its size and time), so a cursor kept across a change of the dataset
/// is refused (`stale-cursor`) instead of skipping or repeating items.
struct MCPPage {
  /// The items' JSON texts.
  var items: [String]
  /// The cursor of the next page.
  var next: String?
  /// How many items the whole list has.
  var total: Int

  /// The page of `items` (rendered by `render`) at `cursor`, of at most `limit` items.
  init<T>(_ items: [T], cursor: String?, limit: Int?, stamp: String, limits: MCPLimits,
          render: (T) -> String) throws(MCPToolError) {
    let start = try Self.offset(cursor, stamp: stamp, count: items.count)
    let wanted = try Self.size(limit, limits: limits)
    var page: [String] = []
    var bytes = 0
    var end = start
    while end < items.count, page.count < wanted {
      let text = render(items[end])
      if !page.isEmpty, bytes + text.utf8.count > limits.maxPageBytes { break }
      page.append(text)
      bytes += text.utf8.count + 2
      end += 1
    }
    self.items = page
    next = end < items.count ? "\(end).\(stamp)" : nil
    total = items.count
  }

  /// The page's members of a tool's answer: `"total"`, `"nextCursor"` and the items under `key`.
  func members(_ key: String) -> [(String, String)] {
    [("total", String(total)), ("nextCursor", next.map { "\"" + $0 + "\"" } ?? "null"),
     (key, items.isEmpty ? "[]" : "[\n" + items.map { "  " + $0 }.joined(separator: ",\n") + "\n]")]
  }

  /// Where a page starts: 0 without a cursor.
  static func offset(_ cursor: String?, stamp: String, count: Int) throws(MCPToolError) -> Int {
    guard let cursor, !cursor.isEmpty else { return 0 }
    guard let dot = cursor.firstIndex(of: "."), let offset = Int(cursor[..<dot]), offset >= 0, offset <= count else {
      throw MCPToolError("bad-cursor", "cursor: '\(cursor.prefix(80))' is not a cursor this server gave; leave it out for the first page")
    }
    guard cursor[cursor.index(after: dot)...] == stamp else {
      throw MCPToolError("stale-cursor", "cursor: the dataset changed since this cursor was given; start again without one")
    }
    return offset
  }

  /// The items a call asks for: `limit`, 1 to ``MCPLimits/maxPageItems``.
  static func size(_ limit: Int?, limits: MCPLimits) throws(MCPToolError) -> Int {
    guard let limit else { return limits.defaultPageItems }
    guard (1...limits.maxPageItems).contains(limit) else {
      throw MCPToolError.argument("limit", "takes 1 to \(limits.maxPageItems), got \(limit)")
    }
    return limit
  }
}
