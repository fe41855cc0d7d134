/// Left-aligned columns for listings, padded by display width (emoji and CJK count as two).
enum TextTable {
  /// One line per row, columns padded to the widest cell; an empty `header` prints no header.
  static func render(header: [String], rows: [[String]]) -> String {
    let all = (header.isEmpty ? [] : [header]) + rows
    let columns = all.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in all.map { column < $0.count ? width($0[column]) : 0 }.max() ?? 0 }
    var out = ""
    for row in all {
      var line = ""
      for (column, cell) in row.enumerated() {
        line += cell
        if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - width(cell) + 2) }
      }
      out += line + "\n"
    }
    return out
  }

  /// Terminal columns a string takes: wide for emoji-presentation and East Asian scalars.
  static func width(_ s: String) -> Int {
    s.reduce(0) { total, character in
      let scalar = character.unicodeScalars.first
      let wide = scalar.map { $0.properties.isEmojiPresentation || (0x1100...0x115F).contains($0.value)
        || (0x2E80...0xA4CF).contains($0.value) || (0xAC00...0xD7A3).contains($0.value)
        || (0xF900...0xFAFF).contains($0.value) || (0xFF00...0xFF60).contains($0.value) } ?? false
      let emojiVariant = character.unicodeScalars.contains { $0.value == 0xFE0F }
      return total + (wide || emojiVariant ? 2 : 1)
    }
  }
}
