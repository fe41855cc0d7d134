extension SourceLocation {
  /// The location as the start of a one-line message, in the style editors and terminals jump
  /// to: `file:line:col`, `file:row (field)` for table formats, or `file /json/pointer` when
  /// only the pointer is known. `-` stands for a missing file name.
  public var place: String {
    var text = file ?? "-"
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    } else if let row {
      text += ":\(row)"
      if let field { text += " (\(field))" }
    } else if let pointer {
      text += " \(pointer)"
    }
    return text
  }
}
