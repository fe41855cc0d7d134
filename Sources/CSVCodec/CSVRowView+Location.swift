extension CSVRowView {
  /// The 1-based line on which field `i` starts: the record's line plus the line breaks inside
  /// the fields before it (a quoted field keeps its line breaks, so they are in its bytes).
  /// A lone CR counts as a line end, as the parser takes it.
  func line(ofField i: Int) -> Int {
    guard i > 0, i <= count else { return line }
    var breaks = 0
    var previous: UInt8 = 0
    let end = ends[i - 1]
    for k in 0..<end {
      let b = bytes[k]
      if b == 0x0A { breaks += 1 } else if previous == 0x0D { breaks += 1 }
      previous = b == 0x0A ? 0 : b
    }
    // A CR ending the earlier fields, with no LF after it.
    if previous == 0x0D { breaks += 1 }
    return line + breaks
  }
}
